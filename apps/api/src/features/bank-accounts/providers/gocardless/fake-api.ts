import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountRoutes } from './fake-accounts';
import {
  authenticationFailed,
  fieldError,
  invalidToken,
  limitHeaders,
  noCredentials,
  notFound,
  one,
  rateLimited,
  sendError,
  type Query,
} from './fake-errors';
import {
  findInstitution,
  FAKE_COUNTRIES,
  FAKE_INSTITUTIONS,
  institutionsOf,
} from './fake-institutions';
import type { LimitFamily } from './fake-limits';
import {
  agreementBody,
  asObject,
  institutionBody,
  newAgreement,
  newRequisition,
  page,
  requisitionBody,
} from './fake-records';
import { ACCESS_SECONDS, REFRESH_SECONDS, type FakeState } from './fake-state';

/**
 * The GoCardless fake's JSON API under `<prefix>/api/v2`: tokens, institutions, end-user
 * agreements and requisitions with the real paths, bodies, statuses, headers and errors. The
 * account data endpoints are in fake-accounts.ts.
 */

export interface FakeApiContext {
  state: FakeState;
  /** `<protocol>://<host><prefix>` of the request: the fake builds absolute URLs from it. */
  origin(request: FastifyRequest): string;
}

type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

export async function apiRoutes(api: FastifyInstance, context: FakeApiContext): Promise<void> {
  const { state } = context;

  /** Counts the call against its family's limit; answers 429 when over it. */
  const overLimit = (reply: FastifyReply, family: LimitFamily): boolean => {
    const taken = state.generalLimits.take(family, state.now());
    limitHeaders(reply, taken);
    if (taken.exceeded) sendError(reply, rateLimited(taken.text, taken.reset));
    return taken.exceeded;
  };

  /** Checks the bearer token and the family's limit; false when it has answered already. */
  const admit = (request: FastifyRequest, reply: FastifyReply, family: LimitFamily): boolean => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match) {
      sendError(reply, noCredentials());
      return false;
    }
    if (!state.tokenValid(match[1]!, 'access')) {
      sendError(reply, invalidToken());
      return false;
    }
    return !overLimit(reply, family);
  };

  api.setNotFoundHandler((_request, reply) => sendError(reply, notFound()));
  api.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply.status(status).send({
      summary: status === 500 ? 'Internal server error' : 'Invalid request',
      detail: status === 500 ? 'Something went wrong on our side.' : error.message,
      status_code: status,
    });
  });

  api.post('/token/new/', async (request, reply) => {
    if (overLimit(reply, 'tokenNew')) return reply;
    const body = asObject(request.body);
    for (const field of ['secret_id', 'secret_key']) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        return sendError(reply, fieldError(field, 'This field is required.'));
      }
    }
    if (body.secret_id !== state.secretId || body.secret_key !== state.secretKey) {
      return sendError(reply, authenticationFailed());
    }
    const { access, refresh } = state.issueTokens();
    return {
      access,
      access_expires: ACCESS_SECONDS,
      refresh,
      refresh_expires: REFRESH_SECONDS,
    };
  });

  api.post('/token/refresh/', async (request, reply) => {
    if (overLimit(reply, 'tokenRefresh')) return reply;
    const { refresh } = asObject(request.body);
    if (typeof refresh !== 'string' || refresh === '') {
      return sendError(reply, fieldError('refresh', 'This field is required.'));
    }
    if (!state.tokenValid(refresh, 'refresh')) return sendError(reply, invalidToken());
    return { access: state.issue('access', state.now()), access_expires: ACCESS_SECONDS };
  });

  api.get('/institutions/', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
    if (!admit(request, reply, 'institutions')) return reply;
    const country = one(request.query.country);
    if (country === undefined)
      return FAKE_INSTITUTIONS.map((i) => institutionBody(i, context.origin(request)));
    const upper = country.toUpperCase();
    if (!FAKE_COUNTRIES.has(upper)) {
      return sendError(
        reply,
        fieldError('country', 'Invalid country choice.', `${country} is not a valid choice.`),
      );
    }
    return institutionsOf(upper).map((i) => institutionBody(i, context.origin(request)));
  });

  api.get('/institutions/:id/', async (request: IdRequest, reply) => {
    if (!admit(request, reply, 'institutions')) return reply;
    const institution = findInstitution(request.params.id);
    if (!institution) return sendError(reply, notFound());
    return {
      ...institutionBody(institution, context.origin(request)),
      supported_features: [
        'access_scopes',
        'business_accounts',
        'corporate_accounts',
        'pending_transactions',
        'private_accounts',
      ],
      identification_codes: [],
    };
  });

  api.post('/agreements/enduser/', async (request, reply) => {
    if (!admit(request, reply, 'create')) return reply;
    const made = newAgreement(state, asObject(request.body));
    if ('error' in made) return sendError(reply, made.error);
    state.agreements.set(made.value.id, made.value);
    return reply.status(201).send(agreementBody(made.value));
  });

  api.get(
    '/agreements/enduser/',
    async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      if (!admit(request, reply, 'read')) return reply;
      const all = [...state.agreements.values()].map(agreementBody);
      return page(all, request, `${context.origin(request)}/api/v2/agreements/enduser/`);
    },
  );

  api.get('/agreements/enduser/:id/', async (request: IdRequest, reply) => {
    if (!admit(request, reply, 'read')) return reply;
    const agreement = state.agreements.get(request.params.id);
    return agreement ? agreementBody(agreement) : sendError(reply, notFound());
  });

  api.put('/agreements/enduser/:id/accept/', async (request: IdRequest, reply) => {
    if (!admit(request, reply, 'accept')) return reply;
    const agreement = state.agreements.get(request.params.id);
    if (!agreement) return sendError(reply, notFound());
    const body = asObject(request.body);
    for (const field of ['user_agent', 'ip_address']) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        return sendError(reply, fieldError(field, 'This field is required.'));
      }
    }
    agreement.accepted ??= state.now();
    return agreementBody(agreement);
  });

  api.delete('/agreements/enduser/:id/', async (request: IdRequest, reply) => {
    if (!admit(request, reply, 'remove')) return reply;
    const { id } = request.params;
    if (!state.agreements.delete(id)) return sendError(reply, notFound());
    return { summary: 'End User Agreement deleted', detail: `End User Agreement ${id} deleted` };
  });

  api.post('/requisitions/', async (request, reply) => {
    if (!admit(request, reply, 'create')) return reply;
    const made = newRequisition(state, asObject(request.body), context.origin(request));
    if ('error' in made) return sendError(reply, made.error);
    const requisition = made.value;
    state.requisitions.set(requisition.id, requisition);
    return reply.status(201).send(requisitionBody(requisition));
  });

  api.get('/requisitions/', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
    if (!admit(request, reply, 'read')) return reply;
    const all = [...state.requisitions.keys()].map((id) => requisitionBody(state.requisition(id)!));
    return page(all, request, `${context.origin(request)}/api/v2/requisitions/`);
  });

  api.get('/requisitions/:id/', async (request: IdRequest, reply) => {
    if (!admit(request, reply, 'read')) return reply;
    const requisition = state.requisition(request.params.id);
    return requisition ? requisitionBody(requisition) : sendError(reply, notFound());
  });

  api.delete('/requisitions/:id/', async (request: IdRequest, reply) => {
    if (!admit(request, reply, 'remove')) return reply;
    const requisition = state.requisitions.get(request.params.id);
    if (!requisition) return sendError(reply, notFound());
    state.deleteRequisition(requisition);
    return {
      summary: 'Requisition deleted',
      detail: `Requisition '${requisition.id}' deleted with all its End User Agreements`,
    };
  });

  await accountRoutes(api, { state, admit });
}
