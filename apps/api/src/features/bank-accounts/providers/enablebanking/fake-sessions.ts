import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { accountsOf, type FakeAccount } from './fake-data';
import { findBank, type FakeBank } from './fake-banks';
import { FakeApiError, wrongParameters } from './fake-errors';

/** Authorisations and the sessions they become, on the fake's clock. */

export type SessionStatus =
  | 'PENDING_AUTHORIZATION'
  | 'RETURNED_FROM_BANK'
  | 'AUTHORIZED'
  | 'CANCELLED'
  | 'INVALID'
  | 'EXPIRED'
  | 'CLOSED'
  | 'REVOKED';

export interface FakeSession {
  authorizationId: string;
  sessionId: string;
  bank: FakeBank;
  country: string;
  state: string;
  redirectUrl: string;
  validUntil: Date;
  psuType: 'personal' | 'business';
  created: Date;
  status: SessionStatus;
  code: string | null;
  codeIssuedAt: Date | null;
  authorizedAt: Date | null;
  closedAt: Date | null;
  /** The accounts the user picked on the consent page. */
  chosen: FakeAccount[];
  /** New uids on every authorisation: uids belong to one session. */
  accounts: { uid: string; account: FakeAccount }[];
}

/** The consent page is abandoned after this; its form then fails. */
const CONSENT_PAGE_MS = 10 * 60 * 1000;
/** The authorisation code is short-lived. */
const CODE_MS = 5 * 60 * 1000;

export interface StartInput {
  bankName: string;
  country: string;
  state: string;
  redirectUrl: string;
  validUntil: Date;
  psuType: string | undefined;
}

