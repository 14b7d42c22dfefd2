import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ID, day, link, REDIRECT, START, startFake, USER, type Sandbox } from './fake-harness';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startFake({ pageSize: 5 });
});
afterEach(async () => {
  await sandbox.close();
});

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function token(
  change: { kid?: string; iss?: string; aud?: string; iat?: number; exp?: number } = {},
) {
  const now = Math.floor(START.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: change.kid ?? APP_ID })
    .setIssuer(change.iss ?? 'enablebanking.com')
    .setAudience(change.aud ?? 'api.enablebanking.com')
    .setIssuedAt(change.iat ?? now)
    .setExpirationTime(change.exp ?? now + 3600)
    .sign(createPrivateKey(sandbox.privateKey));
}

async function withToken(jwt: string | null) {
  const headers: Record<string, string> = jwt ? { authorization: `Bearer ${jwt}` } : {};
  return json(await fetch(`${sandbox.baseUrl}/application`, { headers }));
}

/** A linked account's uid, unattended calls to it, and the path of its transactions. */
async function account(bank = 'Rabobank') {
  const { finished } = await link(sandbox.client(), bank);
  const uid = finished.accounts[0]?.accountId ?? '';
  return { uid, path: `/accounts/${uid}/transactions`, linkId: finished.linkId };
}

describe('the sandbox Enable Banking: the application JWT', () => {
  it('accepts a good token and answers the application', async () => {
    expect(await withToken(await token())).toEqual({
      status: 200,
      body: {
        name: 'Helder',
        kid: APP_ID,
        environment: 'SANDBOX',
        redirect_urls: [],
        active: true,
        countries: ['NL'],
        services: ['AIS'],
      },
    });
  });

  it('answers the real bodies for a missing, forged, foreign or outdated token', async () => {
    const now = Math.floor(START.getTime() / 1000);
    const answers = await Promise.all([
      withToken(null),
      withToken(await token({ kid: 'another-app' })),
      withToken(`${(await token()).slice(0, -4)}AAAA`),
      withToken(await token({ iss: 'someone.else' })),
      withToken(await token({ aud: 'api.tilisy.com' })),
      withToken(await token({ iat: now - 7200, exp: now - 3600 })),
      withToken(await token({ iat: now, exp: now + 86_401 })),
    ]);
    expect(answers).toEqual([
      {
        status: 401,
        body: {
          code: 401,
          message: 'Authorization header is not provided',
          error: 'AUTHORIZATION_NOT_PROVIDED',
        },
      },
      { status: 401, body: { code: 401, message: 'Wrong signature' } },
      { status: 401, body: { code: 401, message: 'Wrong signature' } },
      { status: 401, body: { code: 401, message: 'Invalid JWT claim iss' } },
      { status: 401, body: { code: 401, message: 'Invalid JWT claim aud' } },
      { status: 401, body: { code: 401, message: 'JWT is expired' } },
      { status: 401, body: { code: 401, message: 'JWT lifetime must not exceed 86400 seconds' } },
    ]);
  });
});

