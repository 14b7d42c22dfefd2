import type { FakeAccount } from './fake-data';

/**
 * The sandbox bank's consent page. It is the bank's page, not ours, so its Dutch text lives
 * here rather than in the app's catalogues. Plain HTML: no script, no inline style (the app's
 * Content-Security-Policy forbids both when the bank is served in-process), one stylesheet.
 */

export const CONSENT_STYLESHEET = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2933}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem}
h1{display:flex;align-items:center;gap:.75rem;font-size:1.5rem}
fieldset{border:1px solid #cbd2d9;border-radius:.25rem;margin:1rem 0}
.account{margin:.5rem 0}
.actions{display:flex;gap:1rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:.25rem;border:2px solid #1f2933;background:#fff}
button[value=allow]{background:#1f2933;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{font-size:.875rem;color:#52606d}`;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(base: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="stylesheet" href="${escape(base)}/ais/consent.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function consentPage(input: {
  base: string;
  authorizationId: string;
  bankName: string;
  logo: string;
  applicationName: string;
  validUntil: Date;
  accounts: readonly FakeAccount[];
}): string {
  const until = input.validUntil.toLocaleDateString('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  });
  const accounts = input.accounts
    .map((account, index) => {
      const label = [account.details ?? account.holder, account.iban].filter(Boolean).join(' – ');
      return `<div class="account"><input type="checkbox" id="account-${index}" name="account" value="${escape(account.key)}" checked> <label for="account-${index}">${escape(label)}</label></div>`;
    })
    .join('\n');
  return page(
    input.base,
    `${input.bankName} – toestemming`,
    `<h1><img src="${escape(input.logo)}" alt="" width="40" height="40"> ${escape(input.bankName)}</h1>
<p>${escape(input.applicationName)} vraagt toegang tot het saldo en de transacties van uw rekeningen, tot en met ${escape(until)}.</p>
<p class="note">Dit is een testbank: er wordt geen echte bank benaderd.</p>
<form method="post" action="${escape(input.base)}/ais/start">
<input type="hidden" name="sessionid" value="${escape(input.authorizationId)}">
<fieldset>
<legend>Rekeningen</legend>
${accounts}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="allow">Toestaan</button>
<button type="submit" name="action" value="cancel">Annuleren</button>
</div>
</form>`,
  );
}

export function errorPage(base: string, message: string): string {
  return page(base, 'Fout', `<h1>Er ging iets mis</h1>\n<p>${escape(message)}</p>`);
}
