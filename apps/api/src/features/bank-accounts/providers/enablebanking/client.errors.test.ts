import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, exportPKCS8 } from 'jose';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, type BankProvider } from '../provider';
import { createEnableBankingProvider } from './client';
import { APP_ID, day, link, startFake, USER, type Sandbox } from './fake-harness';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startFake();
});
afterEach(async () => {
  await sandbox.close();
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError))
    throw new Error(`Expected a ProviderError, got ${String(error)}`);
  // Whatever went wrong, neither our token nor our key is in what gets logged.
  expect(error.message).not.toMatch(/eyJ|BEGIN|PRIVATE/);
  return error;
}

const recent = { from: day(-10), to: day(0), cursor: null, user: null };

/** A linked Rabobank account: its id, and the client that linked it. */
async function linkedAccount(client: BankProvider = sandbox.client()) {
  const { finished } = await link(client, 'Rabobank');
  return finished.accounts[0]?.accountId ?? '';
}

describe('the Enable Banking client: its key and token', () => {
  it('refuses at once a key that is not an RSA private key, without quoting it', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const make = (privateKey: string) => () =>
      createEnableBankingProvider({ baseUrl: sandbox.baseUrl, appId: APP_ID, privateKey });
    expect(make(String(ec))).toThrow('The Enable Banking private key must be an RSA key, not ec');
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    });
    expect(make(String(short))).toThrow(
      'The Enable Banking private key has 1024 bits; RS256 needs at least 2048',
    );
    expect(make('-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----')).toThrow(
      'The Enable Banking private key is not a readable PEM private key',
    );
    expect(make('/nonexistent/key.pem')).toThrow(
      'The Enable Banking private key file could not be read (ENOENT)',
    );
  });

  it('reads the key from a PEM file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'eb-key-'));
    try {
      const file = join(folder, `${APP_ID}.pem`);
      writeFileSync(file, sandbox.privateKey);
      const client = sandbox.client({ privateKey: file });
      expect((await client.listInstitutions('NL')).length).toBeGreaterThan(0);
    } finally {
      rmSync(folder, { recursive: true });
    }
  });

  it('is refused with a key the application did not register, or another application id', async () => {
    const other = await exportPKCS8(
      (await generateKeyPair('RS256', { extractable: true })).privateKey,
    );
    const wrongKey = await failure(sandbox.client({ privateKey: other }).listInstitutions('NL'));
    expect(wrongKey).toMatchObject({
      kind: 'credentials_invalid',
      message: 'Wrong signature',
      details: { status: 401 },
    });
    const wrongApp = await failure(
      sandbox.client({ appId: '00000000-0000-4000-8000-000000000000' }).listInstitutions('NL'),
    );
    expect(wrongApp.kind).toBe('credentials_invalid');
  });

  it('is refused while the application is not active', async () => {
    sandbox.control.setApplicationActive(false);
    const refused = await failure(sandbox.client().listInstitutions('NL'));
    expect(refused).toMatchObject({
      kind: 'credentials_invalid',
      message: 'Application is not active',
      details: { status: 403 },
    });
  });

  it('reuses its token for an hour less a margin, then signs a new one the API accepts', async () => {
    const client = sandbox.client();
    const issued = () => sandbox.control.requests.at(-1)?.tokenIssuedAt;
    await client.listInstitutions('NL');
    const first = issued();
    expect(first).toBe(Math.floor(sandbox.control.clock.now().getTime() / 1000));
    sandbox.control.clock.advance(50 * 60_000);
    await client.listInstitutions('NL');
    expect(issued()).toBe(first);
    sandbox.control.clock.advance(6 * 60_000);
    await client.listInstitutions('NL');
    expect(issued()).toBe((first ?? 0) + 56 * 60);
    sandbox.control.clock.advance(3 * 60 * 60_000);
    await client.listInstitutions('NL');
    expect(issued()).toBe((first ?? 0) + 236 * 60);
  });

  it('is refused when its clock runs so far behind that its token has expired', async () => {
    const behind = new Date(sandbox.control.clock.now().getTime() - 2 * 60 * 60_000);
    const refused = await failure(sandbox.client({ now: () => behind }).listInstitutions('NL'));
    expect(refused).toMatchObject({ kind: 'credentials_invalid', message: 'JWT is expired' });
  });
});

