import Fastify from 'fastify';
import type { BankProvider, FinishedLink, PresentUser, StartedLink } from '../provider';
import { createEnableBankingProvider, type EnableBankingOptions } from './client';
import { generateApplicationKeys } from './fake-auth';
import { createEnableBankingFake } from './fake';
import type { EnableBankingFakeOptions } from './fake-state';
import { createTokenSource, loadPrivateKey } from './jwt';

/** For tests: the sandbox bank on its own server, and clients that talk to it. */

export const APP_ID = '3f0b8c1e-5d0a-4c57-9a57-2f5d1b7c9e01';
/** A Monday, mid-morning: the 15th, when the sandbox's members pay twice the same amount. */
export const START = new Date('2026-06-15T09:30:00Z');
export const REDIRECT = 'https://helder.example/api/users/7/gocardless-callback';
export const USER: PresentUser = { ipAddress: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11) Test' };

let keys: ReturnType<typeof generateApplicationKeys> | null = null;
/** One key pair per test file: making RSA keys takes a while. */
function applicationKeys() {
  keys ??= generateApplicationKeys();
  return keys;
}

export async function startFake(options: Partial<EnableBankingFakeOptions> = {}) {
  const { privateKey, publicKey } = await applicationKeys();
  const fake = createEnableBankingFake({
    appId: APP_ID,
    publicKey,
    startAt: START,
    frozen: true,
    ...options,
  });
  const app = Fastify();
  // Under a prefix, as the app will mount it: every URL it hands out must carry the prefix.
  await app.register(fake.plugin, { prefix: '/sandbox/enablebanking' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `${address}/sandbox/enablebanking`;
  const now = fake.control.clock.now;
  return {
    control: fake.control,
    baseUrl,
    privateKey,
    client: (overrides: Partial<EnableBankingOptions> = {}): BankProvider =>
      createEnableBankingProvider({ baseUrl, appId: APP_ID, privateKey, now, ...overrides }),
    /** A raw call with a good token, for what the client never sends. */
    async call(path: string, init: RequestInit = {}) {
      const token = await createTokenSource(APP_ID, loadPrivateKey(privateKey), now)();
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      if (init.body) headers.set('content-type', 'application/json');
      return fetch(`${baseUrl}${path}`, { ...init, headers });
    },
    close: () => app.close(),
  };
}
export type Sandbox = Awaited<ReturnType<typeof startFake>>;

/** Answers the consent page as a browser would; answers where the bank sent the user. */
export async function answerConsent(
  url: string,
  choice: { action?: 'allow' | 'cancel'; accounts?: (keys: string[]) => string[] } = {},
): Promise<URL> {
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`Consent page answered ${page.status}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const session = /name="sessionid" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !session) throw new Error('No consent form on the page');
  const offered = [...html.matchAll(/name="account" value="([^"]+)" checked/g)].map(
    (m) => m[1] ?? '',
  );
  const form = new URLSearchParams({ sessionid: session, action: choice.action ?? 'allow' });
  for (const account of choice.accounts ? choice.accounts(offered) : offered) {
    form.append('account', account);
  }
  const answer = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) throw new Error(`Consent form answered ${answer.status}`);
  return new URL(location);
}

/** The whole link flow with one bank: start, consent, callback, finish. */
export async function link(
  client: BankProvider,
  bank = 'Rabobank',
  options: { user?: PresentUser | null; accessDays?: number } = {},
): Promise<{ started: StartedLink; finished: FinishedLink }> {
  const user = options.user ?? null;
  const started = await client.startLink({
    institutionId: `NL:${bank}`,
    accessDays: options.accessDays ?? 90,
    historyDays: 730,
    redirectUrl: REDIRECT,
    state: 'signed-state',
    language: 'nl',
    user,
  });
  const back = await answerConsent(started.url);
  const callback = client.readCallback(Object.fromEntries(back.searchParams));
  const finished = await client.finishLink({
    attemptId: started.attemptId,
    code: callback.code,
    accessDays: options.accessDays ?? 90,
    user,
  });
  return { started, finished };
}

export function day(offsetDays: number, from: Date = START): string {
  return new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