export function createSessions(now: () => Date, redirectUrls: readonly string[] | undefined) {
  const byAuthorization = new Map<string, FakeSession>();
  const bySession = new Map<string, FakeSession>();
  const byCode = new Map<string, FakeSession>();
  const byUid = new Map<string, { session: FakeSession; account: FakeAccount }>();

  function statusOf(session: FakeSession): SessionStatus {
    if (session.status === 'AUTHORIZED' && now() >= session.validUntil) return 'EXPIRED';
    return session.status;
  }

  return {
    statusOf,

    start(input: StartInput): FakeSession {
      const bank = findBank(input.bankName, input.country);
      if (!bank)
        throw new FakeApiError(422, 'Wrong ASPSP name or country provided', 'WRONG_ASPSP_PROVIDED');
      if (redirectUrls && !redirectUrls.includes(input.redirectUrl)) {
        throw new FakeApiError(422, 'Redirect URI not allowed', 'REDIRECT_URI_NOT_ALLOWED');
      }
      const psuType = input.psuType ?? 'personal';
      if (psuType !== 'personal' && psuType !== 'business')
        throw wrongParameters(`Invalid psu_type: ${psuType}`);
      if (!bank.psuTypes.includes(psuType)) {
        throw wrongParameters(`ASPSP does not support psu_type ${psuType}`);
      }
      const maximum = bank.maxConsentDays * 86_400;
      if (input.validUntil.getTime() > now().getTime() + maximum * 1000) {
        throw wrongParameters(
          `ASPSP does not support consent validity more than ${maximum} seconds in the future`,
        );
      }
      if (input.validUntil <= now()) throw wrongParameters('valid_until must be in the future');
      const session: FakeSession = {
        authorizationId: randomUUID(),
        sessionId: randomUUID(),
        bank,
        country: input.country,
        state: input.state,
        redirectUrl: input.redirectUrl,
        validUntil: input.validUntil,
        psuType,
        created: now(),
        status: 'PENDING_AUTHORIZATION',
        code: null,
        codeIssuedAt: null,
        authorizedAt: null,
        closedAt: null,
        chosen: [],
        accounts: [],
      };
      byAuthorization.set(session.authorizationId, session);
      bySession.set(session.sessionId, session);
      return session;
    },

    authorization(id: string): FakeSession | null {
      return byAuthorization.get(id) ?? null;
    },

    session(id: string): FakeSession {
      const session = bySession.get(id);
      if (!session) throw new FakeApiError(404, 'Session does not exist', 'SESSION_DOES_NOT_EXIST');
      return session;
    },

    account(uid: string) {
      const found = byUid.get(uid);
      if (!found) throw new FakeApiError(404, 'Account does not exist', 'ACCOUNT_DOES_NOT_EXIST');
      return found;
    },

    /** Whether the consent page is still usable; an abandoned one fails the authorisation. */
    pageOpen(session: FakeSession): boolean {
      if (session.status !== 'PENDING_AUTHORIZATION') return false;
      if (now().getTime() - session.created.getTime() <= CONSENT_PAGE_MS) return true;
      session.status = 'INVALID';
      return false;
    },

    /** The user's answer on the consent page, as the redirect back to the application. */
    decide(
      session: FakeSession,
      decision: { allow: boolean; accountKeys: readonly string[]; serverError: boolean },
    ): URL {
      const back = new URL(session.redirectUrl);
      const chosen = accountsOf(session.bank).filter((a) => decision.accountKeys.includes(a.key));
      if (decision.allow && decision.serverError) {
        session.status = 'INVALID';
        back.searchParams.set('error', 'server_error');
      } else if (!decision.allow || chosen.length === 0) {
        session.status = 'CANCELLED';
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set(
          'error_description',
          decision.allow ? 'Denied data sharing consent' : 'Cancelled by user',
        );
      } else {
        session.status = 'RETURNED_FROM_BANK';
        session.code = randomBytes(16).toString('hex');
        session.codeIssuedAt = now();
        session.chosen = chosen;
        byCode.set(session.code, session);
        back.searchParams.set('code', session.code);
      }
      back.searchParams.set('state', session.state);
      return back;
    },

    /** `POST /sessions`: the authorisation a code belongs to, if the code is still good. */
    forCode(code: string): FakeSession {
      const session = byCode.get(code);
      if (!session) {
        throw new FakeApiError(422, 'Wrong authorization code', 'WRONG_AUTHORIZATION_CODE');
      }
      if (session.status !== 'RETURNED_FROM_BANK') {
        throw new FakeApiError(422, 'Session is already authorized', 'ALREADY_AUTHORIZED');
      }
      if (now().getTime() - (session.codeIssuedAt?.getTime() ?? 0) > CODE_MS) {
        throw new FakeApiError(422, 'Authorization code is expired', 'EXPIRED_AUTHORIZATION_CODE');
      }
      return session;
    },

    /** The code used: the session is authorised, with new uids for the accounts. */
    authorize(session: FakeSession): void {
      session.status = 'AUTHORIZED';
      session.authorizedAt = now();
      session.accounts = session.chosen.map((account) => ({ uid: randomUUID(), account }));
      for (const { uid, account } of session.accounts) byUid.set(uid, { session, account });
    },

    /** Data calls on a session that is no longer authorised answer the real 401s. */
    assertUsable(session: FakeSession): void {
      const status = statusOf(session);
      if (status === 'AUTHORIZED') return;
      if (status === 'EXPIRED')
        throw new FakeApiError(401, 'Session is expired', 'EXPIRED_SESSION');
      if (status === 'CLOSED') throw new FakeApiError(401, 'Session is closed', 'CLOSED_SESSION');
      if (status === 'REVOKED')
        throw new FakeApiError(401, 'Session is revoked', 'REVOKED_SESSION');
      throw new FakeApiError(400, `Session is ${status}`, 'WRONG_SESSION_STATUS');
    },

    close(session: FakeSession): void {
      if (session.status === 'CLOSED')
        throw new FakeApiError(401, 'Session is closed', 'CLOSED_SESSION');
      session.status = 'CLOSED';
      session.closedAt = now();
    },

    revoke(sessionId: string): void {
      const session = bySession.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      session.status = 'REVOKED';
    },
  };
}

export function accountResource(account: FakeAccount, uid: string) {
  const mock = account.bank.text === 'mock';
  return {
    account_id: account.iban ? { iban: account.iban } : null,
    all_account_ids: account.iban ? [{ identification: account.iban, scheme_name: 'IBAN' }] : [],
    account_servicer: account.bank.bic ? { bic_fi: account.bank.bic } : null,
    name: account.holder,
    details: account.details,
    usage: mock ? 'PRIV' : 'ORGA',
    cash_account_type: mock ? 'CARD' : 'CACC',
    product: mock ? null : 'Zakelijke rekening',
    currency: 'EUR',
    identification_hash: account.identificationHash,
    identification_hashes: [account.identificationHash],
    uid,
  };
}

export function sessionResource(session: FakeSession, status: SessionStatus) {
  return {
    status,
    accounts: session.accounts.map((a) => a.uid),
    accounts_data: session.accounts.map(({ uid, account }) => ({
      uid,
      identification_hash: account.identificationHash,
      identification_hashes: [account.identificationHash],
    })),
    aspsp: { name: session.bank.name, country: session.country },
    psu_type: session.psuType,
    psu_id_hash: createHash('sha256').update(session.authorizationId).digest('hex'),
    access: { valid_until: session.validUntil.toISOString() },
    created: session.created.toISOString(),
    ...(session.authorizedAt ? { authorized: session.authorizedAt.toISOString() } : {}),
    ...(session.closedAt ? { closed: session.closedAt.toISOString() } : {}),
  };
}
