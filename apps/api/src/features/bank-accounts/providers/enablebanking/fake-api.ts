import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyApplicationJwt } from './fake-auth';
import { aspspData, FAKE_BANKS } from './fake-banks';
import { FakeApiError, wrongParameters } from './fake-errors';
import { accountResource, sessionResource } from './fake-sessions';
import { baseOf, header, text, type FakeState, type ReceivedRequest } from './fake-state';
import { balancesOf, transactionsPage } from './fake-transactions';

/** The sandbox bank's API: Enable Banking's paths, behind its application JWT. */

const KEPT_REQUESTS = 1_000;

type Query = Record<string, unknown>;

export function apiRoutes(state: FakeState) {
  const received = new WeakMap<FastifyRequest, ReceivedRequest>();
  return async function api(app: FastifyInstance) {
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
      state.requests.push(entry);
      if (state.requests.length > KEPT_REQUESTS) state.requests.shift();
      const token = await verifyApplicationJwt(request.headers.authorization, {
        appId: state.options.appId,
        publicKey: state.publicKey,
        now: state.now(),
      });
      entry.tokenIssuedAt = token.issuedAt;
      if (!state.active && entry.path !== '/application') {
        throw new FakeApiError(403, 'Application is not active');
      }
    });
    app.addHook('preHandler', async (request) => {
      const entry = received.get(request);
      if (entry) entry.body = request.body;
    });

    app.get('/application', async () => ({
      name: state.applicationName,
      kid: state.options.appId,
      environment: 'SANDBOX',
      redirect_urls: state.options.redirectUrls ?? [],
      active: state.active,
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
      const session = state.sessions.start({
        bankName: required(aspsp.name, 'aspsp.name'),
        country: required(aspsp.country, 'aspsp.country'),
        state: required(body.state, 'state'),
        redirectUrl: required(body.redirect_url, 'redirect_url'),
        validUntil: new Date(validUntil),
        psuType: text(body.psu_type) ?? undefined,
      });
      if (await state.fault(session.bank, reply)) return reply;
      const base = baseOf(app, request);
      return {
        url: `${base}/ais/start?sessionid=${session.authorizationId}`,
        authorization_id: session.authorizationId,
        psu_id_hash: sessionResource(session, session.status).psu_id_hash,
      };
    });

    app.post('/sessions', async (request, reply) => {
      const code = required(record(request.body, 'body').code, 'code');
      const session = state.sessions.forCode(code);
      if (await state.fault(session.bank, reply)) return reply;
      state.sessions.authorize(session);
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
      const session = state.sessions.session(request.params.id);
      return sessionResource(session, state.sessions.statusOf(session));
    });

    app.delete<{ Params: { id: string } }>('/sessions/:id', async (request) => {
      state.sessions.close(state.sessions.session(request.params.id));
      return { message: 'OK' };
    });

    app.get<{ Params: { uid: string } }>('/accounts/:uid/details', async (request, reply) => {
      const call = state.admitAccountCall(request, request.params.uid, 'details', true);
      if (await state.fault(call.account.bank, reply)) return reply;
      call.succeeded();
      return accountResource(call.account, request.params.uid);
    });

    app.get<{ Params: { uid: string } }>('/accounts/:uid/balances', async (request, reply) => {
      const call = state.admitAccountCall(request, request.params.uid, 'balances', true);
      if (await state.fault(call.account.bank, reply)) return reply;
      call.succeeded();
      return balancesOf(call.account, state.added.get(call.account.key) ?? [], state.now());
    });

    app.get<{ Params: { uid: string }; Querystring: Query }>(
      '/accounts/:uid/transactions',
      async (request, reply) => {
        const query = request.query;
        const key = text(query.continuation_key);
        // Banks count a listing once, not each of its pages.
        const call = state.admitAccountCall(
          request,
          request.params.uid,
          'transactions',
          key === null,
        );
        if (await state.fault(call.account.bank, reply)) return reply;
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
            authorizedAt: call.session.authorizedAt ?? state.now(),
            now: state.now(),
            added: state.added.get(call.account.key) ?? [],
            pageSize: state.pageSize,
            missingEntryReferences: state.quirksOf(call.account.bank).missingEntryReferences,
          },
          state.keys,
        );
        call.succeeded();
        return page;
      },
    );

    app.get<{ Params: { uid: string } }>('/accounts/:uid/transactions/:id', async (request) => {
      state.admitAccountCall(request, request.params.uid, 'transactions', false);
      // Transaction ids change on every listing here, as the API warns they may.
      throw new FakeApiError(404, 'Transaction does not exist', 'TRANSACTION_DOES_NOT_EXIST');
    });
  };
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
