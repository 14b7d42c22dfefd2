import { describe, expect, it } from 'vitest';
import { DAY, HOUR, startFake as start, type Tx } from './fake-harness';

/**
 * What only the GoCardless fake does, seen over HTTP as a client would: its clock, tokens, rate
 * limits and data. The client's side is in the client*.test.ts files.
 */

describe('tokens', () => {
  it('refuses wrong secrets, missing fields and calls without a token with the real bodies', async () => {
    const { call } = await start();
    const wrong = await call('token/new/', {
      method: 'POST',
      json: { secret_id: 'a', secret_key: 'b' },
    });
    expect(wrong).toMatchObject({
      status: 401,
      body: {
        summary: 'Authentication failed',
        detail: 'No active account found with the given credentials',
        status_code: 401,
      },
    });
    const missing = await call('token/new/', { method: 'POST', json: { secret_id: 'a' } });
    expect(missing).toMatchObject({
      status: 400,
      body: { secret_key: { summary: 'This field is required.' }, status_code: 400 },
    });
    const anonymous = await call('institutions/?country=NL');
    expect(anonymous).toMatchObject({
      status: 401,
      body: { summary: 'Authentication credentials were not provided.', status_code: 401 },
    });
  });

  it('expires the access token after a day and the refresh token after 30 days', async () => {
    const { fake, call, tokens } = await start();
    const { access, refresh } = await tokens();
    expect((await call('institutions/?country=NL', {}, access)).status).toBe(200);
    fake.control.advance(DAY);
    expect(await call('institutions/?country=NL', {}, access)).toMatchObject({
      status: 401,
      body: { summary: 'Invalid token', detail: 'Token is invalid or expired' },
    });
    const refreshed = await call('token/refresh/', { method: 'POST', json: { refresh } });
    expect(refreshed.body).toMatchObject({ access_expires: 86_400 });
    expect(
      (await call('institutions/?country=NL', {}, refreshed.body.access as string)).status,
    ).toBe(200);
    fake.control.advance(29 * DAY);
    expect((await call('token/refresh/', { method: 'POST', json: { refresh } })).status).toBe(401);
  });

  it('gives 100 new tokens an hour', async () => {
    const { fake, call } = await start();
    const secrets = { secret_id: fake.control.secretId, secret_key: fake.control.secretKey };
    for (let n = 0; n < 100; n += 1) {
      expect((await call('token/new/', { method: 'POST', json: secrets })).status).toBe(200);
    }
    fake.control.advance(HOUR / 2);
    const refused = await call('token/new/', { method: 'POST', json: secrets });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(
      'The rate limit for this resource is 100/hour. Please try again in 1800 seconds',
    );
    expect(refused.headers.get('http_x_ratelimit_remaining')).toBe('0');
    fake.control.advance(HOUR / 2);
    expect((await call('token/new/', { method: 'POST', json: secrets })).status).toBe(200);
  });
});

