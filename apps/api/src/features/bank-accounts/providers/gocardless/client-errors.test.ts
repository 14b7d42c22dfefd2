import { describe, expect, it } from 'vitest';
import { DAY, failure, goCardlessHarness, range } from './client-harness';

/** How the GoCardless client meets each error the service answers, seen against the fake. */

const { fake, where, provider, linkInput, freshAccount, withQuirks, today } = goCardlessHarness();

describe('errors', () => {
  it('renews a token the service let expire and repeats the call', async () => {
    const { client, linkId } = await freshAccount('BUNQ_BUNQNL2A');
    // The fake's clock passes the token's day; the client's own clock does not.
    fake.control.advance(25 * 3_600_000);
    expect(await client.linkStatus(linkId)).toBe('active');
    // Every token forgotten: the refresh is refused too, so the client asks for a new pair.
    fake.control.invalidateTokens();
    expect(await client.linkStatus(linkId)).toBe('active');
  });

  it('repeats a call refused for its token only once', async () => {
    const { client, account } = await freshAccount('KNAB_KNABNL2H');
    const invalid = {
      summary: 'Invalid token',
      detail: 'Token is invalid or expired',
      status_code: 401,
    };
    const error = await withQuirks(
      'KNAB_KNABNL2H',
      { failWith: { status: 401, body: invalid } },
      () => failure(client.listTransactions(account.accountId, range(today(), today()))),
    );
    expect(error.kind).toBe('unavailable');
    expect(fake.control.calls(account.accountId).transactions).toBe(2);
  });

  it('reports wrong secrets as credentials_invalid without repeating them', async () => {
    const error = await failure(
      provider({ secretKey: 'wrong-key-xyz' }).client.listInstitutions('NL'),
    );
    expect(error.kind).toBe('credentials_invalid');
    expect(error.message).toBe(
      'Authentication failed: No active account found with the given credentials',
    );
    expect(error.details.status).toBe(401);
  });

  it('takes secrets out of what the provider says', async () => {
    const { client, account } = await freshAccount('KNAB_KNABNL2H');
    const body = {
      summary: 'Bad',
      detail: `echoed ${fake.control.secretKey} back`,
      status_code: 400,
    };
    const error = await withQuirks('KNAB_KNABNL2H', { failWith: { status: 400, body } }, () =>
      failure(client.listTransactions(account.accountId, range(today(), today()))),
    );
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toBe('Bad: echoed [redacted] back');
  });

  it('stops at 4 transaction calls a day with a retryAt from the 429, and logs the limits', async () => {
    const { client, lines, account } = await freshAccount('RABOBANK_RABONL2U');
    for (let call = 0; call < 4; call += 1) {
      await client.listTransactions(account.accountId, range(today(), today()));
      fake.control.advance(3_600_000);
    }
    const error = await failure(
      client.listTransactions(account.accountId, range(today(), today())),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toMatch(
      /^Rate limit exceeded: .* 4\/day\. Please try again in 72000 seconds$/,
    );
    const wait = error.details.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(72_000_000 - 60_000);
    expect(wait).toBeLessThanOrEqual(72_000_000);
    // The rate-limit headers reach the log, the last ones from the refused call.
    const limits = lines.filter((l) => l.level === 'debug').map((l) => l.obj);
    expect(limits.at(-1)).toMatchObject({
      method: 'GET',
      path: `accounts/${account.accountId}/transactions/`,
      rateLimit: {
        limit: '100',
        account_success_limit: '4',
        account_success_remaining: '0',
        account_success_reset: '72000',
      },
    });
    // The window rolls: a day after the first call, one call is free again.
    fake.control.advance(20 * 3_600_000);
    await client.listTransactions(account.accountId, range(today(), today()));
  });

  it("reports the bank's own daily limit as rate_limited until the next day", async () => {
    const { client, account } = await freshAccount('SNS_BANK_SNSBNL2A');
    const error = await withQuirks('SNS_BANK_SNSBNL2A', { bankRateLimited: true }, () =>
      failure(client.listTransactions(account.accountId, range(today(), today()))),
    );
    expect(error).toMatchObject({
      kind: 'rate_limited',
      details: { status: 429, code: 'RateLimitError' },
    });
    const wait = error.details.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(DAY - 60_000);
    expect(wait).toBeLessThanOrEqual(DAY);
  });

  it('reports data still being processed, then reads it', async () => {
    const { client, account } = await freshAccount('TRIODOS_TRIONL2U');
    await withQuirks('TRIODOS_TRIONL2U', { processingFirstFetch: true }, async () => {
      const error = await failure(
        client.listTransactions(account.accountId, range(today(), today())),
      );
      expect(error).toMatchObject({ kind: 'processing', details: { status: 409 } });
      await client.listTransactions(account.accountId, range(today(), today()));
    });
  });

  it.each([400, 401] as const)(
    'asks to link again when the agreement expired early (%i)',
    async (status) => {
      const { client, account, linkId } = await freshAccount('ABNAMRO_ABNANL2A');
      fake.control.expire(linkId, { status });
      const error = await failure(
        client.listTransactions(account.accountId, range(today(), today())),
      );
      expect(error).toMatchObject({ kind: 'reauth_required', details: { status } });
      expect(error.message).toMatch(
        /^End User Agreement \(EUA\) .+ has expired: EUA was valid for 90 days/,
      );
      expect(await client.linkStatus(linkId)).toBe('expired');
    },
  );

  it('asks to link again when the consent ran out by the clock', async () => {
    const { client, account, linkId } = await freshAccount('ING_INGBNL2A', { accessDays: 1 });
    fake.control.advance(DAY + 60_000);
    expect(await client.linkStatus(linkId)).toBe('expired');
    const error = await failure(
      client.listTransactions(account.accountId, range(today(), today())),
    );
    expect(error.kind).toBe('reauth_required');
  });

  it('asks to link again when the user withdrew the consent at the bank', async () => {
    const { client, account, linkId } = await freshAccount('ING_INGBNL2A');
    fake.control.revoke(linkId);
    const error = await failure(
      client.listTransactions(account.accountId, range(today(), today())),
    );
    expect(error).toMatchObject({
      kind: 'reauth_required',
      details: { status: 401, code: 'AccessExpiredError' },
    });
    expect(await client.linkStatus(linkId)).toBe('revoked');
  });

  it('asks to link again for a suspended account', async () => {
    const { client, account } = await freshAccount('ING_INGBNL2A');
    fake.control.setAccountStatus(account.accountId, 'SUSPENDED');
    const error = await failure(
      client.listTransactions(account.accountId, range(today(), today())),
    );
    expect(error).toMatchObject({ kind: 'reauth_required', details: { status: 409 } });
  });

  it('deletes a link; afterwards it reads as revoked and its accounts are gone', async () => {
    const { client, account, linkId } = await freshAccount('ING_INGBNL2A');
    await client.deleteLink(linkId);
    expect(await client.linkStatus(linkId)).toBe('revoked');
    const error = await failure(
      client.listTransactions(account.accountId, range(today(), today())),
    );
    expect(error).toMatchObject({ kind: 'not_found', details: { status: 404 } });
    await expect(client.deleteLink(linkId)).resolves.toBeUndefined();
  });

  it('reports a failing bank as unavailable with what GoCardless said', async () => {
    const { client, account } = await freshAccount('KNAB_KNABNL2H');
    const body = {
      summary: "Couldn't update account transactions",
      detail: 'Request to Institution returned an error',
      type: 'UnknownRequestError',
      status_code: 500,
    };
    const error = await withQuirks('KNAB_KNABNL2H', { failWith: { status: 500, body } }, () =>
      failure(client.listTransactions(account.accountId, range(today(), today()))),
    );
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: "Couldn't update account transactions: Request to Institution returned an error",
      details: { status: 500, code: 'UnknownRequestError' },
    });
  });

  it('gives up on a call that takes longer than its timeout', async () => {
    const { account } = await freshAccount('KNAB_KNABNL2H');
    const { client } = provider({ timeoutMs: 300 });
    const error = await withQuirks('KNAB_KNABNL2H', { failWith: 'timeout' }, () =>
      failure(client.listTransactions(account.accountId, range(today(), today()))),
    );
    expect(error).toMatchObject({ kind: 'unavailable', details: { code: 'timeout' } });
  });

  it('reports an answer that is not JSON as unavailable', async () => {
    const { client, account } = await freshAccount('KNAB_KNABNL2H');
    const error = await withQuirks('KNAB_KNABNL2H', { failWith: 'malformed' }, () =>
      failure(client.listTransactions(account.accountId, range(today(), today()))),
    );
    expect(error).toMatchObject({ kind: 'unavailable', details: { status: 200 } });
  });

  it('refuses a link the service refuses, and leaves no agreement behind', async () => {
    const agreements = async () => {
      const secrets = { secret_id: fake.control.secretId, secret_key: fake.control.secretKey };
      const token = (await (
        await fetch(`${where.baseUrl}/token/new/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(secrets),
        })
      ).json()) as { access: string };
      const list = await fetch(`${where.baseUrl}/agreements/enduser/?limit=1000`, {
        headers: { authorization: `Bearer ${token.access}` },
      });
      return ((await list.json()) as { count: number }).count;
    };
    const before = await agreements();
    const { client } = provider();
    const error = await failure(
      client.startLink(linkInput('ING_INGBNL2A', { redirectUrl: 'not a url' })),
    );
    expect(error).toMatchObject({
      kind: 'invalid_request',
      message: 'Invalid request: redirect: Enter a valid URL.',
      details: { status: 400 },
    });
    expect(await agreements()).toBe(before);
  });

  it('reports a provider it cannot reach as unavailable', async () => {
    const { client } = provider({ baseUrl: 'http://127.0.0.1:1/api/v2' });
    const error = await failure(client.listInstitutions('NL'));
    expect(error).toMatchObject({ kind: 'unavailable', details: { code: 'network' } });
  });
});
