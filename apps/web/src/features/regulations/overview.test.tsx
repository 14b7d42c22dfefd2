import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsFor, fakeApi, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';

const regulation = {
  id: 9,
  name: 'Buurtbudget',
  description: 'Geld voor de buurt.',
  funder: { id: 1, name: 'Gemeente Oost' },
  grants: [
    {
      id: 5,
      name: 'Wijk Noord',
      reference: 'BB-001',
      budget: 1234.5,
      income: 0,
      expenses: 0,
      initiative_count: 2,
      first_initiative_id: 40,
    },
  ],
  grant_officers: [],
  policy_officers: [],
  review_enabled: false,
};

const POLICY_OFFICER = { 'Funder:*': ['read'], 'Regulation:*': ['read', 'overview'] };

function api(actions: Record<string, string[]>, overview: FakeHandler) {
  return fakeApi({
    'GET /api/funder/:id': () =>
      jsonResponse(200, {
        id: 1,
        name: 'Gemeente Oost',
        url: 'https://oost.example.nl',
        regulations: [{ id: 9, name: 'Buurtbudget' }],
      }),
    'GET /api/funder/:id/regulations': () => jsonResponse(200, { regulations: [regulation] }),
    'GET /api/funder/:id/regulation/:regId': () => jsonResponse(200, regulation),
    'GET /api/auth/entity-access/actions': actionsFor(actions),
    'GET /api/funder/:id/regulation/:regId/overview': overview,
    'GET /api/funder/:id/regulation/:regId/grant/:grantId/overview': overview,
  });
}

const saved: Array<{ download: string }> = [];
function catchDownloads() {
  saved.length = 0;
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:x', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ download: this.download });
  });
}
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const file = () =>
  new Response('bytes', {
    status: 200,
    headers: {
      'Content-Disposition': 'attachment; filename="overzicht-regeling-9-2026-05-01.csv"',
    },
  });

describe('Overzicht downloaden', () => {
  it('downloads the regulation overview as the chosen file, with the token, and closes', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    catchDownloads();
    const { requests } = api(POLICY_OFFICER, file);
    const { user } = renderApp('/sponsors/1/regulations/9');
    const buttons = await screen.findAllByRole('button', { name: /Overzicht downloaden/ });
    // The regulation's, and one per grant naming it.
    expect(buttons).toHaveLength(2);
    expect(buttons[1]).toHaveAccessibleName(/BB-001/);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Overzicht downloaden' });
    expect(within(dialog).getByRole('radio', { name: 'Excel' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'CSV' }));
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    await waitFor(() =>
      expect(saved).toEqual([{ download: 'overzicht-regeling-9-2026-05-01.csv' }]),
    );
    const request = requests.find((r) => r.url.includes('/overview'))!;
    const url = new URL(request.url, 'http://localhost');
    expect(url.pathname).toBe('/api/funder/0/regulation/9/overview');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'csv', lang: 'nl' });
    expect(request.headers.get('Authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the download fails and stays open', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    catchDownloads();
    api(POLICY_OFFICER, () =>
      jsonResponse(500, { detail: 'internal error', code: 'INTERNAL_ERROR' }),
    );
    const { user } = renderApp('/sponsors/1/regulations/9');
    const [, grantButton] = await screen.findAllByRole('button', { name: /Overzicht downloaden/ });
    await user.click(grantButton!);
    const dialog = await screen.findByRole('dialog', { name: 'Overzicht downloaden' });
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Het downloaden is mislukt');
    expect(saved).toEqual([]);
  });

  it('is not offered to a reader without the overview action', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const { requests } = api({ 'Funder:*': ['read'], 'Regulation:*': ['read'] }, file);
    renderApp('/sponsors/1/regulations/9');
    expect(await screen.findByText('Wijk Noord')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.includes('entity-access'))).toBe(true));
    expect(screen.queryByRole('button', { name: /Overzicht downloaden/ })).toBeNull();
  });
});