describe('account data', () => {
  it('allows 4 successful calls per scope in a rolling day, with the account headers', async () => {
    const { fake, call, tokens, link } = await start();
    const { access } = await tokens();
    const [account] = (await link(access, 'BUNQ_BUNQNL2A')).accounts;
    fake.control.setQuirks('BUNQ_BUNQNL2A', { processingFirstFetch: true });
    const transactions = () => call(`accounts/${account!}/transactions/`, {}, access);
    // The first fetch is still being processed; a refused call does not count.
    expect(await transactions()).toMatchObject({
      status: 409,
      body: { summary: 'Account is Processing', status_code: 409 },
    });
    const remaining: Array<string | null> = [];
    for (let n = 0; n < 4; n += 1) {
      const answer = await transactions();
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get('HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_REMAINING'));
      fake.control.advance(HOUR);
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const refused = await transactions();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      summary: 'Rate limit exceeded',
      detail: 'The rate limit for this resource is 4/day. Please try again in 72000 seconds',
      status_code: 429,
    });
    expect(refused.headers.get('HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET')).toBe('72000');
    // Other scopes have limits of their own.
    expect((await call(`accounts/${account!}/details/`, {}, access)).status).toBe(200);
    fake.control.advance(20 * HOUR);
    const { access: fresh } = await tokens();
    expect((await call(`accounts/${account!}/transactions/`, {}, fresh)).status).toBe(200);
    expect(fake.control.calls(account!)).toEqual({
      metadata: 0,
      details: 1,
      balances: 0,
      transactions: 7,
    });
  });

  it('serves the same history for an IBAN on every link, with the quirks of real data', async () => {
    const { fake, call, tokens, link } = await start();
    const { access } = await tokens();
    const first = (await link(access, 'ABNAMRO_ABNANL2A', { max_historical_days: 540 })).accounts;
    const second = (await link(access, 'ABNAMRO_ABNANL2A', { max_historical_days: 540 })).accounts;
    expect(second).not.toEqual(expect.arrayContaining([first[0]]));
    const ibans = (ids: string[]) => ids.map((id) => fake.control.ibanOf(id));
    expect(ibans(second)).toEqual(ibans(first));
    const read = async (account: string) =>
      (await call(`accounts/${account}/transactions/`, {}, access)).body.transactions as {
        booked: Tx[];
        pending: Tx[];
      };
    const a = await Promise.all(first.map(read));
    expect(await Promise.all(second.map(read))).toEqual(a);

    const booked = a.flatMap((list) => list.booked);
    const pending = a.flatMap((list) => list.pending);
    expect(booked.length).toBeGreaterThan(900);
    expect(booked.every((t) => /^[0-9a-f]{32}$/.test(t.internalTransactionId ?? ''))).toBe(true);
    expect(new Set(booked.map((t) => t.internalTransactionId)).size).toBe(booked.length);
    expect(booked.some((t) => t.transactionId === undefined)).toBe(true);
    expect(booked.some((t) => t.transactionId === '')).toBe(true);
    // Look-alikes: same day, amount and text on one account, told apart only by their ids.
    const content = (t: Tx) =>
      `${t.bookingDate}|${t.transactionAmount.amount}|${t.remittanceInformationUnstructured}`;
    const lookAlikes = a.filter(
      (list) => new Set(list.booked.map(content)).size < list.booked.length,
    );
    expect(lookAlikes.length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);
    for (const t of pending) {
      expect(t.transactionId ?? t.internalTransactionId ?? t.bookingDate).toBeUndefined();
      expect(t.valueDate! >= '2026-02-28').toBe(true);
    }

    fake.control.setQuirks('ABNAMRO_ABNANL2A', { missingTransactionIds: true });
    const third = (await link(access, 'ABNAMRO_ABNANL2A')).accounts[0]!;
    expect((await read(third)).booked.every((t) => !('transactionId' in t))).toBe(true);
  });

  it('books pending rows under ids of their own, early on request or as the days pass', async () => {
    const { fake, call, tokens, link } = await start();
    const { access } = await tokens();
    const { accounts } = await link(access, 'ASN_BANK_ASNBNL21');
    const [account, later] = accounts as [string, string, string];
    const iban = fake.control.ibanOf(account)!;
    fake.control.addTransaction(
      iban,
      { valueDate: '2026-03-02', transactionAmount: { amount: '-7.50', currency: 'EUR' } },
      'pending',
    );
    const read = async (id: string, from = '2026-02-20') =>
      (await call(`accounts/${id}/transactions/?date_from=${from}`, {}, access)).body
        .transactions as {
        booked: Tx[];
        pending: Tx[];
      };
    const before = await read(account);
    expect(before.pending.length).toBeGreaterThan(1);

    expect(fake.control.bookPending(account)).toBeGreaterThan(0);
    const after = await read(account);
    expect(after.pending).toEqual([]);
    expect(after.booked.length).toBeGreaterThan(before.booked.length);
    expect(after.booked).toContainEqual(
      expect.objectContaining({
        bookingDate: '2026-03-02',
        transactionAmount: { amount: '-7.50', currency: 'EUR' },
      }),
    );

    // Other accounts of the bank book their pending rows as the days pass.
    const others = [later, accounts[2]!];
    const waiting = (await Promise.all(others.map((id) => read(id)))).flatMap((l) => l.pending);
    expect(waiting.length).toBeGreaterThan(0);
    fake.control.advance(4 * DAY);
    const { access: fresh } = await tokens();
    const passed = await Promise.all(
      others.map(
        async (id) =>
          (await call(`accounts/${id}/transactions/?date_from=2026-02-20`, {}, fresh)).body
            .transactions as { booked: Tx[]; pending: Tx[] },
      ),
    );
    const same = (a: Tx, b: Tx) =>
      a.valueDate === b.valueDate && a.transactionAmount.amount === b.transactionAmount.amount;
    const stillPending = passed.flatMap((l) => l.pending);
    expect(stillPending.some((t) => waiting.some((w) => same(w, t)))).toBe(false);
    const bookedLater = passed
      .flatMap((l) => l.booked)
      .filter((t) => waiting.some((w) => same(w, t)));
    expect(bookedLater.length).toBeGreaterThan(0);
    expect(bookedLater.every((t) => t.internalTransactionId !== undefined)).toBe(true);
  });

  it('ends the consent by the clock: requisition EX, account EXPIRED, data refused', async () => {
    const { fake, call, tokens, link } = await start();
    const { access } = await tokens();
    const linked = await link(access, 'ING_INGBNL2A', { access_valid_for_days: 2 });
    fake.control.advance(2 * DAY);
    const { access: fresh } = await tokens();
    expect((await call(`requisitions/${linked.id}/`, {}, fresh)).body.status).toBe('EX');
    expect((await call(`accounts/${linked.accounts[0]!}/`, {}, fresh)).body.status).toBe('EXPIRED');
    const refused = await call(`accounts/${linked.accounts[0]!}/transactions/`, {}, fresh);
    expect(refused.status).toBe(400);
    expect(refused.body.summary).toBe(
      `End User Agreement (EUA) ${linked.agreement.id as string} has expired`,
    );
    expect(refused.body.detail).toBe(
      'EUA was valid for 2 days and it expired at 2026-03-04T10:00:00.000Z. The end user must ' +
        'connect the account once more with new EUA and Requisition',
    );
  });

  it('deletes a requisition with its agreement and accounts', async () => {
    const { call, tokens, link } = await start();
    const { access } = await tokens();
    const linked = await link(access, 'SNS_BANK_SNSBNL2A');
    const deleted = await call(`requisitions/${linked.id}/`, { method: 'DELETE' }, access);
    expect(deleted.body).toEqual({
      summary: 'Requisition deleted',
      detail: `Requisition '${linked.id}' deleted with all its End User Agreements`,
    });
    const gone = { summary: 'Not found.', detail: 'Not found.', status_code: 404 };
    expect(await call(`requisitions/${linked.id}/`, {}, access)).toMatchObject({
      status: 404,
      body: gone,
    });
    expect(await call(`accounts/${linked.accounts[0]!}/`, {}, access)).toMatchObject({
      status: 404,
      body: gone,
    });
    expect(
      (await call(`agreements/enduser/${linked.agreement.id as string}/`, {}, access)).status,
    ).toBe(404);
  });
});