describe('the sandbox Enable Banking: banks and authorisation', () => {
  it('filters its banks by country, PSU type and service', async () => {
    const names = async (query: string) =>
      (
        (await json(await sandbox.call(`/aspsps${query}`))).body.aspsps as {
          name: string;
          country: string;
        }[]
      ).map((a) => `${a.country}:${a.name}`);
    expect(await names('?country=FI')).toEqual(['FI:Mock ASPSP']);
    expect(await names('?country=NL&psu_type=business')).not.toContain('NL:ASN Bank');
    expect(await names('?country=NL&psu_type=personal')).toContain('NL:ASN Bank');
    expect(await names('?service=PIS')).toEqual([]);
    const ing = (
      (await json(await sandbox.call('/aspsps?country=NL'))).body.aspsps as Record<
        string,
        unknown
      >[]
    ).find((a) => a.name === 'ING');
    expect(ing).toMatchObject({
      maximum_consent_validity: 7_776_000,
      required_psu_headers: ['Psu-Ip-Address', 'Psu-User-Agent'],
    });
  });

  it('refuses an authorisation beyond the bank maximum, for an unknown bank or with loose credentials', async () => {
    const auth = (body: Record<string, unknown>) =>
      sandbox.call('/auth', {
        method: 'POST',
        body: JSON.stringify({
          access: { valid_until: new Date(START.getTime() + 91 * 86_400_000).toISOString() },
          aspsp: { name: 'bunq', country: 'NL' },
          state: 's',
          redirect_url: REDIRECT,
          ...body,
        }),
      });
    expect(await json(await auth({}))).toEqual({
      status: 422,
      body: {
        code: 422,
        message: 'ASPSP does not support consent validity more than 7776000 seconds in the future',
        error: 'WRONG_REQUEST_PARAMETERS',
        detail: null,
      },
    });
    expect((await json(await auth({ aspsp: { name: 'Bunq', country: 'NL' } }))).body.error).toBe(
      'WRONG_ASPSP_PROVIDED',
    );
    expect(
      (
        await json(
          await auth({ aspsp: { name: 'Rabobank', country: 'NL' }, credentials: { userId: 'x' } }),
        )
      ).body,
    ).toMatchObject({
      code: 422,
      error: 'WRONG_REQUEST_PARAMETERS',
    });
    expect((await json(await auth({ state: undefined }))).body.message).toBe('state is required');
  });

  it('serves a consent page without script or inline style, labelled and in Dutch', async () => {
    const started = await sandbox.client().startLink({
      institutionId: 'NL:ABN AMRO',
      accessDays: 90,
      historyDays: 90,
      redirectUrl: REDIRECT,
      state: 's',
      language: 'nl',
      user: null,
    });
    const response = await fetch(started.url);
    const html = await response.text();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="nl">');
    expect(html).not.toMatch(/<script|<style|style=|\son[a-z]+=/i);
    expect(html).toMatch(/<h1>.*ABN AMRO<\/h1>/);
    const boxes = [
      ...html.matchAll(
        /<input type="checkbox" id="([^"]+)" name="account" value="[^"]+" checked>/g,
      ),
    ];
    expect(boxes).toHaveLength(2);
    for (const [, id] of boxes) expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('<button type="submit" name="action" value="allow">Toestaan</button>');
    expect(html).toContain('<button type="submit" name="action" value="cancel">Annuleren</button>');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(stylesheet).toBe(`${sandbox.baseUrl}/ais/consent.css`);
    const css = await fetch(stylesheet);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('focus-visible');
  });

  it('fails a consent page left open too long, and a consent that grants no account', async () => {
    const client = sandbox.client();
    const start = () =>
      client.startLink({
        institutionId: 'NL:Knab',
        accessDays: 30,
        historyDays: 90,
        redirectUrl: REDIRECT,
        state: 's',
        language: 'nl',
        user: null,
      });
    const abandoned = await start();
    sandbox.control.clock.advance(11 * 60_000);
    const page = await fetch(abandoned.url);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Error while updating authentication status');
    expect(await client.linkStatus(sandbox.control.sessionIdOf(abandoned.attemptId) ?? '')).toBe(
      'failed',
    );

    const empty = await start();
    const form = new URLSearchParams({ sessionid: empty.attemptId, action: 'allow' });
    const back = await fetch(`${sandbox.baseUrl}/ais/start`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '');
    expect([...location.searchParams]).toEqual([
      ['error', 'access_denied'],
      ['error_description', 'Denied data sharing consent'],
      ['state', 's'],
    ]);
  });

  it('keeps a session readable after delete, as closed', async () => {
    const { linkId } = await account();
    expect(await json(await sandbox.call(`/sessions/${linkId}`, { method: 'DELETE' }))).toEqual({
      status: 200,
      body: { message: 'OK' },
    });
    const session = await json(await sandbox.call(`/sessions/${linkId}`));
    expect(session.body).toMatchObject({
      status: 'CLOSED',
      aspsp: { name: 'Rabobank', country: 'NL' },
      psu_type: 'business',
    });
    expect(session.body.closed).toBe(START.toISOString());
  });
});

