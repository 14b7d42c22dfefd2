import Fastify from 'fastify';
import type { ConfiguredBank } from '../features/bank-accounts/providers/configured';
import { createGoCardlessProvider } from '../features/bank-accounts/providers/gocardless/client';
import { createGoCardlessFake } from '../features/bank-accounts/providers/gocardless/fake';

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