describe('the Enable Banking client: errors', () => {
  it("stops at a bank's daily limit with a retry a day later and does not retry by itself", async () => {
    const client = sandbox.client();
    const account = await linkedAccount(client);
    for (let call = 0; call < 4; call += 1) await client.listTransactions(account, recent);
    const limited = await failure(client.listTransactions(account, recent));
    expect(limited).toMatchObject({
      kind: 'rate_limited',
      message:
        '[HUB046] Allowed number of accesses exceeded for consent (ASPSP_RATE_LIMIT_EXCEEDED)',
      details: {
        status: 429,
        code: 'ASPSP_RATE_LIMIT_EXCEEDED',
        retryAt: new Date(sandbox.control.clock.now().getTime() + 86_400_000),
      },
    });
    expect(sandbox.control.callCounts(account).transactions).toBe(5);
    // With the user present the bank answers anyway.
    await client.listTransactions(account, { ...recent, user: USER });
    sandbox.control.clock.advance(86_400_000);
    await client.listTransactions(account, recent);
    expect(sandbox.control.callCounts(account).transactions).toBe(7);
  });

  it('meets a bank that allows no unattended call at all', async () => {
    sandbox.control.setQuirks('Rabobank', { alwaysRateLimited: true });
    const client = sandbox.client();
    const account = await linkedAccount(client);
    expect((await failure(client.listTransactions(account, recent))).kind).toBe('rate_limited');
    expect(
      (await client.listTransactions(account, { ...recent, user: USER })).transactions.length,
    ).toBeGreaterThan(0);
  });

  it('calls the failures of the bank or the service unavailable', async () => {
    const client = sandbox.client();
    const account = await linkedAccount(client);
    const answers = [
      { status: 500, body: { code: 500, message: 'Internal server error' } },
      {
        status: 400,
        body: {
          code: 400,
          message: 'Error interacting with ASPSP',
          detail: 'Unknown error',
          error: 'ASPSP_ERROR',
        },
      },
      { status: 408, body: { code: 408, message: 'ASPSP timeout', error: 'ASPSP_TIMEOUT' } },
      { status: 502, body: '<html><body>Bad gateway</body></html>' },
    ];
    const seen = [];
    for (const failWith of answers) {
      sandbox.control.setQuirks('Rabobank', { failWith });
      const error = await failure(client.listTransactions(account, recent));
      seen.push([error.kind, error.message]);
    }
    expect(seen).toEqual([
      ['unavailable', 'Internal server error'],
      ['unavailable', 'Error interacting with ASPSP (ASPSP_ERROR): Unknown error'],
      ['unavailable', 'ASPSP timeout (ASPSP_TIMEOUT)'],
      ['unavailable', 'Enable Banking answered 502 without JSON'],
    ]);
  });

  it('logs each failure with what it was and where, never with the token', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const client = sandbox.client({ log });
    const { finished } = await link(client, 'Rabobank');
    const account = finished.accounts[0]?.accountId ?? '';
    sandbox.control.revoke(finished.linkId);
    await failure(client.listTransactions(account, recent));
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toMatchObject([
      {
        level: 40,
        method: 'GET',
        path: `/accounts/${account}/transactions`,
        kind: 'reauth_required',
        status: 401,
        code: 'REVOKED_SESSION',
        msg: 'Session is revoked (REVOKED_SESSION)',
      },
    ]);
    expect(lines.join('')).not.toMatch(/eyJ|Bearer/);
  });

  it('calls a body that is not JSON, or not the expected shape, unavailable', async () => {
    const client = sandbox.client();
    const account = await linkedAccount(client);
    sandbox.control.setQuirks('Rabobank', { failWith: 'malformed' });
    expect(await failure(client.listTransactions(account, recent))).toMatchObject({
      kind: 'unavailable',
      message: 'Enable Banking answered with a body that is not JSON',
    });
    sandbox.control.setQuirks('Rabobank', {
      failWith: { status: 200, body: { transactions: 'none' } },
    });
    expect(await failure(client.listTransactions(account, recent))).toMatchObject({
      kind: 'unavailable',
      message: 'Enable Banking answered an unexpected transactions',
    });
  });

  it('gives up on a bank that does not answer in time', async () => {
    const client = sandbox.client({ timeoutMs: 300 });
    const account = await linkedAccount(client);
    sandbox.control.setQuirks('Rabobank', { failWith: 'timeout' });
    expect(await failure(client.listTransactions(account, recent))).toMatchObject({
      kind: 'unavailable',
      message: 'Enable Banking did not answer within 300 ms',
    });
  });

  it('calls an unreachable service unavailable', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const client = sandbox.client({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await failure(client.listInstitutions('NL'))).toMatchObject({
      kind: 'unavailable',
      message: 'Enable Banking could not be reached (ECONNREFUSED)',
    });
  });

  it('reports an unknown account as not found and a bad range as an invalid request', async () => {
    const client = sandbox.client();
    await linkedAccount(client);
    const unknown = await failure(
      client.listTransactions('0c3e0000-0000-4000-8000-000000000000', recent),
    );
    expect(unknown).toMatchObject({
      kind: 'not_found',
      details: { status: 404, code: 'ACCOUNT_DOES_NOT_EXIST' },
    });
    const account = await linkedAccount(client);
    const backwards = await failure(
      client.listTransactions(account, { ...recent, from: day(0), to: day(-3) }),
    );
    expect(backwards).toMatchObject({
      kind: 'invalid_request',
      details: { code: 'WRONG_DATE_INTERVAL' },
    });
    const future = await failure(
      client.listTransactions(account, { ...recent, from: day(2), to: day(3) }),
    );
    expect(future.details.code).toBe('DATE_FROM_IN_FUTURE');
    const made = await failure(
      client.listTransactions(account, { ...recent, cursor: 'bm90IGEgY3Vyc29y' }),
    );
    expect(made.kind).toBe('invalid_request');
  });
});
