import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { applicationPublicKey, verifyApplicationJwt } from './fake-auth';
import { aspspData, FAKE_BANKS, logoSvg, type FakeBank } from './fake-banks';
import { CONSENT_STYLESHEET, consentPage, errorPage } from './fake-consent-page';
import { accountsOf, type FakeAccount, type FakeRow } from './fake-data';
import { FakeApiError, wrongParameters } from './fake-errors';
import { accountResource, createSessions, sessionResource } from './fake-sessions';
import {
  addedRow,
  balancesOf,
  booked,
  createKeys,
  transactionsPage,
  type AddedTransaction,
} from './fake-transactions';

/**
 * A stand-in for Enable Banking's API and its banks' consent pages, faithful where an importer
 * can trip: the real paths, bodies and errors, our JWT checked for real, sessions and consent
 * ends on its own clock, paging bound to its query, narrow history windows and the banks'
 * unattended-call limits. Served by Fastify under whatever prefix it is registered at; it
 * depends on nothing outside the providers folder.
 */

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

/** Unattended calls a bank allows per account, endpoint and consent in 24 hours. */
const UNATTENDED_CALLS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOLD_MS = 60_000;
const KEPT_REQUESTS = 1_000;

type Query = Record<string, unknown>;

export function createEnableBankingFake(options: EnableBankingFakeOptions) {
  // The clock is the real time plus an offset, or (frozen) the offset alone.
  const real = () => (options.frozen ? 0 : Date.now());
  let offset = (options.startAt?.getTime() ?? Date.now()) - real();
  const now = () => new Date(real() + offset);
  const publicKey = applicationPublicKey(options.publicKey);
  const applicationName = options.applicationName ?? 'Helder';
  const pageSize = options.pageSize ?? 10;
  const sessions = createSessions(now, options.redirectUrls);
  const keys = createKeys();
  const quirks = new Map<string, BankQuirks>();
  const added = new Map<string, FakeRow[]>();
  const calls = new Map<string, CallCounts>();
  const unattended = new Map<string, number[]>();
  const requests: ReceivedRequest[] = [];
  const received = new WeakMap<FastifyRequest, ReceivedRequest>();
  const holds = new Set<() => void>();
  let active = true;
  let sequence = 0;

  const quirksOf = (bank: FakeBank): BankQuirks =>
    quirks.get(bank.name) ?? {
      missingEntryReferences: false,
      failWith: null,
      alwaysRateLimited: false,
      serverErrorOnRedirect: false,
    };

  function findAccount(reference: string): FakeAccount {
    for (const bank of FAKE_BANKS) {
      const found = accountsOf(bank).find(
        (a) => a.iban === reference || a.key === reference || a.identificationHash === reference,
      );
      if (found) return found;
    }
    throw new Error(`The sandbox bank has no account ${reference}`);
  }

  /** Answers for a bank told to fail; true when the answer is sent. */
  async function fault(bank: FakeBank, reply: FastifyReply): Promise<boolean> {
    const failure = quirksOf(bank).failWith;
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
  }

  /** Checks a call about an account; answers a function that records it as successful. */
  function admitAccountCall(
    request: FastifyRequest,
    uid: string,
    endpoint: keyof CallCounts,
    limited: boolean,
  ) {
    const { session, account } = sessions.account(uid);
    const counts = calls.get(uid) ?? { details: 0, balances: 0, transactions: 0 };
    counts[endpoint] += 1;
    calls.set(uid, counts);
    sessions.assertUsable(session);
    const ip = header(request, 'psu-ip-address');
    const agent = header(request, 'psu-user-agent');
    const required = account.bank.requiredPsuHeaders;
    if ((ip || agent) && required.length > 0 && (!ip || !agent)) {
      const missing = ip ? 'psuUserAgent' : 'psuIpAddress';
      throw new FakeApiError(
        422,
        'Required PSU header is not provided',
        'PSU_HEADER_NOT_PROVIDED',
        `PSU header ${missing} is not provided`,
      );
    }
    const present = ip !== null;
    const key = `${uid}|${endpoint}`;
    const recent = (unattended.get(key) ?? []).filter((at) => at > now().getTime() - DAY_MS);
    unattended.set(key, recent);
    if (!present && limited) {
      if (quirksOf(account.bank).alwaysRateLimited || recent.length >= UNATTENDED_CALLS) {
        throw new FakeApiError(
          429,
          account.bank.rateLimitMessage,
          'ASPSP_RATE_LIMIT_EXCEEDED',
          null,
        );
      }
    }
    return {
      session,
      account,
      succeeded: () => {
        if (!present && limited) recent.push(now().getTime());
      },
    };
  }

  async function api(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      const entry: ReceivedRequest = {
        method: request.method,
        path: request.url.slice(app.prefix.length),
        psuIpAddress: header(request, 'psu-ip-address'),
        psuUserAgent: header(request, 'psu-user-agent'),
        tokenIssuedAt: null,
        body: undefined,
      };
      received.set(request, entry);
      requests.push(entry);
      if (requests.length > KEPT_REQUESTS) requests.shift();
      const token = await verifyApplicationJwt(request.headers.authorization, {
        appId: options.appId,
        publicKey,
        now: now(),
      });
      entry.tokenIssuedAt = token.issuedAt;
      if (!active && entry.path !== '/application') {
        throw new FakeApiError(403, 'Application is not active');
      }
    });
    app.addHook('preHandler', async (request) => {
      const entry = received.get(request);
      if (entry) entry.body = request.body;
    });

    app.get('/application', async () => ({
      name: applicationName,
      kid: options.appId,
      environment: 'SANDBOX',
      redirect_urls: options.redirectUrls ?? [],
      active,
      countries: ['NL'],
      services: ['AIS'],
    }));

    app.get<{ Querystring: Query }>('/aspsps', async (request) => {
      const country = text(request.query.country);
      const psuType = text(request.query.psu_type);
      const service = text(request.query.service);
      if (service && service !== 'AIS' && service !== 'PIS')
        throw wrongParameters(`Invalid service: ${service}`);
      const base = baseOf(app, request);
      // The sandbox banks offer account information only.
      const banks = service === 'PIS' ? [] : FAKE_BANKS;
      return {
        aspsps: banks
          .filter((bank) => !psuType || bank.psuTypes.some((t) => t === psuType))
          .flatMap((bank) =>
            bank.countries
              .filter((c) => !country || c === country)
              .map((c) => aspspData(bank, c, base)),
          ),
      };
    });

    app.post('/auth', async (request, reply) => {
      const body = record(request.body, 'body');
      const access = record(body.access, 'access');
      const aspsp = record(body.aspsp, 'aspsp');
      const validUntil = Date.parse(required(access.valid_until, 'access.valid_until'));
      if (Number.isNaN(validUntil)) throw wrongParameters('access.valid_until is not a date-time');
      if (body.credentials !== undefined && body.auth_method === undefined) {
        throw wrongParameters('credentials can only be given together with auth_method');
      }
      const session = sessions.start({
        bankName: required(aspsp.name, 'aspsp.name'),
        country: required(aspsp.country, 'aspsp.country'),
        state: required(body.state, 'state'),
        redirectUrl: required(body.redirect_url, 'redirect_url'),
        validUntil: new Date(validUntil),
        psuType: text(body.psu_type) ?? undefined,
      });
      if (await fault(session.bank, reply)) return reply;
      const base = baseOf(app, request);
      return {
        url: `${base}/ais/start?sessionid=${session.authorizationId}`,
        authorization_id: session.authorizationId,
        psu_id_hash: sessionResource(session, session.status).psu_id_hash,
      };
    });

    app.post('/sessions', async (request, reply) => {
      const code = required(record(request.body, 'body').code, 'code');
      const session = sessions.forCode(code);
      if (await fault(session.bank, reply)) return reply;
      sessions.authorize(session);
      return {
        session_id: session.sessionId,
        accounts: session.accounts.map(({ uid, account }) => accountResource(account, uid)),
        aspsp: { name: session.bank.name, country: session.country },
        psu_type: session.psuType,
        access: {
          valid_until: session.validUntil.toISOString(),
          balances: true,
          transactions: true,
        },
      };
    });

    app.get<{ Params: { id: string } }>('/sessions/:id', async (request) => {
      const session = sessions.session(request.params.id);
      return sessionResource(session, sessions.statusOf(session));
    });

    app.delete<{ Params: { id: string } }>('/sessions/:id', async (request) => {
      sessions.close(sessions.session(request.params.id));
      return { message: 'OK' };
    });

    app.get<{ Params: { uid: string } }>('/accounts/:uid/details', async (request, reply) => {
      const call = admitAccountCall(request, request.params.uid, 'details', true);
      if (await fault(call.account.bank, reply)) return reply;
      call.succeeded();
      return accountResource(call.account, request.params.uid);
    });

    app.get<{ Params: { uid: string } }>('/accounts/:uid/balances', async (request, reply) => {
      const call = admitAccountCall(request, request.params.uid, 'balances', true);
      if (await fault(call.account.bank, reply)) return reply;
      call.succeeded();
      return balancesOf(call.account, added.get(call.account.key) ?? [], now());
    });

    app.get<{ Params: { uid: string }; Querystring: Query }>(
      '/accounts/:uid/transactions',
      async (request, reply) => {
        const query = request.query;
        const key = text(query.continuation_key);
        // Banks count a listing once, not each of its pages.
        const call = admitAccountCall(request, request.params.uid, 'transactions', key === null);
        if (await fault(call.account.bank, reply)) return reply;
        const page = transactionsPage(
          {
            date_from: text(query.date_from) ?? undefined,
            date_to: text(query.date_to) ?? undefined,
            continuation_key: key ?? undefined,
            transaction_status: text(query.transaction_status) ?? undefined,
            strategy: text(query.strategy) ?? undefined,
          },
          {
            account: call.account,
            uid: request.params.uid,
            authorizedAt: call.session.authorizedAt ?? now(),
            now: now(),
            added: added.get(call.account.key) ?? [],
            pageSize,
            missingEntryReferences: quirksOf(call.account.bank).missingEntryReferences,
          },
          keys,
        );
        call.succeeded();
        return page;
      },
    );

    app.get<{ Params: { uid: string } }>('/accounts/:uid/transactions/:id', async (request) => {
      admitAccountCall(request, request.params.uid, 'transactions', false);
      // Transaction ids change on every listing here, as the API warns they may.
      throw new FakeApiError(404, 'Transaction does not exist', 'TRANSACTION_DOES_NOT_EXIST');
    });
  }

  async function pages(app: FastifyInstance) {
    app.get('/ais/consent.css', async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(CONSENT_STYLESHEET),
    );

    app.get<{ Params: { file: string } }>('/brands/:file', async (request, reply) => {
      const bank = FAKE_BANKS.find((b) => `${b.slug}.svg` === request.params.file);
      if (!bank) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(logoSvg(bank));
    });

    app.get<{ Querystring: Query }>('/ais/start', async (request, reply) => {
      const base = baseOf(app, request);
      const session = sessions.authorization(text(request.query.sessionid) ?? '');
      reply.type('text/html; charset=utf-8');
      if (!session) return reply.code(404).send(errorPage(base, 'Deze autorisatie bestaat niet.'));
      if (!sessions.pageOpen(session)) {
        return reply.code(400).send(errorPage(base, 'Error while updating authentication status'));
      }
      return consentPage({
        base,
        authorizationId: session.authorizationId,
        bankName: session.bank.name,
        logo: `${base}/brands/${session.bank.slug}.svg`,
        applicationName,
        validUntil: session.validUntil,
        accounts: accountsOf(session.bank),
      });
    });

    app.post('/ais/start', async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const base = baseOf(app, request);
      const session = sessions.authorization(form.get('sessionid') ?? '');
      if (!session || !sessions.pageOpen(session)) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorPage(base, 'Error while updating authentication status'));
      }
      const back = sessions.decide(session, {
        allow: form.get('action') === 'allow',
        accountKeys: form.getAll('account'),
        serverError: quirksOf(session.bank).serverErrorOnRedirect,
      });
      return reply.redirect(back.toString(), 303);
    });
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // A form parser of our own, in this context only: the host app may parse forms otherwise.
    if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.removeContentTypeParser('application/x-www-form-urlencoded');
    }
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    app.setErrorHandler(async (error, _request, reply) => {
      if (error instanceof FakeApiError) return reply.code(error.status).send(error.body);
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply.code(422).send(wrongParameters((error as Error).message).body);
      }
      return reply.code(500).send({ code: 500, message: 'Internal server error' });
    });
    app.addHook('preClose', async () => {
      for (const release of [...holds]) release();
    });
    await app.register(api);
    await app.register(pages);
  };

  const control = {
    clock: {
      now,
      advance(ms: number) {
        offset += ms;
      },
      setNow(at: Date) {
        offset = at.getTime() - real();
      },
    },
    setQuirks(bankName: string, changes: Partial<BankQuirks>) {
      const bank = FAKE_BANKS.find((b) => b.name === bankName);
      if (!bank) throw new Error(`The sandbox bank has no bank ${bankName}`);
      quirks.set(bank.name, { ...quirksOf(bank), ...changes });
    },
    setApplicationActive(value: boolean) {
      active = value;
    },
    /** The accounts a bank offers on its consent page. */
    accounts(bankName: string): FakeAccount[] {
      const bank = FAKE_BANKS.find((b) => b.name === bankName);
      return bank ? accountsOf(bank) : [];
    },
    /** Adds a booking to an account (by IBAN or identification hash); answers its reference. */
    addTransaction(account: string, transaction: AddedTransaction): string | null {
      const found = findAccount(account);
      sequence += 1;
      const row = addedRow(found, transaction, sequence, now().toISOString().slice(0, 10));
      added.set(found.key, [...(added.get(found.key) ?? []), row]);
      return row.wire.entry_reference;
    },
    /** Books the added pending rows of an account today, under new references. */
    bookPending(account: string): number {
      const found = findAccount(account);
      const today = now().toISOString().slice(0, 10);
      const rows = added.get(found.key) ?? [];
      const pending = rows.filter((r) => r.wire.status === 'PDNG').length;
      added.set(
        found.key,
        rows.map((r) => (r.wire.status === 'PDNG' ? booked(r, today) : r)),
      );
      return pending;
    },
    revoke(sessionId: string) {
      sessions.revoke(sessionId);
    },
    /** The session an authorisation became (or will become), for checking its status. */
    sessionIdOf(authorizationId: string): string | null {
      return sessions.authorization(authorizationId)?.sessionId ?? null;
    },
    callCounts(uid: string): CallCounts {
      return { ...(calls.get(uid) ?? { details: 0, balances: 0, transactions: 0 }) };
    },
    requests: requests as readonly ReceivedRequest[],
  };

  return { plugin, control };
}

export type EnableBankingFakeControl = ReturnType<typeof createEnableBankingFake>['control'];

function baseOf(app: FastifyInstance, request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${app.prefix}`;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function record(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw wrongParameters(`${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

function required(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw wrongParameters(`${name} is required`);
  return value;
}
