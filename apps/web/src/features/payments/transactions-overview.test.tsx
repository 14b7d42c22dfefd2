import type { UserPayment } from '@helder/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../auth';
import { fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp, type RecordedRequest } from '../../test/render';

const ME = 7;
const LIST = `/api/payments/user/${ME}`;

function logIn() {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ userId: ME }));
}

function makePayment(id: number, overrides: Partial<UserPayment> = {}): UserPayment {
  return {
    id,
    booking_date: '2024-03-05T23:30:00Z',
    initiative_id: null,
    initiative_name: null,
    activity_id: null,
    activity_name: null,
    creditor_name: `Ontvanger ${id}`,
    debtor_name: `Verzender ${id}`,
    short_user_description: `Omschrijving ${id}`,
    iban: 'NL91ABNA0417164300',
    transaction_amount: -10 - id,
    type: 'bank',
    ...overrides,
  };
}

const INITIATIVES = [
  { id: 3, name: 'Buurttuin Oost' },
  { id: 4, name: 'Repair Café' },
];
const ACTIVITIES: Record<string, { id: number; name: string }[]> = {
  '3': [
    { id: 30, name: 'Plantdag' },
    { id: 31, name: 'Oogstfeest' },
  ],
};

/** The PATCH answer: the payment as GET /payment/:id gives it, with its new links. */
function linkedAnswer(row: UserPayment) {
  return {
    id: row.id,
    transaction_id: null,
    booking_date: row.booking_date,
    transaction_amount: row.transaction_amount,
    creditor_name: row.creditor_name,
    debtor_name: row.debtor_name,
    route: row.transaction_amount < 0 ? 'uitgaven' : 'inkomen',
    short_user_description: row.short_user_description,
    long_user_description: null,
    hidden: false,
    type: 'bank',
    iban: row.iban,
    initiative_id: row.initiative_id,
    initiative_name: row.initiative_name,
    activity_id: row.activity_id,
    activity_name: row.activity_name,
    n_attachments: 0,
    attachments: [],
  };
}

/**
 * A stateful fake: GET pages through `rows` (or `list` decides), the PATCHes change the rows
 * like the server would (-1 unlinks) unless `link` answers otherwise.
 */
function fakePaymentsApi({
  rows = [],
  list,
  link,
}: {
  rows?: UserPayment[];
  list?: (query: URLSearchParams) => UserPayment[] | Response;
  link?: FakeHandler;
} = {}) {
  const state = rows.map((row) => ({ ...row }));
  const find = (id: string | undefined) => state.find((row) => String(row.id) === id);
  const nameOf = (list: { id: number; name: string }[], id: number) =>
    list.find((item) => item.id === id)?.name ?? null;
  return fakeApi({
    'GET /api/payments/user/:userId': (_request, { query }) => {
      const answer = list?.(query);
      if (answer instanceof Response) return answer;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 20);
      const page = answer ?? state.slice(offset, offset + limit);
      return jsonResponse(200, { payments: page, totalCount: answer?.length ?? state.length });
    },
    'GET /api/auth/entity-access/linkable-initiatives': () =>
      jsonResponse(200, { initiatives: INITIATIVES }),
    'GET /api/auth/entity-access/initiative/:initiativeId/linkable-activities': (_r, { params }) =>
      jsonResponse(200, { activities: ACTIVITIES[params[0] ?? ''] ?? [] }),
    'PATCH /api/payment/:paymentId/initiative': (request, context) => {
      if (link) return link(request, context);
      const row = find(context.params[0]);
      if (!row) return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
      const { initiative_id: id } = jsonBody(request) as { initiative_id: number };
      row.initiative_id = id === -1 ? null : id;
      row.initiative_name = id === -1 ? null : nameOf(INITIATIVES, id);
      return jsonResponse(200, linkedAnswer(row));
    },
    'PATCH /api/payment/:paymentId/activity': (request, context) => {
      if (link) return link(request, context);
      const row = find(context.params[0]);
      if (!row) return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
      const { activity_id: id } = jsonBody(request) as { activity_id: number };
      row.activity_id = id === -1 ? null : id;
      row.activity_name = id === -1 ? null : nameOf(ACTIVITIES['3'] ?? [], id);
      return jsonResponse(200, linkedAnswer(row));
    },
  });
}

