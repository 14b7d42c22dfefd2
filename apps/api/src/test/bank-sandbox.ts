import Fastify, { type FastifyInstance } from 'fastify';
import type { ConfiguredBank } from '../features/bank-accounts/providers/configured';
import { createEnableBankingProvider } from '../features/bank-accounts/providers/enablebanking/client';
import { createEnableBankingFake } from '../features/bank-accounts/providers/enablebanking/fake';
import { generateApplicationKeys } from '../features/bank-accounts/providers/enablebanking/fake-auth';
import { answerConsent as answerEnableBanking } from '../features/bank-accounts/providers/enablebanking/fake-harness';
import { createGoCardlessProvider } from '../features/bank-accounts/providers/gocardless/client';
import { createGoCardlessFake } from '../features/bank-accounts/providers/gocardless/fake';
import { answerConsent as answerGoCardless } from '../features/bank-accounts/providers/gocardless/fake-browser';

/**
 * The GoCardless sandbox bank on a server of its own and a real client of it, as an installation
 * without credentials has, for tests that reach the bank endpoints without caring which bank.
 */
export async function startBankSandbox(): Promise<{
  bank: ConfiguredBank;
  close(): Promise<void>;
}> {
  const fake = createGoCardlessFake();
  const server = Fastify();
  await server.register(fake.plugin, { prefix: '/sandbox-bank' });
  const origin = await server.listen({ port: 0, host: '127.0.0.1' });
  const { secretId, secretKey } = fake.control;
  const provider = createGoCardlessProvider({
    baseUrl: `${origin}/sandbox-bank/api/v2`,
    secretId,
    secretKey,
  });
  return { bank: { provider, sandbox: null }, close: () => server.close() };
}

/** How to make the same client elsewhere (another process): the provider and its settings. */
type ClientSettings =
  | { name: 'gocardless'; baseUrl: string; secretId: string; secretKey: string }
  | { name: 'enablebanking'; baseUrl: string; appId: string; privateKey: string };

/** The provider's real client with these settings. */
export function clientOf(settings: ClientSettings) {
  if (settings.name === 'gocardless') {
    const { baseUrl, secretId, secretKey } = settings;
    return createGoCardlessProvider({ baseUrl, secretId, secretKey });
  }
  const { baseUrl, appId, privateKey } = settings;
  return createEnableBankingProvider({ baseUrl, appId, privateKey });
}

/** A provider's client talking real HTTP to that provider's fake, on a server of its own. */
export interface ProviderSandbox {
  bank: ConfiguredBank;
  /** The user's answer on the bank's consent page: where the bank sends the browser back. */
  consent(url: string, action: 'allow' | 'cancel'): Promise<URL>;
  server: FastifyInstance;
  client: ClientSettings;
}

/** Runs before the fake answers each request: a test may hold a request there. */
type OnRequest = (url: string) => Promise<void> | void;

async function listen(plugin: NonNullable<ConfiguredBank['sandbox']>, onRequest?: OnRequest) {
  const server = Fastify();
  if (onRequest) server.addHook('onRequest', async (request) => onRequest(request.url));
  await server.register(plugin, { prefix: '/sandbox-bank' });
  const origin = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, base: `${origin}/sandbox-bank` };
}

const providerSandboxes: Record<
  BankProviderName,
  (onRequest?: OnRequest) => Promise<ProviderSandbox>
> = {
  async gocardless(onRequest) {
    const fake = createGoCardlessFake();
    const { server, base } = await listen(fake.plugin, onRequest);
    const { secretId, secretKey } = fake.control;
    const client = { name: 'gocardless' as const, baseUrl: `${base}/api/v2`, secretId, secretKey };
    return {
      bank: { provider: clientOf(client), sandbox: null },
      consent: (url, action) => answerGoCardless(url, action),
      server,
      client,
    };
  },
  async enablebanking(onRequest) {
    const keys = await generateApplicationKeys();
    const appId = crypto.randomUUID();
    const fake = createEnableBankingFake({ appId, publicKey: keys.publicKey });
    const { server, base } = await listen(fake.plugin, onRequest);
    const client = {
      name: 'enablebanking' as const,
      baseUrl: base,
      appId,
      privateKey: keys.privateKey,
    };
    return {
      bank: { provider: clientOf(client), sandbox: null },
      consent: (url, action) => answerEnableBanking(url, { action }),
      server,
      client,
    };
  },
};

export type BankProviderName = 'gocardless' | 'enablebanking';

/**
 * Each provider's client, talking real HTTP to that provider's fake on a server of its own;
 * `onRequest` hears every request the fake gets before it answers.
 */
export const startProviderSandbox = (name: BankProviderName, onRequest?: OnRequest) =>
  providerSandboxes[name](onRequest);
