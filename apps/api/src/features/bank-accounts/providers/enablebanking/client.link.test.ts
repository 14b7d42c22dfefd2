import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../provider';
import {
  answerConsent,
  day,
  link,
  REDIRECT,
  START,
  startFake,
  USER,
  type Sandbox,
} from './fake-harness';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startFake();
});
afterEach(async () => {
  await sandbox.close();
});

const DAY_MS = 86_400_000;

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError))
    throw new Error(`Expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('the Enable Banking client: banks', () => {
  it('lists the Dutch banks with our ids, consent days, history and logos it can fetch', async () => {
    const banks = await sandbox.client().listInstitutions('nl');
    const rabobank = banks.find((b) => b.id === 'NL:Rabobank');
    expect(rabobank).toEqual({
      id: 'NL:Rabobank',
      name: 'Rabobank',
      logo: `${sandbox.baseUrl}/brands/rabobank.svg`,
      bic: 'RABONL2U',
      maxAccessDays: 180,
      maxHistoryDays: 730,
    });
    expect(banks.find((b) => b.id === 'NL:ING')?.maxAccessDays).toBe(90);
    expect(banks.find((b) => b.id === 'NL:Mock ASPSP')).toMatchObject({ bic: null });
    expect(banks).toHaveLength(10);
    const logo = await fetch(rabobank?.logo ?? '');
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
    expect(sandbox.control.requests.at(-1)?.path).toBe('/aspsps?country=NL&service=AIS');
  });
});

describe('the Enable Banking client: linking', () => {
  it('starts a link for business access, capped below the bank maximum, with PSU headers', async () => {
    const client = sandbox.client();
    const started = await client.startLink({
      institutionId: 'NL:ING',
      accessDays: 180,
      historyDays: 730,
      redirectUrl: REDIRECT,
      state: 'state-1',
      language: 'NL',
      user: USER,
    });
    expect(started.url).toBe(`${sandbox.baseUrl}/ais/start?sessionid=${started.attemptId}`);
    const auth = sandbox.control.requests.find((r) => r.path === '/auth');
    expect(auth).toMatchObject({ psuIpAddress: USER.ipAddress, psuUserAgent: USER.userAgent });
    expect(auth?.body).toEqual({
      access: { valid_until: new Date(START.getTime() + 90 * DAY_MS - 3_600_000).toISOString() },
      aspsp: { name: 'ING', country: 'NL' },
      state: 'state-1',
      redirect_url: REDIRECT,
      psu_type: 'business',
      language: 'nl',
    });
  });

  it('asks the days wanted when the bank allows them, and personal access where only that exists', async () => {
    await sandbox.client().startLink({
      institutionId: 'NL:ASN Bank',
      accessDays: 30,
      historyDays: 90,
      redirectUrl: REDIRECT,
      state: 's',
      language: 'nl',
      user: null,
    });
    const auth = sandbox.control.requests.find((r) => r.path === '/auth');
    expect(auth).toMatchObject({ psuIpAddress: null, psuUserAgent: null });
    expect(auth?.body).toMatchObject({
      access: { valid_until: new Date(START.getTime() + 30 * DAY_MS).toISOString() },
      psu_type: 'personal',
    });
  });

  it('refuses a bank it does not list and a redirect the application did not register', async () => {
    const client = sandbox.client();
    const input = {
      accessDays: 90,
      historyDays: 90,
      redirectUrl: REDIRECT,
      state: 's',
      language: 'nl',
      user: null,
    };
    expect(
      (await failure(client.startLink({ ...input, institutionId: 'NL:Bank Nergens' }))).kind,
    ).toBe('not_found');
    expect((await failure(client.startLink({ ...input, institutionId: 'Rabobank' }))).kind).toBe(
      'not_found',
    );
    await sandbox.close();
    sandbox = await startFake({ redirectUrls: ['https://helder.example/elders'] });
    const refused = await failure(
      sandbox.client().startLink({ ...input, institutionId: 'NL:Rabobank' }),
    );
    expect(refused).toMatchObject({
      kind: 'invalid_request',
      details: { status: 422, code: 'REDIRECT_URI_NOT_ALLOWED' },
    });
  });

  it('links: consent, callback with code and state, a session with the chosen accounts', async () => {
    const client = sandbox.client();
    const started = await client.startLink({
      institutionId: 'NL:ABN AMRO',
      accessDays: 60,
      historyDays: 730,
      redirectUrl: REDIRECT,
      state: 'our-signed-state',
      language: 'nl',
      user: USER,
    });
    const [first] = sandbox.control.accounts('ABN AMRO');
    const back = await answerConsent(started.url, { accounts: (offered) => offered.slice(1) });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const callback = client.readCallback(Object.fromEntries(back.searchParams));
    expect(callback).toMatchObject({ state: 'our-signed-state', error: null, errorDetail: null });
    expect(callback.code).toMatch(/^[0-9a-f]{32}$/);

    const finished = await client.finishLink({
      attemptId: started.attemptId,
      code: callback.code,
      accessDays: 60,
      user: USER,
    });
    expect(finished.validUntil).toEqual(new Date(START.getTime() + 60 * DAY_MS));
    const [chosen] = sandbox.control.accounts('ABN AMRO').slice(1);
    expect(finished.accounts).toEqual([
      {
        accountId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        stableKey: chosen?.identificationHash,
        iban: chosen?.iban,
        name: 'Exploitatie',
        holderName: 'Vereniging Dorpshuis Oost',
        currency: 'EUR',
      },
    ]);
    expect(finished.accounts.map((a) => a.iban)).not.toContain(first?.iban);
    expect(sandbox.control.requests.find((r) => r.path === '/sessions')?.psuIpAddress).toBe(
      USER.ipAddress,
    );
    expect(await client.linkStatus(finished.linkId)).toBe('active');
  });

  it("names an account by its holder when it has no description, and keys the Mock ASPSP's by hash", async () => {
    const { finished } = await link(sandbox.client(), 'Rabobank');
    expect(finished.accounts.map((a) => [a.name, a.holderName])).toEqual([
      ['Stichting Speeltuin Het Klimrek', 'Stichting Speeltuin Het Klimrek'],
      ['Repair Café Noord', 'Repair Café Noord'],
    ]);
    const mock = await link(sandbox.client(), 'Mock ASPSP');
    const [account] = sandbox.control.accounts('Mock ASPSP');
    expect(mock.finished.accounts).toMatchObject([
      { iban: null, stableKey: account?.identificationHash },
    ]);
  });

  it('gives new account ids but the same stable keys when the user authorises again', async () => {
    const client = sandbox.client();
    const first = await link(client, 'Rabobank');
    const second = await link(client, 'Rabobank');
    expect(second.finished.linkId).not.toBe(first.finished.linkId);
    const ids = (l: typeof first) => l.finished.accounts.map((a) => a.accountId);
    const keys = (l: typeof first) => l.finished.accounts.map((a) => a.stableKey);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    expect(keys(second)).toEqual(keys(first));
    expect(await client.linkStatus(first.finished.linkId)).toBe('active');
  });

  it('reads a cancelled consent and reports the attempt as failed', async () => {
    const client = sandbox.client();
    const started = await client.startLink({
      institutionId: 'NL:Rabobank',
      accessDays: 90,
      historyDays: 90,
      redirectUrl: `${REDIRECT}?provider=eb`,
      state: 'st',
      language: 'nl',
      user: null,
    });
    const session = sandbox.control.sessionIdOf(started.attemptId) ?? '';
    expect(await client.linkStatus(session)).toBe('pending');
    const back = await answerConsent(started.url, { action: 'cancel' });
    expect(back.searchParams.get('provider')).toBe('eb');
    expect(back.search).toContain('error_description=Cancelled+by+user');
    expect(client.readCallback(Object.fromEntries(back.searchParams))).toEqual({
      state: 'st',
      code: null,
      error: 'access_denied',
      errorDetail: 'Cancelled by user',
    });
    expect(await client.linkStatus(session)).toBe('failed');
    const noCode = await failure(
      client.finishLink({ attemptId: started.attemptId, code: null, accessDays: 90, user: null }),
    );
    expect(noCode.kind).toBe('reauth_required');
  });

  it("reads the sandbox's server_error redirect, which has no description", async () => {
    sandbox.control.setQuirks('Mock ASPSP', { serverErrorOnRedirect: true });
    const client = sandbox.client();
    const started = await client.startLink({
      institutionId: 'NL:Mock ASPSP',
      accessDays: 90,
      historyDays: 90,
      redirectUrl: REDIRECT,
      state: 'st',
      language: 'nl',
      user: null,
    });
    const back = await answerConsent(started.url);
    expect(client.readCallback(Object.fromEntries(back.searchParams))).toEqual({
      state: 'st',
      code: null,
      error: 'server_error',
      errorDetail: null,
    });
    expect(await client.linkStatus(sandbox.control.sessionIdOf(started.attemptId) ?? '')).toBe(
      'failed',
    );
  });

  it('refuses a code used twice or used too late, and says the user must link again', async () => {
    const client = sandbox.client();
    const start = () =>
      client.startLink({
        institutionId: 'NL:Rabobank',
        accessDays: 90,
        historyDays: 90,
        redirectUrl: REDIRECT,
        state: 's',
        language: 'nl',
        user: null,
      });
    const started = await start();
    const code = (await answerConsent(started.url)).searchParams.get('code');
    const session = sandbox.control.sessionIdOf(started.attemptId) ?? '';
    expect(await client.linkStatus(session)).toBe('pending');
    const finish = () =>
      client.finishLink({ attemptId: started.attemptId, code, accessDays: 90, user: null });
    await finish();
    expect(await failure(finish())).toMatchObject({
      kind: 'reauth_required',
      details: { code: 'ALREADY_AUTHORIZED' },
    });

    const late = await start();
    const lateCode = (await answerConsent(late.url)).searchParams.get('code');
    sandbox.control.clock.advance(6 * 60_000);
    const expired = await failure(
      client.finishLink({ attemptId: late.attemptId, code: lateCode, accessDays: 90, user: null }),
    );
    expect(expired).toMatchObject({
      kind: 'reauth_required',
      details: { code: 'EXPIRED_AUTHORIZATION_CODE' },
    });
    const made = await failure(
      client.finishLink({ attemptId: late.attemptId, code: 'made-up', accessDays: 90, user: null }),
    );
    expect(made.details.code).toBe('WRONG_AUTHORIZATION_CODE');
  });

  it('follows a link to its end: expired at valid_until, revoked by the user, closed by us', async () => {
    const client = sandbox.client();
    const expiring = await link(client, 'Rabobank', { accessDays: 10 });
    const revoked = await link(client, 'Rabobank');
    const deleted = await link(client, 'Rabobank');
    sandbox.control.revoke(revoked.finished.linkId);
    await client.deleteLink(deleted.finished.linkId);
    expect(await client.linkStatus(revoked.finished.linkId)).toBe('revoked');
    expect(await client.linkStatus(deleted.finished.linkId)).toBe('revoked');
    expect(await client.linkStatus(expiring.finished.linkId)).toBe('active');
    sandbox.control.clock.setNow(expiring.finished.validUntil);
    expect(await client.linkStatus(expiring.finished.linkId)).toBe('expired');

    const query = { from: day(-5), to: day(0), cursor: null, user: null };
    const accountOf = (l: typeof deleted) => l.finished.accounts[0]?.accountId ?? '';
    const codes = await Promise.all(
      [expiring, revoked, deleted].map(
        async (l) => (await failure(client.listTransactions(accountOf(l), query))).details,
      ),
    );
    expect(codes).toEqual([
      { status: 401, code: 'EXPIRED_SESSION' },
      { status: 401, code: 'REVOKED_SESSION' },
      { status: 401, code: 'CLOSED_SESSION' },
    ]);
    const closed = await failure(client.listTransactions(accountOf(deleted), query));
    expect(closed).toMatchObject({
      kind: 'reauth_required',
      message: 'Session is closed (CLOSED_SESSION)',
    });
  });

  it('deletes a link that is already closed or unknown without complaint', async () => {
    const client = sandbox.client();
    const { finished } = await link(client, 'bunq');
    await client.deleteLink(finished.linkId);
    await expect(client.deleteLink(finished.linkId)).resolves.toBeUndefined();
    await expect(
      client.deleteLink('9d1c2b7e-0000-4000-8000-000000000000'),
    ).resolves.toBeUndefined();
    expect(sandbox.control.requests.filter((r) => r.method === 'DELETE')).toHaveLength(3);
    expect(
      (await failure(client.linkStatus('9d1c2b7e-0000-4000-8000-000000000000'))).details.code,
    ).toBe('SESSION_DOES_NOT_EXIST');
  });
});
