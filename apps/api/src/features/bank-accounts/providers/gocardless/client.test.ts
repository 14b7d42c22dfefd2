import { describe, expect, it } from 'vitest';
import { answerConsent } from './fake-browser';
import { failure, goCardlessHarness, REDIRECT, DAY } from './client-harness';

/**
 * The GoCardless client against the fake over real HTTP: the banks, and linking one through the
 * consent page. Transactions and errors are in client-transactions.test.ts and
 * client-errors.test.ts.
 */

const { fake, where, provider, linkInput, linked } = goCardlessHarness();

describe('listInstitutions', () => {
  it('lists the Dutch banks with their limits as numbers, logos served by the fake and the sandbox', async () => {
    const banks = await provider().client.listInstitutions('nl');
    const ing = banks.find((b) => b.id === 'ING_INGBNL2A');
    expect(ing).toEqual({
      id: 'ING_INGBNL2A',
      name: 'ING',
      logo: `${where.origin}/sandbox-bank/logos/ING_INGBNL2A.svg`,
      bic: 'INGBNL2A',
      maxAccessDays: 180,
      maxHistoryDays: 730,
    });
    expect(banks.map((b) => b.name)).toEqual(
      expect.arrayContaining(['ABN AMRO', 'Rabobank', 'bunq', 'ASN Bank', 'SNS', 'RegioBank']),
    );
    expect(banks.filter((b) => b.id === 'SANDBOXFINANCE_SFIN0000')).toEqual([
      expect.objectContaining({ name: 'Sandbox Finance', maxHistoryDays: 90 }),
    ]);
    const logo = await fetch(ing!.logo!);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toMatch(/^<svg [^>]*>.*ING.*<\/svg>$/);
  });

  it('adds the sandbox bank where the country list leaves it out', async () => {
    const banks = await provider().client.listInstitutions('BE');
    expect(banks.map((b) => b.id)).toEqual([
      'BELFIUS_GKCCBEBB',
      'KBC_KREDBEBB',
      'REVOLUT_REVOLT21',
      'SANDBOXFINANCE_SFIN0000',
    ]);
  });

  it('reports a country the service refuses, with the field-keyed message', async () => {
    const error = await failure(provider().client.listInstitutions('XX'));
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toContain('country: XX is not a valid choice.');
    expect(error.details.status).toBe(400);
  });
});

