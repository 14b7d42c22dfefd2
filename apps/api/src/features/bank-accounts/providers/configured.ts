import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config/env';
import { createEnableBankingProvider } from './enablebanking/client';
import { createEnableBankingFake } from './enablebanking/fake';
import { generateApplicationKeys } from './enablebanking/fake-auth';
import { createGoCardlessProvider } from './gocardless/client';
import { createGoCardlessFake } from './gocardless/fake';
import type { BankProvider } from './provider';

/** Where the in-process sandbox bank is mounted on the app (its API and consent pages). */
export const SANDBOX_PREFIX = '/sandbox-bank';

export interface ConfiguredBank {
  provider: BankProvider;
  /** The sandbox bank to mount at SANDBOX_PREFIX, when no credentials are configured. */
  sandbox: FastifyPluginAsync | null;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The provider `BANK_PROVIDER` names: its real client with the configured credentials, or, with
 * none, the same client talking real HTTP to that provider's fake, mounted on this app so the
 * browser reaches its consent page on our own origin. The demo links a bank without a contract
 * and runs every line of the real client.
 */
export async function configuredBank(config: Config, log: Log): Promise<ConfiguredBank> {
  const bank = config.bank;
  const sandboxUrl = `${config.publicUrl}${SANDBOX_PREFIX}`;
  if (bank.provider === 'gocardless') {
    if (!bank.sandbox) {
      const { baseUrl, secretId, secretKey } = bank;
      return {
        provider: createGoCardlessProvider({ baseUrl, secretId, secretKey, log }),
        sandbox: null,
      };
    }
    const fake = createGoCardlessFake();
    const { secretId, secretKey } = fake.control;
    return {
      provider: createGoCardlessProvider({
        baseUrl: `${sandboxUrl}/api/v2`,
        secretId,
        secretKey,
        log,
      }),
      sandbox: fake.plugin,
    };
  }
  if (!bank.sandbox) {
    const { baseUrl, appId, privateKey } = bank;
    return {
      provider: createEnableBankingProvider({ baseUrl, appId, privateKey, log }),
      sandbox: null,
    };
  }
  const keys = await generateApplicationKeys();
  const appId = crypto.randomUUID();
  const fake = createEnableBankingFake({
    appId,
    publicKey: keys.publicKey,
    applicationName: 'Helder',
  });
  return {
    provider: createEnableBankingProvider({
      baseUrl: sandboxUrl,
      appId,
      privateKey: keys.privateKey,
      log,
    }),
    sandbox: fake.plugin,
  };
}
