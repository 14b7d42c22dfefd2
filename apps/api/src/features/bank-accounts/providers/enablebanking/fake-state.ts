import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationPublicKey } from './fake-auth';
import { FAKE_BANKS, type FakeBank } from './fake-banks';
import { accountsOf, type FakeAccount, type FakeRow } from './fake-data';
import { FakeApiError } from './fake-errors';
import { createSessions } from './fake-sessions';
import { createKeys } from './fake-transactions';

/** What the sandbox bank knows and how it decides: shared by its routes and its control. */

export interface EnableBankingFakeOptions {
  appId: string;
  /** The application's public key in PEM (a private key's PEM will do), or a key object. */
  publicKey: string | KeyObject;
  applicationName?: string;
  /** The redirect URLs the application registered; any URL is allowed when left out. */
  redirectUrls?: readonly string[];
  /** The fake's clock starts here and runs on from there; the real time when left out. */
  startAt?: Date;
  /** Whether the clock stands still but for `advance` and `setNow` (tests). */
  frozen?: boolean;
  /** Transactions per page (the Mock ASPSP's 10 when left out). */
  pageSize?: number;
}

export interface BankQuirks {
  /** Every `entry_reference` null, as some banks send them. */
  missingEntryReferences: boolean;
  /** Answer every call about this bank's accounts so, or hang, or send broken JSON. */
  failWith: { status: number; body: unknown } | 'timeout' | 'malformed' | null;
  /** No unattended call at all: only calls with PSU headers are answered. */
  alwaysRateLimited: boolean;
  /** An approved consent comes back as `error=server_error` without a description. */
  serverErrorOnRedirect: boolean;
}

/** A call the fake received, for tests that check what the client sent. */
export interface ReceivedRequest {
  method: string;
  /** Path and query below the prefix. */
  path: string;
  psuIpAddress: string | null;
  psuUserAgent: string | null;
  /** The `iat` of the JWT it carried, when that was valid. */
  tokenIssuedAt: number | null;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export interface CallCounts {
  details: number;
  balances: number;
  transactions: number;
}

/** Unattended calls a bank allows per account, endpoint and consent in a rolling 24 hours. */
const UNATTENDED_CALLS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a bank told to time out holds a call when the caller does not hang up first. */
const HOLD_MS = 60_000;

export function createFakeState(options: EnableBankingFakeOptions) {
  // The clock is the real time plus an offset, or (frozen) the offset alone.
  const real = () => (options.frozen ? 0 : Date.now());
  let offset = (options.startAt?.getTime() ?? Date.now()) - real();
  const now = () => new Date(real() + offset);
  const quirks = new Map<string, BankQuirks>();
  const calls = new Map<string, CallCounts>();
  const unattended = new Map<string, number[]>();
  const holds = new Set<() => void>();

  const state = {
    options,
    now,
    clock: {
      now,
      advance(ms: number) {
        offset += ms;
      },
      setNow(at: Date) {
        offset = at.getTime() - real();
      },
    },
    publicKey: applicationPublicKey(options.publicKey),
    applicationName: options.applicationName ?? 'Helder',
    pageSize: options.pageSize ?? 10,
    sessions: createSessions(now, options.redirectUrls),
    keys: createKeys(),
    /** Bookings the tester added, per account key. */
    added: new Map<string, FakeRow[]>(),
    requests: [] as ReceivedRequest[],
    active: true,

    quirksOf(bank: FakeBank): BankQuirks {
      return (
        quirks.get(bank.name) ?? {
          missingEntryReferences: false,
          failWith: null,
          alwaysRateLimited: false,
          serverErrorOnRedirect: false,
        }
      );
    },

    setQuirks(bankName: string, changes: Partial<BankQuirks>) {
      const bank = FAKE_BANKS.find((b) => b.name === bankName);
      if (!bank) throw new Error(`The sandbox bank has no bank ${bankName}`);
      quirks.set(bank.name, { ...state.quirksOf(bank), ...changes });
    },

    callCounts(uid: string): CallCounts {
      return { ...(calls.get(uid) ?? { details: 0, balances: 0, transactions: 0 }) };
    },

    /** An account by IBAN, key or identification hash. */
    findAccount(reference: string): FakeAccount {
      for (const bank of FAKE_BANKS) {
        const found = accountsOf(bank).find(
          (a) => a.iban === reference || a.key === reference || a.identificationHash === reference,
        );
        if (found) return found;
      }
      throw new Error(`The sandbox bank has no account ${reference}`);
    },

    /** Answers for a bank told to fail; true when the answer is sent. */
    async fault(bank: FakeBank, reply: FastifyReply): Promise<boolean> {
      const failure = state.quirksOf(bank).failWith;
      if (failure === null) return false;
      if (failure === 'timeout') {
        await new Promise<void>((resolve) => {
          const release = () => {
            clearTimeout(timer);
            holds.delete(release);
            resolve();
          };
          const timer = setTimeout(release, HOLD_MS);
          holds.add(release);
          reply.raw.once('close', release);
        });
        throw new FakeApiError(408, 'ASPSP did not respond in time', 'ASPSP_TIMEOUT');
      }
      if (failure === 'malformed') {
        await reply.code(200).type('application/json').send('{"transactions":[{"entry_reference":');
      } else if (typeof failure.body === 'string') {
        await reply.code(failure.status).type('text/html').send(failure.body);
      } else {
        await reply.code(failure.status).send(failure.body);
      }
      return true;
    },

    /** Lets held calls go when the server closes. */
    releaseHolds() {
      for (const release of [...holds]) release();
    },

    /**
     * Checks a call about an account: its session, PSU headers and the bank's allowance of
     * unattended calls (`limited`: whether this call counts). Answers the session and account,
     * and `succeeded` to count the call once it was answered.
     */
    admitAccountCall(
      request: FastifyRequest,
      uid: string,
      endpoint: keyof CallCounts,
      limited: boolean,
    ) {
      const { session, account } = state.sessions.account(uid);
      const counts = calls.get(uid) ?? { details: 0, balances: 0, transactions: 0 };
      counts[endpoint] += 1;
      calls.set(uid, counts);
      state.sessions.assertUsable(session);
      const ip = header(request, 'psu-ip-address');
      const agent = header(request, 'psu-user-agent');
      if ((ip || agent) && account.bank.requiredPsuHeaders.length > 0 && (!ip || !agent)) {
        throw new FakeApiError(
          422,
          'Required PSU header is not provided',
          'PSU_HEADER_NOT_PROVIDED',
          `PSU header ${ip ? 'psuUserAgent' : 'psuIpAddress'} is not provided`,
        );
      }
      const counted = ip === null && limited;
      const key = `${uid}|${endpoint}`;
      const recent = (unattended.get(key) ?? []).filter((at) => at > now().getTime() - DAY_MS);
      unattended.set(key, recent);
      if (
        counted &&
        (state.quirksOf(account.bank).alwaysRateLimited || recent.length >= UNATTENDED_CALLS)
      ) {
        throw new FakeApiError(
          429,
          account.bank.rateLimitMessage,
          'ASPSP_RATE_LIMIT_EXCEEDED',
          null,
        );
      }
      return {
        session,
        account,
        succeeded: () => {
          if (counted) recent.push(now().getTime());
        },
      };
    },
  };
  return state;
}

export type FakeState = ReturnType<typeof createFakeState>;

/** Where the fake is served, as the caller reached it: URLs it hands out start here. */
export function baseOf(app: FastifyInstance, request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${app.prefix}`;
}

export function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
