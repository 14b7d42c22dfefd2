import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { paymentsApi } from './test-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/activities'),
    import('../../app/routes/initiatives.modals'),
  ]);
});

const exportGroup = async () =>
  within(await screen.findByRole('region', { name: 'Transactieoverzicht' })).findByRole('group', {
    name: 'Exporteren',
  });

const blobUrls = { create: vi.fn(() => 'blob:export'), revoke: vi.fn() };
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Exporteren on the Transactieoverzicht tab', () => {
  it('fetches the file with the token, the current filter and the format, and saves it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    Object.defineProperty(URL, 'createObjectURL', { value: blobUrls.create, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: blobUrls.revoke, configurable: true });
    const saved: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    const { requests } = paymentsApi({
      routes: {
        'GET /api/payments/initiative/:id/export': () =>
          new Response('xlsx-bytes', {
            status: 200,
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': 'attachment; filename="transacties-3-2026-05-01.xlsx"',
            },
          }),
      },
    });
    const { user } = renderApp('/funds/3/transactieoverzicht?start_date=2026-04-01&route=uitgaven');
    const group = await exportGroup();
    expect(within(group).getByRole('button', { name: 'CSV' })).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Excel' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const request = requests.find((r) => r.url.includes('/export'));
    const url = new URL(request!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/payments/initiative/3/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      start_date: '2026-04-01',
      route: 'uitgaven',
      format: 'xlsx',
    });
    expect(request!.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(saved[0]).toEqual({ href: 'blob:export', download: 'transacties-3-2026-05-01.xlsx' });
  });

  it("gives anonymous visitors plain links with an activity's filter", async () => {
    paymentsApi();
    renderApp('/funds/3/activities/21/transactieoverzicht?min_amount=5');
    const group = await exportGroup();
    const href = (name: string) =>
      new URL(
        within(group).getByRole('link', { name }).getAttribute('href') ?? '',
        'http://localhost',
      );
    expect(href('CSV').pathname).toBe('/api/payments/initiative/3/activity/21/export');
    expect(href('CSV').search).toBe('?min_amount=5&format=csv');
    expect(href('Excel').search).toBe('?min_amount=5&format=xlsx');
  });
});
