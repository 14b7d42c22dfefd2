import type { FastifyInstance } from 'fastify';
import { FAKE_BANKS, logoSvg } from './fake-banks';
import { CONSENT_STYLESHEET, consentPage, errorPage } from './fake-consent-page';
import { accountsOf } from './fake-data';
import { baseOf, text, type FakeState } from './fake-state';

/** The bank's side for the user's browser: consent page, its stylesheet, the banks' logos. */

type Query = Record<string, unknown>;

export function pageRoutes(state: FakeState) {
  return async function pages(app: FastifyInstance) {
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
      const session = state.sessions.authorization(text(request.query.sessionid) ?? '');
      reply.type('text/html; charset=utf-8');
      if (!session) return reply.code(404).send(errorPage(base, 'Deze autorisatie bestaat niet.'));
      if (!state.sessions.pageOpen(session)) {
        return reply.code(400).send(errorPage(base, 'Error while updating authentication status'));
      }
      return consentPage({
        base,
        authorizationId: session.authorizationId,
        bankName: session.bank.name,
        logo: `${base}/brands/${session.bank.slug}.svg`,
        applicationName: state.applicationName,
        validUntil: session.validUntil,
        accounts: accountsOf(session.bank),
      });
    });

    app.post('/ais/start', async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const base = baseOf(app, request);
      const session = state.sessions.authorization(form.get('sessionid') ?? '');
      if (!session || !state.sessions.pageOpen(session)) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorPage(base, 'Error while updating authentication status'));
      }
      const back = state.sessions.decide(session, {
        allow: form.get('action') === 'allow',
        accountKeys: form.getAll('account'),
        serverError: state.quirksOf(session.bank).serverErrorOnRedirect,
      });
      return reply.redirect(back.toString(), 303);
    });
  };
}