describe('the sandbox Enable Banking: account data', () => {
  it('binds a continuation key to its query and its account', async () => {
    const { path } = await account();
    const query = `date_from=${day(-20)}&date_to=${day(0)}`;
    const first = await json(await sandbox.call(`${path}?${query}`));
    const key = String(first.body.continuation_key);
    expect(first.body.transactions).toHaveLength(5);
    const [payload] = key.split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      params: { dateFrom: day(-20), dateTo: day(0), transactionStatus: null },
    });
    expect(
      (await json(await sandbox.call(`${path}?${query}&continuation_key=${key}`))).status,
    ).toBe(200);
    expect(
      await json(
        await sandbox.call(
          `${path}?date_from=${day(-19)}&date_to=${day(0)}&continuation_key=${key}`,
        ),
      ),
    ).toEqual({
      status: 422,
      body: {
        code: 422,
        message:
          'dateFrom in request is not the same as in continuationKey. Continuation key is only valid for the same getAccountTransactions parameters',
        error: 'WRONG_REQUEST_PARAMETERS',
        detail: { error_name: 'ParameterValidationException' },
      },
    });
    const forged = `${payload ?? ''}.${'0'.repeat(64)}`;
    expect(
      (await json(await sandbox.call(`${path}?${query}&continuation_key=${forged}`))).body.error,
    ).toBe('WRONG_CONTINUATION_KEY');
    const other = await account();
    expect(
      (await json(await sandbox.call(`${other.path}?${query}&continuation_key=${key}`))).body.error,
    ).toBe('WRONG_CONTINUATION_KEY');
  });

  it('checks the dates asked and keeps the 90-day window once the first hour has passed', async () => {
    const { path } = await account();
    const ask = async (query: string) => (await json(await sandbox.call(`${path}?${query}`))).body;
    expect(await ask(`date_to=${day(0)}`)).toMatchObject({ error: 'DATE_TO_WITHOUT_DATE_FROM' });
    expect(await ask('date_from=15-06-2026')).toMatchObject({ error: 'WRONG_REQUEST_PARAMETERS' });
    expect(await ask(`date_from=${day(-700)}`)).toHaveProperty('transactions');
    sandbox.control.clock.advance(61 * 60_000);
    expect(await ask(`date_from=${day(-90)}`)).toEqual({
      code: 422,
      message: 'Wrong transactions period requested',
      error: 'WRONG_TRANSACTIONS_PERIOD',
      detail: { date_from: day(-89) },
    });
    expect(await ask(`date_from=${day(-89)}`)).toHaveProperty('transactions');
    const longest = await ask(`date_from=${day(-400)}&strategy=longest&transaction_status=BOOK`);
    const rows = longest.transactions as { booking_date: string; status: string }[];
    expect(rows.every((r) => r.status === 'BOOK' && r.booking_date >= day(-89))).toBe(true);
  });

  it('allows four unattended calls per account and endpoint in 24 hours, pages not counted', async () => {
    const { uid, path } = await account();
    const call = async (suffix: string, headers: Record<string, string> = {}) =>
      (await sandbox.call(`/accounts/${uid}${suffix}`, { headers })).status;
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await call('/balances'));
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await json(await sandbox.call(`/accounts/${uid}/balances`))).toEqual({
      status: 429,
      body: {
        code: 429,
        message: '[HUB046] Allowed number of accesses exceeded for consent',
        error: 'ASPSP_RATE_LIMIT_EXCEEDED',
        detail: null,
      },
    });
    expect(await call('/balances', { 'psu-ip-address': USER.ipAddress })).toBe(200);
    expect(await call('/details')).toBe(200);
    const first = await json(await sandbox.call(`${path}?date_from=${day(-30)}`));
    const key = String(first.body.continuation_key);
    for (let i = 0; i < 5; i += 1) {
      expect(await call(`/transactions?date_from=${day(-30)}&continuation_key=${key}`)).toBe(200);
    }
    sandbox.control.clock.advance(23 * 60 * 60_000);
    expect(await call('/balances')).toBe(429);
    sandbox.control.clock.advance(60 * 60_000 + 1_000);
    expect(await call('/balances')).toBe(200);
    expect(sandbox.control.callCounts(uid)).toEqual({ details: 1, balances: 9, transactions: 6 });
  });

  it('wants all of a bank’s required PSU headers or none', async () => {
    const { uid } = await account('ING');
    const answer = await json(
      await sandbox.call(`/accounts/${uid}/balances`, {
        headers: { 'psu-ip-address': USER.ipAddress },
      }),
    );
    expect(answer).toEqual({
      status: 422,
      body: {
        code: 422,
        message: 'Required PSU header is not provided',
        error: 'PSU_HEADER_NOT_PROVIDED',
        detail: 'PSU header psuUserAgent is not provided',
      },
    });
  });

  it('describes accounts and their signed balances', async () => {
    const { uid } = await account('ABN AMRO');
    const [holder] = sandbox.control.accounts('ABN AMRO');
    expect((await json(await sandbox.call(`/accounts/${uid}/details`))).body).toMatchObject({
      uid,
      account_id: { iban: holder?.iban },
      identification_hash: holder?.identificationHash,
      usage: 'ORGA',
      cash_account_type: 'CACC',
      currency: 'EUR',
    });
    sandbox.control.addTransaction(holder?.iban ?? '', {
      amount: '99999.00',
      direction: 'DBIT',
      date: day(-1),
    });
    const balances = (await json(await sandbox.call(`/accounts/${uid}/balances`))).body
      .balances as {
      balance_type: string;
      balance_amount: { amount: string };
    }[];
    expect(balances.map((b) => b.balance_type)).toEqual(['CLBD', 'ITAV']);
    expect(balances[0]?.balance_amount.amount).toMatch(/^-\d+\.\d{2}$/);
  });

  it('answers the same bookings for the same account in another sandbox', async () => {
    const list = async () => {
      const { path } = await account('Triodos Bank');
      const body = (await json(await sandbox.call(`${path}?date_from=${day(-10)}`))).body;
      return (body.transactions as Record<string, unknown>[]).map(
        ({ transaction_id: _, ...rest }) => rest,
      );
    };
    const first = await list();
    await sandbox.close();
    sandbox = await startFake({ pageSize: 5 });
    expect(await list()).toEqual(first);
    expect(first).toHaveLength(5);
  });
});
