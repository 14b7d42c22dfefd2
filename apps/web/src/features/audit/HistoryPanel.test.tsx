import { formatEuro } from '@helder/shared/money';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { actionsFor, fakeApi, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY, useCan } from '../auth';
import { HistoryPanel } from './HistoryPanel';

const LIST = 'Wijzigingen, nieuwste eerst';
const ADMIN = { User: ['create'], Funder: ['create'] };
const OWNER = { User: [] };

const entry = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  at: '2026-05-12T12:30:00Z',
  action: 'update',
  actor: { id: 2, name: 'Anna Admin' },
  changes: {},
  ...extra,
});

const firstPage = {
  entries: [
    entry(9, {
      changes: {
        transaction_amount: { from: -12.5, to: -20 },
        hidden: { from: false, to: true },
        booking_date: { from: '2026-05-04T10:00:00Z', to: '2026-05-05T10:00:00Z' },
        colour: { from: null, to: 'blauw' },
      },
    }),
    entry(8, {
      action: 'create',
      actor: null,
      changes: { short_user_description: { from: null, to: 'Verf' } },
    }),
  ],
  has_more: true,
  next_after: 8,
};
const lastPage = {
  entries: [entry(3, { action: 'delete', actor: { id: 4, name: null }, changes: {} })],
  has_more: false,
  next_after: null,
};

/** Says when the caller's class actions have arrived: the panel has decided by then. */
function Answered() {
  return useCan('User').isLoading ? null : <p>answered</p>;
}

function render(actions: Record<string, string[]>, audit: FakeHandler) {
  const { requests } = fakeApi({
    'GET /api/auth/entity-access/actions': actionsFor(actions),
    'GET /api/audit': audit,
  });
  const app = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <>
            <HistoryPanel entityClass="Payment" entityId={31} />
            <Answered />
          </>
        ),
      },
    ],
  });
  return { ...app, requests };
}

/** The matcher reads the text with plain spaces; formatEuro writes a no-break space. */
const euro = (euros: number) => formatEuro(euros).replace(/\s/g, ' ');

const auditRequests = (requests: Parameters<typeof requestsTo>[0]) =>
  requestsTo(requests, 'GET', '/api/audit').map((r) => new URL(r.url, 'http://x').searchParams);

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

describe('HistoryPanel', () => {
  it('is collapsed until opened, then shows who changed which field from what to what, and when', async () => {
    const { user, requests } = render(ADMIN, (_r, { query }) =>
      jsonResponse(200, query.get('after') === '8' ? lastPage : firstPage),
    );
    const toggle = await screen.findByRole('button', { name: 'Geschiedenis' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { name: 'Geschiedenis' })).toBeInTheDocument();
    expect(auditRequests(requests)).toHaveLength(0);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: LIST });
    const [newest, older] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(newest).toHaveTextContent('12-05-2026 14:30 gewijzigd door Anna Admin');
    expect(newest).toHaveTextContent(`Bedrag: ${euro(-12.5)} → ${euro(-20)}`);
    expect(newest).toHaveTextContent('Verborgen: nee → ja');
    expect(newest).toHaveTextContent('Datum: 04-05-2026 → 05-05-2026');
    // A field the catalogs do not know is shown by its key.
    expect(newest).toHaveTextContent('colour: (leeg) → blauw');
    expect(older).toHaveTextContent('aangemaakt door Systeem');
    expect(older).toHaveTextContent('Korte beschrijving: (leeg) → Verf');

    const query = auditRequests(requests)[0]!;
    expect(query.get('entity_class')).toBe('Payment');
    expect(query.get('entity_id')).toBe('31');
    expect(query.has('after')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    await screen.findByText('Verwijderde gebruiker 4', { exact: false });
    expect(list).toHaveTextContent('verwijderd door Verwijderde gebruiker 4');
    expect(auditRequests(requests).at(-1)!.get('after')).toBe('8');
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: LIST })).not.toBeInTheDocument();
  });

  it('says so when there are no changes yet', async () => {
    const { user } = render(ADMIN, () =>
      jsonResponse(200, { entries: [], has_more: false, next_after: null }),
    );
    await user.click(await screen.findByRole('button', { name: 'Geschiedenis' }));
    expect(await screen.findByText('Nog geen wijzigingen')).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the history', async () => {
    let calls = 0;
    const { user } = render(ADMIN, () =>
      ++calls === 1
        ? jsonResponse(500, { detail: 'internal error', code: 'INTERNAL_ERROR' })
        : jsonResponse(200, firstPage),
    );
    await user.click(await screen.findByRole('button', { name: 'Geschiedenis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De geschiedenis kon niet worden geladen',
    );
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('list', { name: LIST })).toHaveTextContent(
      'gewijzigd door Anna Admin',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the fields in the reader’s language', async () => {
    await i18next.changeLanguage('en');
    const { user } = render(ADMIN, () => jsonResponse(200, { ...firstPage, has_more: false }));
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(list).toHaveTextContent('changed by Anna Admin');
    expect(list).toHaveTextContent(`Amount: ${euro(-12.5)} → ${euro(-20)}`);
    expect(list).toHaveTextContent('Hidden: no → yes');
    expect(list).toHaveTextContent('created by System');
  });

  it('shows nothing to anyone but an administrator', async () => {
    const { requests } = render(OWNER, () => jsonResponse(200, firstPage));
    await screen.findByText('answered');
    expect(requestsTo(requests, 'GET', '/api/auth/entity-access/actions')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Geschiedenis' })).not.toBeInTheDocument();
    expect(auditRequests(requests)).toHaveLength(0);
  });

  it('shows nothing without a session, and asks nothing', async () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const { requests } = render(ADMIN, () => jsonResponse(200, firstPage));
    expect(screen.queryByRole('button', { name: 'Geschiedenis' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('/api/audit'))).toHaveLength(0);
  });
});
