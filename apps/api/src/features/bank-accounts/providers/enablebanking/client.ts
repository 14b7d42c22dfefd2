import {
  ProviderError,
  type BankProvider,
  type LinkedAccount,
  type LinkStatus,
  type PresentUser,
  type TransactionPage,
} from '../provider';
import { createRequest, EnableBankingError, type ProviderLog } from './http';
import { createTokenSource, loadPrivateKey } from './jwt';
import {
  aspspsSchema,
  authorizeSessionSchema,
  okSchema,
  sessionSchema,
  startAuthorizationSchema,
  transactionsSchema,
  type AccountResource,
  type sessionStatuses,
} from './schemas';
import { decodeCursor, encodeCursor, ibanOf, toProviderTransaction } from './transactions';

export interface EnableBankingOptions {
  /** https://api.enablebanking.com, or where the sandbox bank is mounted. */
  baseUrl: string;
  /** The application id, the JWT's `kid`. */
  appId: string;
  /** The application's RSA private key: PEM text, or the path of a PEM file. */
  privateKey: string;
  timeoutMs?: number;
  log?: ProviderLog;
  /** The clock for tokens and consent ends; the sandbox bank shares its own. */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Enable Banking does not say how far back a bank goes. Right after the user authorised, banks
 * give their whole history, which some cap at two years; later only 90 days.
 */
const DEEP_HISTORY_DAYS = 730;
/** The window banks allow later, today included (so from today − 89). */
const UNATTENDED_HISTORY_DAYS = 90;

const LINK_STATUSES: Record<(typeof sessionStatuses)[number], LinkStatus> = {
  PENDING_AUTHORIZATION: 'pending',
  RETURNED_FROM_BANK: 'pending',
  AUTHORIZED: 'active',
  CANCELLED: 'failed',
  INVALID: 'failed',
  EXPIRED: 'expired',
  CLOSED: 'revoked',
  REVOKED: 'revoked',
};

export function createEnableBankingProvider(options: EnableBankingOptions): BankProvider {
  const now = options.now ?? (() => new Date());
  const key = loadPrivateKey(options.privateKey);
  const request = createRequest({
    baseUrl: options.baseUrl,
    token: createTokenSource(options.appId, key, now),
    timeoutMs: options.timeoutMs ?? 20_000,
    now,
    log: options.log,
  });

  async function aspsps(country: string) {
    const query = { country: country.toUpperCase(), service: 'AIS' };
    return (await request('GET', '/aspsps', { query, schema: aspspsSchema })).aspsps;
  }

  async function transactionsPage(
    accountId: string,
    from: string,
    to: string,
    key: string | null,
    user: PresentUser | null,
  ) {
    return request('GET', `/accounts/${encodeURIComponent(accountId)}/transactions`, {
      // No transaction_status: some banks refuse the pending filter, and we want both anyway.
      query: { date_from: from, date_to: to, continuation_key: key ?? undefined },
      user,
      schema: transactionsSchema,
    });
  }

  return {
    name: 'enablebanking',

    async listInstitutions(country) {
      return (await aspsps(country)).map((aspsp) => ({
        id: `${aspsp.country}:${aspsp.name}`,
        name: aspsp.name,
        logo: aspsp.logo ?? null,
        bic: aspsp.bic ?? null,
        maxAccessDays: Math.floor(aspsp.maximum_consent_validity / (DAY_MS / 1000)),
        maxHistoryDays: DEEP_HISTORY_DAYS,
      }));
    },

    async startLink(input) {
      const { country, name } = parseInstitutionId(input.institutionId);
      const aspsp = (await aspsps(country)).find((a) => a.name === name && a.country === country);
      if (!aspsp)
        throw new ProviderError('not_found', `Enable Banking lists no ${name} in ${country}`);
      const wantedMs = Math.max(1, input.accessDays) * DAY_MS;
      const validUntil = new Date(
        now().getTime() + Math.min(wantedMs, consentCeilingMs(aspsp.maximum_consent_validity)),
      );
      const psuType = pickPsuType(aspsp.psu_types ?? []);
      const language = input.language.toLowerCase();
      const started = await request('POST', '/auth', {
        body: {
          access: { valid_until: validUntil.toISOString() },
          aspsp: { name: aspsp.name, country: aspsp.country },
          state: input.state,
          redirect_url: input.redirectUrl,
          ...(psuType ? { psu_type: psuType } : {}),
          ...(/^[a-z]{2}$/.test(language) ? { language } : {}),
        },
        user: input.user,
        schema: startAuthorizationSchema,
      });
      return { attemptId: started.authorization_id, url: started.url };
    },

    readCallback(query) {
      const read = (name: string) => {
        const value = query[name]?.trim();
        return value ? value : null;
      };
      return {
        state: read('state'),
        code: read('code'),
        error: read('error'),
        errorDetail: read('error_description'),
      };
    },

    async finishLink(input) {
      if (!input.code) {
        throw new ProviderError('reauth_required', 'The bank sent the user back without a code');
      }
      const session = await request('POST', '/sessions', {
        body: { code: input.code },
        user: input.user,
        schema: authorizeSessionSchema,
      });
      return {
        linkId: session.session_id,
        validUntil: new Date(session.access.valid_until),
        accounts: session.accounts.flatMap(toLinkedAccount),
      };
    },

    async linkStatus(linkId) {
      const path = `/sessions/${encodeURIComponent(linkId)}`;
      const { status } = await request('GET', path, { schema: sessionSchema });
      return LINK_STATUSES[status];
    },

    async listTransactions(accountId, query): Promise<TransactionPage> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      let from = cursor?.from ?? query.from;
      const to = cursor?.to ?? query.to;
      let page;
      try {
        page = await transactionsPage(accountId, from, to, cursor?.key ?? null, query.user);
      } catch (error) {
        const start = cursor ? null : allowedStart(error, from, to, now());
        if (start === null) throw error;
        options.log?.info({ accountId, asked: from, from: start }, 'Bank allows less history');
        from = start;
        page = await transactionsPage(accountId, from, to, null, query.user);
      }
      const key = page.continuation_key;
      return {
        transactions: page.transactions.flatMap((row) => toProviderTransaction(row) ?? []),
        // A key that comes back unchanged would page forever.
        nextCursor: key && key !== cursor?.key ? encodeCursor({ key, from, to }) : null,
      };
    },

    async deleteLink(linkId) {
      try {
        await request('DELETE', `/sessions/${encodeURIComponent(linkId)}`, { schema: okSchema });
      } catch (error) {
        const gone =
          error instanceof ProviderError && ['reauth_required', 'not_found'].includes(error.kind);
        if (!gone) throw error;
      }
    },
  };
}

