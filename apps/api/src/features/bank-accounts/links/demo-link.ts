/**
 * The demo's linked bank: once the server listens, the demo's initiative owner links the sandbox
 * bank through the same public path a person takes (log in, start the link, allow it on the
 * bank's consent page, the callback), so the Banks tab shows a linked account with its consent
 * and the overview its transactions from the first start on.
 */
import { BANK_PROVIDERS } from '@helder/shared/bank-accounts';

const DEMO_OWNER = 'initiatief@helder.demo';
const SANDBOX_BANK = /SANDBOX|Mock ASPSP/;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Submits the consent form as a browser would with every account ticked and 'Toestaan'. */
async function allowOnConsentPage(url: string): Promise<URL> {
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !action) throw new Error(`no consent form at ${url} (${page.status})`);
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    form.append(m[1]!, m[2]!);
  }
  for (const m of html.matchAll(/name="account" value="([^"]+)" checked/g)) {
    form.append('account', m[1]!);
  }
  form.append('action', 'allow');
  const answer = await fetch(new URL(action, url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`the consent form answered ${answer.status}`);
  return new URL(location, url);
}

export async function linkDemoBank(base: string, password: string, log: Log): Promise<void> {
  const login = await fetch(`${base}/api/auth/jwt/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: DEMO_OWNER, password }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string | number;
  };
  const uid = Number(payload.sub);
  const owned = (await (
    await fetch(`${base}/api/user/${uid}/bank-accounts`, { headers })
  ).json()) as { ownedBankAccounts: Array<{ provider: (typeof BANK_PROVIDERS)[number] }> };
  if (
    owned.ownedBankAccounts.some(
      (a) => a.provider === 'gocardless' || a.provider === 'enablebanking',
    )
  ) {
    return;
  }
  const { institutions } = (await (
    await fetch(`${base}/api/utils/gocardless/institutions`)
  ).json()) as { institutions: Array<{ id: string }> };
  const sandbox = institutions.find((i) => SANDBOX_BANK.test(i.id));
  if (!sandbox) throw new Error('the sandbox bank is not listed');
  const started = await fetch(
    `${base}/api/users/${uid}/gocardless-initiate?institution_id=${encodeURIComponent(sandbox.id)}`,
    { headers },
  );
  if (!started.ok) throw new Error(`starting the demo link answered ${started.status}`);
  const { url } = (await started.json()) as { url: string };
  const back = await allowOnConsentPage(url);
  const callback = await fetch(`${base}${back.pathname}${back.search}`, { redirect: 'manual' });
  const outcome = new URL(callback.headers.get('location') ?? '', base).searchParams.get('message');
  if (outcome !== 'success') throw new Error(`the demo link ended as ${outcome}`);
  log.info({ user: DEMO_OWNER }, 'demo: the sandbox bank is linked');
}