describe('linking', () => {
  it('links a bank: capped agreement, consent page, callback, accounts with IBANs and the end of the consent', async () => {
    const { client } = provider();
    // Asks more than ING grants (180 days access, 730 history): the client caps, or the fake refuses.
    const input = linkInput('ING_INGBNL2A', { accessDays: 400, historyDays: 1000, language: 'nl' });
    const started = await client.startLink(input);
    expect(started.url).toBe(
      `${where.origin}/sandbox-bank/psd2/start/${started.attemptId}/ING_INGBNL2A`,
    );
    expect(await client.linkStatus(started.attemptId)).toBe('pending');

    const back = await answerConsent(started.url, 'allow');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect([...back.searchParams]).toEqual([['ref', input.state]]);
    expect(client.readCallback(Object.fromEntries(back.searchParams))).toEqual({
      state: input.state,
      code: null,
      error: null,
      errorDetail: null,
    });

    const finished = await client.finishLink({
      attemptId: started.attemptId,
      code: null,
      accessDays: 400,
      user: null,
    });
    expect(finished.linkId).toBe(started.attemptId);
    expect(finished.validUntil.getTime()).toBe(fake.control.now().getTime() + 180 * DAY);
    expect(finished.accounts).toHaveLength(3);
    for (const account of finished.accounts) {
      expect(account.iban).toMatch(/^NL\d{2}INGB\d{10}$/);
      expect(account.stableKey).toBe(account.iban);
      expect(account.currency).toBe('EUR');
      expect(account.holderName).toBeTruthy();
      expect(fake.control.ibanOf(account.accountId)).toBe(account.iban);
    }
    expect(finished.accounts.map((a) => a.name)).toEqual([
      'Zakelijke rekening',
      'Spaarrekening',
      'Projectrekening',
    ]);
    expect(await client.linkStatus(started.attemptId)).toBe('active');
  });

  it('gives new account ids but the same IBANs when the same bank is linked again', async () => {
    const { client } = provider();
    const first = await linked(client, 'RABOBANK_RABONL2U');
    const second = await linked(client, 'RABOBANK_RABONL2U');
    const ids = (l: typeof first) => l.finished.accounts.map((a) => a.accountId);
    const ibans = (l: typeof first) => l.finished.accounts.map((a) => a.iban);
    expect(ids(second)).not.toEqual(expect.arrayContaining([ids(first)[0]]));
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(6);
    expect(ibans(second)).toEqual(ibans(first));
  });

  it('links only the accounts the user ticked', async () => {
    const { client } = provider();
    const input = linkInput('BUNQ_BUNQNL2A');
    const started = await client.startLink(input);
    await answerConsent(started.url, 'allow', [1]);
    const finished = await client.finishLink({
      attemptId: started.attemptId,
      code: null,
      accessDays: 90,
      user: null,
    });
    expect(finished.accounts.map((a) => a.name)).toEqual(['Spaarrekening']);
  });

  it('reads a cancelled consent from the redirect, and the link has failed', async () => {
    const { client } = provider();
    const input = linkInput('ABNAMRO_ABNANL2A');
    const started = await client.startLink(input);
    const back = await answerConsent(started.url, 'cancel');
    expect(back.search).toBe(
      `?ref=${input.state}&error=UserCancelledSession&details=User+cancelled+the+session.`,
    );
    expect(client.readCallback(Object.fromEntries(back.searchParams))).toEqual({
      state: input.state,
      code: null,
      error: 'UserCancelledSession',
      errorDetail: 'User cancelled the session.',
    });
    const error = await failure(
      client.finishLink({ attemptId: started.attemptId, code: null, accessDays: 90, user: null }),
    );
    expect(error.kind).toBe('reauth_required');
    expect(await client.linkStatus(started.attemptId)).toBe('failed');
  });

  it('refuses to finish a link whose consent was not given yet', async () => {
    const { client } = provider();
    const started = await client.startLink(linkInput('KNAB_KNABNL2H'));
    // The user opened the page but did not answer it.
    expect((await fetch(started.url)).status).toBe(200);
    const error = await failure(
      client.finishLink({ attemptId: started.attemptId, code: null, accessDays: 90, user: null }),
    );
    expect(error.kind).toBe('reauth_required');
    expect(error.message).toContain('did not finish');
    expect(await client.linkStatus(started.attemptId)).toBe('pending');
  });

  it('sends a reused link back with RequisitionLinkReused', async () => {
    const { client } = provider();
    const { started } = await linked(client, 'SNS_BANK_SNSBNL2A');
    const again = await answerConsent(started.url, 'allow');
    expect(again.searchParams.get('error')).toBe('RequisitionLinkReused');
  });

  it('reports a bank that refused the login as a rejected consent', async () => {
    fake.control.setQuirks('REGIOBANK_RBRBNL21', { rejectConsent: 'InstitutionTechnicalError' });
    const { client } = provider();
    const started = await client.startLink(linkInput('REGIOBANK_RBRBNL21'));
    const back = await answerConsent(started.url, 'allow');
    expect(client.readCallback(Object.fromEntries(back.searchParams)).error).toBe(
      'InstitutionTechnicalError',
    );
    const error = await failure(
      client.finishLink({ attemptId: started.attemptId, code: null, accessDays: 90, user: null }),
    );
    expect(error).toMatchObject({ kind: 'reauth_required', details: { code: 'RJ' } });
  });

  it('leaves out an account that is not ready, and says so in the log', async () => {
    const { client, lines } = provider();
    const started = await client.startLink(linkInput('TRIODOS_TRIONL2U'));
    await answerConsent(started.url, 'allow');
    const [firstAccount] = fake.control.requisition(started.attemptId)!.accounts;
    fake.control.setAccountStatus(firstAccount!, 'PROCESSING');
    const finished = await client.finishLink({
      attemptId: started.attemptId,
      code: null,
      accessDays: 90,
      user: null,
    });
    expect(finished.accounts.map((a) => a.accountId)).not.toContain(firstAccount);
    expect(finished.accounts).toHaveLength(2);
    const warned = lines.filter((l) => l.level === 'warn').map((l) => l.obj);
    expect(warned).toEqual([
      { provider: 'gocardless', accountId: firstAccount, status: 'PROCESSING' },
    ]);
  });

  it('answers not_found for an attempt the provider does not know', async () => {
    const error = await failure(
      provider().client.finishLink({
        attemptId: '00000000-0000-4000-8000-000000000000',
        code: null,
        accessDays: 90,
        user: null,
      }),
    );
    expect(error.kind).toBe('not_found');
    expect(error.details.status).toBe(404);
  });
});