describe('validation', () => {
  it('answers bad bodies with errors keyed by field, and unknown paths with 404', async () => {
    const { fake, call, tokens, link } = await start();
    const { access } = await tokens();
    const history = await call(
      'agreements/enduser/',
      { method: 'POST', json: { institution_id: 'ING_INGBNL2A', max_historical_days: 1000 } },
      access,
    );
    expect(history).toMatchObject({
      status: 400,
      body: {
        max_historical_days: {
          summary: 'Incorrect max_historical_days',
          detail: 'max_historical_days must be > 0 and <= 730 for ING_INGBNL2A',
        },
        status_code: 400,
      },
    });
    const language = await call(
      'requisitions/',
      {
        method: 'POST',
        json: {
          institution_id: 'ING_INGBNL2A',
          redirect: 'http://helder.test/',
          user_language: 'nl',
        },
      },
      access,
    );
    expect(language.body).toHaveProperty('user_language.summary', 'Invalid user_language');
    const [account] = (await link(access, 'ING_INGBNL2A')).accounts;
    const month = await call(`accounts/${account!}/transactions/?date_from=2026-13-01`, {}, access);
    expect(month).toMatchObject({
      status: 400,
      body: { date_from: { summary: 'Invalid date format' } },
    });
    const order = await call(
      `accounts/${account!}/transactions/?date_from=2026-02-10&date_to=2026-02-01`,
      {},
      access,
    );
    expect(order).toMatchObject({ status: 400, body: { summary: 'Incorrect date range' } });
    // Refused before the bank is asked: no call counted.
    expect(fake.control.calls(account!).transactions).toBe(0);
    expect((await call('nothing/here/', {}, access)).body).toEqual({
      summary: 'Not found.',
      detail: 'Not found.',
      status_code: 404,
    });
  });
});
