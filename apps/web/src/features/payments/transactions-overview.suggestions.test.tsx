import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkSuggestion } from '@helder/shared/payments';
import { jsonBody, requestsTo } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { fakePaymentsApi, initiativeSelect, logIn, makePayment } from './overview-test-fixtures';

const spaced = (text: string) => (name: string) => name.replace(/\s+/g, ' ') === text;

const suggestion = (over: Partial<LinkSuggestion> = {}): LinkSuggestion => ({
  initiative_id: 3,
  initiative_name: 'Buurttuin Oost',
  activity_id: 30,
  activity_name: 'Plantdag',
  confidence: 0.9,
  reason: { kind: 'iban', count: 3 },
  ...over,
});

describe('Transactieoverzicht: link suggestions', () => {
  it('shows a suggestion with why, and links it only on "Voorstel overnemen"', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [makePayment(1, { suggestion: suggestion() }), makePayment(2)],
    });
    const { user } = renderApp('/transactions');
    const cell = within((await initiativeSelect()).closest('td')!);
    expect(cell.getByText('Eerder 3× gekoppeld aan Buurttuin Oost')).toBeInTheDocument();
    expect(requestsTo(requests, 'PATCH', '/api/payment/1/initiative')).toEqual([]);

    await user.click(
      cell.getByRole('button', {
        name: spaced(
          'Voorstel overnemen: betaling van 06-03-2024 € -11,00 naar Buurttuin Oost · Plantdag',
        ),
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Betaling van 06-03-2024 € -11,00 gekoppeld aan Buurttuin Oost, activiteit Plantdag.',
      ),
    );
    expect(
      requestsTo(requests, 'PATCH', '/api/payment/1/activity').map((r) => jsonBody(r)),
    ).toEqual([{ initiative_id: 3, activity_id: 30 }]);
    // Linked, the row offers the suggestion no more.
    expect(screen.queryByText('Eerder 3× gekoppeld aan Buurttuin Oost')).not.toBeInTheDocument();
  });

  it('accepts all sure suggestions in one call, and undoes them together', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [
        makePayment(1, { suggestion: suggestion() }),
        makePayment(2, {
          suggestion: suggestion({
            initiative_id: 4,
            initiative_name: 'Repair Café',
            activity_id: null,
            activity_name: null,
          }),
        }),
        // Unsure: left for the person to decide.
        makePayment(3, { suggestion: suggestion({ confidence: 0.5 }) }),
      ],
    });
    const { user } = renderApp('/transactions');
    await user.click(
      await screen.findByRole('button', { name: 'Alle zekere voorstellen overnemen (2)' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 betalingen gekoppeld.'),
    );
    const bulk = requestsTo(requests, 'POST', '/api/payments/links').map((r) => jsonBody(r));
    expect(bulk).toEqual([
      {
        links: [
          { payment_id: 1, initiative_id: 3, activity_id: 30 },
          { payment_id: 2, initiative_id: 4, activity_id: null },
        ],
      },
    ]);
    expect(
      screen.queryByRole('button', { name: /Alle zekere voorstellen/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(screen.getByRole('status')).getByRole('button', { name: 'Ongedaan maken' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Ongedaan gemaakt: 2 betalingen zijn weer gekoppeld zoals voorheen.',
      ),
    );
    expect(
      requestsTo(requests, 'POST', '/api/payments/links')
        .map((r) => jsonBody(r))
        .at(-1),
    ).toEqual({
      links: [
        { payment_id: 1, initiative_id: null, activity_id: null },
        { payment_id: 2, initiative_id: null, activity_id: null },
      ],
    });
    expect(
      await screen.findByRole('button', { name: 'Alle zekere voorstellen overnemen (2)' }),
    ).toBeInTheDocument();
  });
});
