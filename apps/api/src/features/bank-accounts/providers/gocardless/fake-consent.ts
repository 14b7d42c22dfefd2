import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  findInstitution,
  logoSvg,
  offeredAccounts,
  type FakeInstitution,
} from './fake-institutions';
import { OPEN_STATUSES, type FakeState, type Requisition } from './fake-state';

/**
 * The GoCardless fake's consent page, where a requisition's `link` leads: one page standing in
 * for GoCardless's consent screen and the bank's login. Plain HTML in Dutch without any script
 * or inline style (the app's Content-Security-Policy allows neither), usable by keyboard. Its
 * answer sends the browser back to the requisition's `redirect` as the real service does.
 */

const FORM = 'application/x-www-form-urlencoded';
type StartRequest = FastifyRequest<{ Params: { requisitionId: string; institutionId: string } }>;

const STYLESHEET = `
body { margin: 0; font-family: system-ui, sans-serif; color: #1a1a1a; background: #f3f4f6; }
main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; }
header { display: flex; align-items: center; gap: 0.75rem; color: #4b5563; }
h1 { font-size: 1.4rem; }
fieldset { border: 1px solid #9ca3af; border-radius: 0.375rem; padding: 0.75rem 1rem; }
.account { display: flex; gap: 0.5rem; align-items: baseline; margin: 0.5rem 0; }
.iban { font-family: ui-monospace, monospace; }
.error { color: #b00020; font-weight: 600; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 0.375rem; border: 2px solid #1d4ed8; }
button[value="allow"] { background: #1d4ed8; color: #fff; }
button[value="cancel"] { background: #fff; color: #1d4ed8; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The details the real service sends with each error type on the redirect. */
const ERROR_DETAILS: Record<string, string> = {
  UserCancelledSession: 'User cancelled the session.',
  RequisitionLinkReused: 'This link has already been used.',
  SSNVerificationFailed: 'SSN verification failed.',
  InstitutionTechnicalError: 'The institution reported a technical error.',
  InstitutionTimeoutError: 'The institution did not respond in time.',
  UnknownError: 'An unknown error occurred.',
};

function backTo(requisition: Requisition, error?: string): string {
  const url = new URL(requisition.redirect);
  url.searchParams.set('ref', requisition.reference);
  if (error) {
    url.searchParams.set('error', error);
    url.searchParams.set('details', ERROR_DETAILS[error] ?? ERROR_DETAILS.UnknownError!);
  }
  return url.toString();
}

function page(prefix: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<link rel="stylesheet" href="${prefix}/psd2/static/consent.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function consentPage(
  prefix: string,
  institution: FakeInstitution,
  requisition: Requisition,
  history: { days: number; access: number },
  error: string | null,
): string {
  const accounts = offeredAccounts(institution)
    .map(
      (a) => `<div class="account">
<input type="checkbox" id="account-${a.slot}" name="account" value="${a.slot}" checked>
<label for="account-${a.slot}">${html(a.name)} <span class="iban">${html(a.iban)}</span> (${html(a.ownerName)})</label>
</div>`,
    )
    .join('\n');
  const action = `${prefix}/psd2/start/${requisition.id}/${institution.id}`;
  return page(
    prefix,
    `Toegang geven – ${institution.name}`,
    `<header>
<img src="${prefix}/logos/${institution.id}.svg" alt="" width="48" height="48">
<p>Testbank via GoCardless: er is hier geen echt geld en geen echte rekening.</p>
</header>
<h1>Toegang tot je rekeningen bij ${html(institution.name)}</h1>
<p>Je geeft ${history.access} dagen inzage in de gegevens, het saldo en de transacties van de
afgelopen ${history.days} dagen van de rekeningen die je kiest.</p>
${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
<form method="post" action="${action}">
<fieldset>
<legend>Welke rekeningen wil je delen?</legend>
${accounts}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="allow">Toestaan</button>
<button type="submit" name="action" value="cancel">Annuleren</button>
</div>
</form>`,
  );
}

export async function consentRoutes(
  pages: FastifyInstance,
  context: { state: FakeState; prefix: string },
): Promise<void> {
  const { state, prefix } = context;
  // Our own parser for the consent form, here only: the host's may build other shapes.
  if (pages.hasContentTypeParser(FORM)) pages.removeContentTypeParser(FORM);
  pages.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, new URLSearchParams(String(body)));
  });

  const htmlReply = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  const notFoundPage = (reply: FastifyReply) =>
    htmlReply(
      reply,
      404,
      page(prefix, 'Link onbekend', '<h1>Deze link bestaat niet</h1><p>Vraag een nieuwe aan.</p>'),
    );

  const find = (request: StartRequest) => {
    const requisition = state.requisition(request.params.requisitionId);
    const institution = findInstitution(request.params.institutionId);
    const agreement = requisition && state.agreements.get(requisition.agreement);
    if (!requisition || !institution || !agreement) return null;
    if (requisition.institution_id !== institution.id) return null;
    const history = {
      days: agreement.max_historical_days,
      access: agreement.access_valid_for_days,
    };
    return { requisition, institution, history };
  };

  pages.get('/psd2/start/:requisitionId/:institutionId', async (request: StartRequest, reply) => {
    const found = find(request);
    if (!found) return notFoundPage(reply);
    const { requisition, institution, history } = found;
    if (!OPEN_STATUSES.includes(requisition.status)) {
      return reply.redirect(backTo(requisition, 'RequisitionLinkReused'), 302);
    }
    if (requisition.status === 'CR') requisition.status = 'GC';
    return htmlReply(reply, 200, consentPage(prefix, institution, requisition, history, null));
  });

  pages.post('/psd2/start/:requisitionId/:institutionId', async (request: StartRequest, reply) => {
    const found = find(request);
    if (!found) return notFoundPage(reply);
    const { requisition, institution, history } = found;
    if (!OPEN_STATUSES.includes(requisition.status)) {
      return reply.redirect(backTo(requisition, 'RequisitionLinkReused'), 302);
    }
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const action = form.get('action');
    if (action === 'cancel') {
      requisition.status = 'RJ';
      return reply.redirect(backTo(requisition, 'UserCancelledSession'), 302);
    }
    const offered = offeredAccounts(institution).map((a) => String(a.slot));
    const slots = form.getAll('account').filter((slot) => offered.includes(slot));
    if (action !== 'allow' || slots.length === 0) {
      const problem = 'Kies ten minste één rekening om te delen, of annuleer.';
      return htmlReply(reply, 400, consentPage(prefix, institution, requisition, history, problem));
    }
    const { rejectConsent } = state.quirks(institution.id);
    if (rejectConsent) {
      requisition.status = 'RJ';
      const error = rejectConsent === true ? undefined : rejectConsent;
      return reply.redirect(backTo(requisition, error), 302);
    }
    state.grant(requisition, slots.map(Number));
    return reply.redirect(backTo(requisition), 302);
  });

  pages.get('/psd2/static/consent.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(STYLESHEET),
  );

  pages.get(
    '/logos/:file',
    async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      const institution = findInstitution(request.params.file.replace(/\.svg$/, ''));
      if (!institution || !request.params.file.endsWith('.svg')) return reply.status(404).send();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(logoSvg(institution));
    },
  );
}
