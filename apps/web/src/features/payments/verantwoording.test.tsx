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

const saved: Array<{ href: string; download: string }> = [];
function catchDownloads() {
  saved.length = 0;
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:pkg', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
}
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const zipResponse = () =>
  new Response('zip-bytes', {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="verantwoording-3-2026-05-01.xlsx"',
    },
  });

describe('Verantwoording downloaden', () => {
  it('downloads the chosen file for a period with the token and closes', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    catchDownloads();
    const { requests } = paymentsApi({
      routes: { 'GET /api/initiative/:id/verantwoording': zipResponse },
    });
    const { user } = renderApp('/funds/3/transactieoverzicht');
    await user.click(await screen.findByRole('button', { name: 'Verantwoording downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verantwoording downloaden' });
    expect(within(dialog).getByRole('radio', { name: 'PDF (verslag met bonnen)' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Van/ }), '01-01-2026');
    await user.click(within(dialog).getByRole('radio', { name: 'Excel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const request = requests.find((r) => r.url.includes('/verantwoording'))!;
    const url = new URL(request.url, 'http://localhost');
    expect(url.pathname).toBe('/api/initiative/3/verantwoording');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'xlsx',
      start_date: '2026-01-01',
    });
    expect(request.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(saved[0]!.download).toBe('verantwoording-3-2026-05-01.xlsx');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses an inverted or too long period before asking, and says when the download fails', async () => {
    catchDownloads();
    const { requests } = paymentsApi({
      routes: {
        'GET /api/initiative/:id/activity/:activityId/verantwoording': () =>
          new Response('{}', { status: 500 }),
      },
    });
    const { user } = renderApp('/funds/3/activities/21');
    await user.click(await screen.findByRole('button', { name: 'Verantwoording downloaden' }));
    const dialog = await screen.findByRole('dialog');
    const from = within(dialog).getByRole('textbox', { name: /Van/ });
    const to = within(dialog).getByRole('textbox', { name: /Tot/ });
    await user.type(from, '02-01-2026');
    await user.type(to, '01-01-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByText('De begindatum ligt na de einddatum.')).toBeVisible();
    await user.clear(from);
    await user.type(from, '01-01-2015');
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(
      await within(dialog).findByText('De periode mag niet langer zijn dan 10 jaar.'),
    ).toBeVisible();
    expect(requests.some((r) => r.url.includes('/verantwoording'))).toBe(false);

    await user.clear(from);
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het downloaden is mislukt. Probeer het opnieuw.',
    );
    const request = requests.find((r) => r.url.includes('/verantwoording'))!;
    const url = new URL(request.url, 'http://localhost');
    expect(url.pathname).toBe('/api/initiative/3/activity/21/verantwoording');
    expect(url.search).toBe('?format=pdf&lang=nl&end_date=2026-01-01');
    expect(request.headers.get('Authorization')).toBeNull();
    expect(saved).toHaveLength(0);
  });
});