/** Our institution id `<country>:<name>`: Enable Banking's banks have no id of their own. */
function parseInstitutionId(id: string): { country: string; name: string } {
  const match = /^([A-Z]{2}):(.+)$/.exec(id);
  if (!match?.[1] || !match[2]) throw new ProviderError('not_found', `No such bank '${id}'`);
  return { country: match[1], name: match[2] };
}

/**
 * The bank refuses a consent beyond its maximum counted from its own clock, so we stay an hour
 * (or a tenth, for banks that allow very short consents) below it.
 */
function consentCeilingMs(maximumSeconds: number): number {
  return (maximumSeconds - Math.min(3600, Math.floor(maximumSeconds / 10))) * 1000;
}

/** Initiatives are mostly foundations and associations: business access where the bank has it. */
function pickPsuType(types: string[]): string | null {
  if (types.includes('business')) return 'business';
  if (types.includes('personal')) return 'personal';
  return null;
}

function toLinkedAccount(account: AccountResource): LinkedAccount[] {
  // Blocked or closed accounts come without a uid: there is nothing to read from them.
  if (!account.uid) return [];
  const iban = ibanOf(account.account_id);
  return [
    {
      accountId: account.uid,
      // Stays the same when the user authorises again; the uid does not.
      stableKey: account.identification_hash ?? iban ?? account.uid,
      iban,
      // Enable Banking's `name` is the holder's; `details` is the account's own description.
      name: account.details ?? account.name ?? null,
      holderName: account.name ?? null,
      currency: account.currency,
    },
  ];
}

/**
 * After `WRONG_TRANSACTIONS_PERIOD` on a first page: the earliest date the bank allows, as it
 * names it in `detail` or else the usual 90-day window, when that still leaves a range to ask.
 */
function allowedStart(error: unknown, from: string, to: string, at: Date): string | null {
  if (!(error instanceof EnableBankingError)) return null;
  if (error.details.code !== 'WRONG_TRANSACTIONS_PERIOD') return null;
  const named =
    typeof error.detail === 'object' && error.detail !== null
      ? (error.detail as Record<string, unknown>).date_from
      : undefined;
  const fallback = new Date(at.getTime() - (UNATTENDED_HISTORY_DAYS - 1) * DAY_MS);
  const start =
    typeof named === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(named)
      ? named
      : fallback.toISOString().slice(0, 10);
  return start > from && start <= to ? start : null;
}
