import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { fakePaymentsApi, listRequests, logIn, makePayment } from './overview-test-fixtures';

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
      // Shown at 768 px and less only, where the initiative and activity columns are not.
      'Koppeling',
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
    expect(cells[1]).toHaveTextContent('Niet gekoppeld');
    expect(cells[5]).toHaveTextContent('Zaaigoed');
    expect(cells[6]).toHaveTextContent('NL91 ABNA 0417 1643 00');
    expect(cells[7]?.textContent).toMatch(/^€\s-1\.234,50$/);
    expect(within(table).getByText(/^€\s25,00$/)).toBeInTheDocument();
    expect(within(table).getByText('31-12-2024')).toBeInTheDocument();

    const [first_request] = listRequests(requests);
    expect(first_request?.searchParams.has('after')).toBe(false);
    expect(first_request?.searchParams.get('limit')).toBe('20');
  });

  it('marks a line the import kept beside a look-alike as "Mogelijk dubbel", naming the other', async () => {
    logIn();
    fakePaymentsApi({
      rows: [
        makePayment(1, {
          possible_duplicate_of: {
            payment_id: 2,
            booking_date: '2024-03-06',
            amount: -12.5,
            counterparty: 'Bakker Jansen',
            description: 'Brood',
          },
        }),
        makePayment(2, { possible_duplicate_of: null }),
      ],
    });
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactieoverzicht' });
    const flagged = (await within(table).findByText('Ontvanger 1')).closest('tr')!;
    const badge = within(flagged).getByText('Mogelijk dubbel');
    const other = 'Lijkt op een andere transactie van deze rekening: 06-03-2024 · Bakker Jansen';
    expect(badge).toHaveAttribute('title', expect.stringContaining(other));
    expect(badge.getAttribute('title')).toMatch(/€\s-12,50 · Brood$/);
    // A screen reader hears the same, which a title alone does not promise.
    expect(badge).toHaveTextContent(other);
    const plain = within(table).getByText('Ontvanger 2').closest('tr')!;
    expect(within(plain).queryByText('Mogelijk dubbel')).not.toBeInTheDocument();
  });

  it('shows one row "Geen gegevens gevonden" when there are no payments', async () => {
    logIn();
    fakePaymentsApi();
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactieoverzicht' });
    const empty = await within(table).findByRole('cell', { name: 'Geen gegevens gevonden' });
    expect(empty).toHaveAttribute('colspan', '8');
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

  it('loads the second page after the last row on "Load More", and stops after a short page', async () => {
    logIn();
    const rows = Array.from({ length: 25 }, (_, index) => makePayment(index + 1));
    const { requests } = fakePaymentsApi({ rows });
    const { user } = renderApp('/transactions');

    await screen.findByText('Ontvanger 20');
    expect(screen.queryByText('Ontvanger 21')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText('Ontvanger 25')).toBeInTheDocument();
    expect(listRequests(requests).map((url) => url.searchParams.get('after'))).toEqual([
      null,
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
    expect(listRequests(requests)[1]?.searchParams.get('after')).toBe('20');
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
        return query.has('after') ? [] : rows;
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
    expect(filtered?.searchParams.has('after')).toBe(false);
    // The options stay: the unfiltered rows are still known.
    expect(
      within(screen.getByRole('combobox', { name: 'IBAN' })).getByRole('option', {
        name: 'NL02 RABO 0123 4567 89',
      }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'IBAN' }), 'NL02RABO0123456789');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Activiteit' }), 'Plantdag');
    const combined = listRequests(requests).at(-1);
    expect(Object.fromEntries(combined?.searchParams ?? [])).toEqual({
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

  it('starts a new filter at the top of the table', async () => {
    logIn();
    const rows = Array.from({ length: 40 }, (_, index) =>
      makePayment(index + 1, { iban: index % 2 ? 'NL02RABO0123456789' : 'NL91ABNA0417164300' }),
    );
    const { requests } = fakePaymentsApi({ rows });
    const { user } = renderApp('/transactions');
    await screen.findByText('Ontvanger 20');
    const scroller = screen.getByRole('region', { name: 'Transactieoverzicht' });
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      writable: true,
      value: 300,
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'IBAN' }), 'NL02RABO0123456789');

    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.searchParams.get('iban')).toBe('NL02RABO0123456789'),
    );
    expect(scroller.scrollTop).toBe(0);
  });

  it("offers the caller's own and shared accounts as IBANs, not only those of loaded rows", async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [makePayment(1, { iban: 'NL91 ABNA 0417 1643 00' })],
      accounts: { owned: ['NL86SNDB0123456789'], used: ['nl02 rabo 0123 4567 89'] },
    });
    const { user } = renderApp('/transactions');
    await screen.findByText('Ontvanger 1');
    const filter = screen.getByRole('combobox', { name: 'IBAN' });
    await within(filter).findByRole('option', { name: 'NL86 SNDB 0123 4567 89' });
    // One entry each, shown in groups of four, sent without spaces in capitals as the API matches.
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'NL02RABO0123456789', 'NL86SNDB0123456789', 'NL91ABNA0417164300']);
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Alle rekeningen',
      'NL02 RABO 0123 4567 89',
      'NL86 SNDB 0123 4567 89',
      'NL91 ABNA 0417 1643 00',
    ]);
    await user.selectOptions(filter, 'NL86SNDB0123456789');
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.searchParams.get('iban')).toBe('NL86SNDB0123456789'),
    );
  });

  it('searches with the top bar from page 1', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      list: (query) => (query.get('search') === 'huur abna' ? [] : [makePayment(1)]),
    });
    const { user } = renderApp('/transactions');
    await screen.findByText('Ontvanger 1');
    await user.type(screen.getByRole('searchbox', { name: 'Zoek in transacties' }), ' huur abna ');

    expect(await screen.findByText('Geen gegevens gevonden')).toBeInTheDocument();
    const searched = listRequests(requests).at(-1);
    expect(searched?.searchParams.get('search')).toBe('huur abna');
    expect(searched?.searchParams.has('after')).toBe(false);
  });
});