const listRequests = (requests: RecordedRequest[]) =>
  requestsTo(requests, 'GET', LIST).map((request) => new URL(request.url, 'http://localhost'));

// Payment 1: -11 euros on 5 March 23:30 UTC, which is 6 March in Amsterdam.
const LABEL_1 = '06-03-2024 € -11,00';
const initiativeSelect = (label = LABEL_1) =>
  screen.findByLabelText(`Initiatief voor betaling van ${label}`);
const activitySelect = (label = LABEL_1) =>
  screen.findByLabelText(`Activiteit voor betaling van ${label}`);

describe('Transactieoverzicht of /transactions', () => {
  it('shows the columns and each payment with its date (Amsterdam) and euro amount', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [
        makePayment(1, { transaction_amount: -1234.5, short_user_description: 'Zaaigoed' }),
        makePayment(2, { transaction_amount: 25, booking_date: '2024-12-31T10:00:00+01:00' }),
      ],
    });
    renderApp('/transactions');

    const table = await screen.findByRole('table', { name: 'Transactieoverzicht' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Datum',
      'Initiatief',
      'Activiteit',
      'Ontvanger',
      'Beschrijving',
      'IBAN',
      'Bedrag',
    ]);
    const first = (await within(table).findByText('Ontvanger 1')).closest('tr');
    if (!first) throw new Error('no row');
    const cells = within(first).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('06-03-2024');
    expect(cells[4]).toHaveTextContent('Zaaigoed');
    expect(cells[5]).toHaveTextContent('NL91ABNA0417164300');
    expect(cells[6]?.textContent).toMatch(/^€\s-1\.234,50$/);
    expect(within(table).getByText(/^€\s25,00$/)).toBeInTheDocument();
    expect(within(table).getByText('31-12-2024')).toBeInTheDocument();

    const [first_request] = listRequests(requests);
    expect(first_request?.searchParams.get('offset')).toBe('0');
    expect(first_request?.searchParams.get('limit')).toBe('20');
  });

  it('shows one row "Geen gegevens gevonden" when there are no payments', async () => {
    logIn();
    fakePaymentsApi();
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactieoverzicht' });
    const empty = await within(table).findByRole('cell', { name: 'Geen gegevens gevonden' });
    expect(empty).toHaveAttribute('colspan', '7');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says when the payments could not be loaded', async () => {
    logIn();
    fakePaymentsApi({
      list: () => jsonResponse(500, { detail: 'Database weg', code: 'INTERNAL_ERROR' }),
    });
    renderApp('/transactions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database weg');
  });

  it('keeps the activity dropdown disabled with "Verbind activiteit" until an initiative is linked', async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1)] });
    const { user } = renderApp('/transactions');

    const activity = await activitySelect();
    expect(activity).toBeDisabled();
    expect(activity).toHaveDisplayValue('Verbind activiteit');
    const initiative = await initiativeSelect();
    expect(initiative).toBeEnabled();
    expect(initiative).toHaveDisplayValue('Verbind initiatief');
    await within(initiative).findByRole('option', { name: 'Repair Café' });
    // Nothing is linked yet: there is nothing to break.
    expect(
      within(initiative).queryByRole('option', { name: 'Verbreek verbinding' }),
    ).not.toBeInTheDocument();

    await user.selectOptions(initiative, 'Buurttuin Oost');

    const patches = requestsTo(requests, 'PATCH', '/api/payment/1/initiative');
    expect(patches).toHaveLength(1);
    expect(jsonBody(patches[0])).toEqual({ initiative_id: 3 });
    await waitFor(() => expect(activity).toBeEnabled());
    expect(initiative).toHaveDisplayValue('Buurttuin Oost');
    // The activities of the linked initiative are offered, and the list was fetched again.
    await within(activity).findByRole('option', { name: 'Oogstfeest' });
    expect(
      requestsTo(requests, 'GET', '/api/auth/entity-access/initiative/3/linkable-activities'),
    ).not.toHaveLength(0);
    await waitFor(() => expect(listRequests(requests).length).toBeGreaterThanOrEqual(2));

    await user.selectOptions(activity, 'Plantdag');
    const activityPatches = requestsTo(requests, 'PATCH', '/api/payment/1/activity');
    expect(jsonBody(activityPatches[0])).toEqual({ initiative_id: 3, activity_id: 30 });
    // With an activity linked the initiative is fixed.
    await waitFor(() => expect(initiative).toBeDisabled());
    expect(initiative).toHaveDisplayValue('Buurttuin Oost');
  });

  it('locks the initiative dropdown, showing its name, while an activity is linked', async () => {
    logIn();
    fakePaymentsApi({
      rows: [
        makePayment(1, {
          initiative_id: 9,
          initiative_name: 'Verborgen Fonds',
          activity_id: 90,
          activity_name: 'Zomerkamp',
        }),
      ],
    });
    renderApp('/transactions');
    const initiative = await initiativeSelect();
    expect(initiative).toBeDisabled();
    expect(initiative).toHaveDisplayValue('Verborgen Fonds');
    const activity = await activitySelect();
    expect(activity).toBeEnabled();
    expect(activity).toHaveDisplayValue('Zomerkamp');
  });

  it('offers no unlink on the initiative of a manual payment: it can only move', async () => {
    logIn();
    const row = makePayment(1, {
      type: 'handmatig',
      initiative_id: 3,
      initiative_name: 'Buurttuin Oost',
    });
    fakePaymentsApi({ rows: [row] });
    renderApp('/transactions');
    const initiative = await initiativeSelect();
    await within(initiative).findByRole('option', { name: 'Repair Café' });
    expect(
      within(initiative).queryByRole('option', { name: 'Verbreek verbinding' }),
    ).not.toBeInTheDocument();
  });

  it('sends -1 for "Verbreek verbinding" on the initiative and on the activity', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [
        makePayment(1, { initiative_id: 3, initiative_name: 'Buurttuin Oost' }),
        makePayment(2, {
          transaction_amount: 50,
          initiative_id: 3,
          initiative_name: 'Buurttuin Oost',
          activity_id: 31,
          activity_name: 'Oogstfeest',
        }),
      ],
    });
    const { user } = renderApp('/transactions');

    await user.selectOptions(await initiativeSelect(), 'Verbreek verbinding');
    const patches = requestsTo(requests, 'PATCH', '/api/payment/1/initiative');
    expect(jsonBody(patches[0])).toEqual({ initiative_id: -1 });
    await waitFor(async () => expect(await activitySelect()).toBeDisabled());
    expect(await initiativeSelect()).toHaveDisplayValue('Verbind initiatief');

    const label2 = '06-03-2024 € 50,00';
    await user.selectOptions(await activitySelect(label2), 'Verbreek verbinding');
    const activityPatches = requestsTo(requests, 'PATCH', '/api/payment/2/activity');
    expect(jsonBody(activityPatches[0])).toEqual({ initiative_id: 3, activity_id: -1 });
    await waitFor(async () => expect(await initiativeSelect(label2)).toBeEnabled());
    expect(await activitySelect(label2)).toHaveDisplayValue('Verbind activiteit');
  });

  it('logs a failed link and shows the row unchanged', async () => {
    logIn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakePaymentsApi({
      rows: [makePayment(1)],
      link: () => jsonResponse(403, { detail: 'Geen toegang', code: 'FORBIDDEN' }),
    });
    const { user } = renderApp('/transactions');
    const initiative = await initiativeSelect();
    await within(initiative).findByRole('option', { name: 'Buurttuin Oost' });

    await user.selectOptions(initiative, 'Buurttuin Oost');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Koppelen is mislukt. De transactie is niet gewijzigd.',
    );
    expect(consoleError).toHaveBeenCalled();
    expect(initiative).toHaveDisplayValue('Verbind initiatief');
    expect(initiative).toHaveAccessibleDescription(
      'Koppelen is mislukt. De transactie is niet gewijzigd.',
    );
    expect(await activitySelect()).toBeDisabled();
  });

  it('loads the second page at offset 20 on "Load More", and stops after a short page', async () => {
    logIn();
    const rows = Array.from({ length: 25 }, (_, index) => makePayment(index + 1));
    const { requests } = fakePaymentsApi({ rows });
    const { user } = renderApp('/transactions');

    await screen.findByText('Ontvanger 20');
    expect(screen.queryByText('Ontvanger 21')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText('Ontvanger 25')).toBeInTheDocument();
    expect(listRequests(requests).map((url) => url.searchParams.get('offset'))).toEqual([
      '0',
      '20',
    ]);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('loads more when the table is scrolled to within 20 px of its end', async () => {
    logIn();
    const rows = Array.from({ length: 40 }, (_, index) => makePayment(index + 1));
    const { requests } = fakePaymentsApi({ rows });
    renderApp('/transactions');
    await screen.findByText('Ontvanger 20');
    const scroller = screen.getByRole('region', { name: 'Transactieoverzicht' });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });

    const scrollTo = (top: number) =>
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        writable: true,
        value: top,
      });

    scrollTo(579); // 21 px from the end
    fireEvent.scroll(scroller);
    expect(listRequests(requests)).toHaveLength(1);

    scrollTo(580); // 20 px from the end
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Ontvanger 40')).toBeInTheDocument();
    expect(listRequests(requests)[1]?.searchParams.get('offset')).toBe('20');
  });

  it('filters by initiative, IBAN and activity from page 1, and clears a filter', async () => {
    logIn();
    const rows = Array.from({ length: 20 }, (_, index) =>
      makePayment(index + 1, {
        initiative_id: 3,
        initiative_name: 'Buurttuin Oost',
        activity_id: index === 0 ? 30 : null,
        activity_name: index === 0 ? 'Plantdag' : null,
        iban: index % 2 ? 'NL02RABO0123456789' : 'NL91ABNA0417164300',
      }),
    );
    const { requests } = fakePaymentsApi({
      list: (query) => {
        if (query.get('initiative_name') === 'Repair Café') return [];
        return query.get('offset') === '0' ? rows : [];
      },
    });
    const { user } = renderApp('/transactions');
    await screen.findByText('Ontvanger 20');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(listRequests(requests)).toHaveLength(2));

    // Linkable initiatives are offered even when no loaded payment is linked to them.
    const filter = screen.getByRole('combobox', { name: 'Initiatief' });
    await within(filter).findByRole('option', { name: 'Repair Café' });
    await user.selectOptions(filter, 'Repair Café');

    expect(await screen.findByText('Geen gegevens gevonden')).toBeInTheDocument();
    const filtered = listRequests(requests).at(-1);
    expect(filtered?.searchParams.get('initiative_name')).toBe('Repair Café');
    expect(filtered?.searchParams.get('offset')).toBe('0');
    // The options stay: the unfiltered rows are still known.
    expect(
      within(screen.getByRole('combobox', { name: 'IBAN' })).getByRole('option', {
        name: 'NL02RABO0123456789',
      }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'IBAN' }), 'NL02RABO0123456789');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Activiteit' }), 'Plantdag');
    const combined = listRequests(requests).at(-1);
    expect(Object.fromEntries(combined?.searchParams ?? [])).toEqual({
      offset: '0',
      limit: '20',
      initiative_name: 'Repair Café',
      iban: 'NL02RABO0123456789',
      activity_name: 'Plantdag',
    });

    await user.click(screen.getByRole('button', { name: 'Filter Initiatief wissen' }));
    expect(screen.getByRole('combobox', { name: 'Initiatief' })).toHaveDisplayValue(
      'Alle initiatieven',
    );
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.searchParams.has('initiative_name')).toBe(false),
    );
  });
});
