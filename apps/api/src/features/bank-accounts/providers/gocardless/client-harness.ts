import Fastify from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ProviderError, type BankProvider, type StartLinkInput } from '../provider';
import { createGoCardlessProvider } from './client';
import type { ProviderLog } from './client-http';
import { createGoCardlessFake, type InstitutionQuirks } from './fake';
import { answerConsent } from './fake-browser';

/**
 * What the client's test files share: the GoCardless fake on a server of its own, mounted behind
 * a prefix as the demo mounts it (so every URL it hands out must carry that prefix), clients of
 * it that log into a list, and the steps of a link as a user's browser takes them.
 */

export const DAY = 86_400_000;
export const REDIRECT = 'http://helder.test/api/users/7/gocardless-callback';

const NO_QUIRKS: InstitutionQuirks = {
  processingFirstFetch: false,
  missingTransactionIds: false,
  bankRateLimited: false,
  failWith: null,
  rejectConsent: false,
};

const BANK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

interface LogLine {
  level: string;
  obj: object;
  msg: string;
}

export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) {
    throw new Error(`expected a ProviderError, got ${String(error)}`);
  }
  return error;
}

export const range = (from: string, to: string) => ({ from, to, cursor: null, user: null });

/** A fake for one test file: started before its tests, closed after them. */
export function goCardlessHarness() {
  const fake = createGoCardlessFake({
    now: new Date(),
    secretId: 'id-123456',
    secretKey: 'key-abcdef',
  });
  const where = { origin: '', baseUrl: '' };
  const app = Fastify();
  beforeAll(async () => {
    await app.register(fake.plugin, { prefix: '/sandbox-bank' });
    where.origin = await app.listen({ port: 0, host: '127.0.0.1' });
    where.baseUrl = `${where.origin}/sandbox-bank/api/v2`;
  });
  afterAll(() => app.close());

  const provider = (
    overrides: { secretKey?: string; timeoutMs?: number; baseUrl?: string } = {},
  ) => {
    const lines: LogLine[] = [];
    const log: ProviderLog = {
      warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
      info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
      debug: (obj, msg) => lines.push({ level: 'debug', obj, msg }),
    };
    const client = createGoCardlessProvider({
      baseUrl: overrides.baseUrl ?? where.baseUrl,
      secretId: fake.control.secretId,
      secretKey: overrides.secretKey ?? fake.control.secretKey,
      ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
      log,
    });
    return { client, lines };
  };

  let states = 0;
  const linkInput = (institutionId: string, extra: Partial<StartLinkInput> = {}) => {
    states += 1;
    const input: StartLinkInput = {
      institutionId,
      accessDays: 90,
      historyDays: 730,
      redirectUrl: REDIRECT,
      state: `signed-state-${states}`,
      language: 'nl',
      user: null,
      ...extra,
    };
    return input;
  };

  /** Starts a link, allows it on the consent page and finishes it. */
  const linked = async (
    client: BankProvider,
    institutionId: string,
    extra: Partial<StartLinkInput> = {},
  ) => {
    const input = linkInput(institutionId, extra);
    const started = await client.startLink(input);
    const back = await answerConsent(started.url, 'allow');
    const callback = client.readCallback(Object.fromEntries(back.searchParams));
    expect(callback.state).toBe(input.state);
    const finished = await client.finishLink({
      attemptId: started.attemptId,
      code: callback.code,
      accessDays: input.accessDays,
      user: null,
    });
    return { started, finished };
  };

  /** A fresh account of a bank, linked through the consent page. */
  const freshAccount = async (institutionId: string, extra: Partial<StartLinkInput> = {}) => {
    const { client, lines } = provider();
    const { finished } = await linked(client, institutionId, extra);
    return { client, lines, linkId: finished.linkId, account: finished.accounts[0]! };
  };

  /** Switches a bank's quirks on for one test only: the fake is shared by the whole file. */
  const withQuirks = async <T>(
    institutionId: string,
    quirks: Partial<InstitutionQuirks>,
    run: () => Promise<T>,
  ): Promise<T> => {
    fake.control.setQuirks(institutionId, quirks);
    try {
      return await run();
    } finally {
      fake.control.setQuirks(institutionId, NO_QUIRKS);
    }
  };

  /** The fake bank's calendar day, `n` days back. */
  const daysAgo = (n: number) => BANK_DAY.format(fake.control.now().getTime() - n * DAY);
  const today = () => daysAgo(0);

  return { fake, where, provider, linkInput, linked, freshAccount, withQuirks, today, daysAgo };
}
