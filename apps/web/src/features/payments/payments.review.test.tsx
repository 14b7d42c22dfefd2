import type { Payment, Review } from '@helder/shared/payments';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonBody, requestsTo } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import { listItem, loadPaymentRoutes, logIn, payment, paymentsApi } from './test-fixtures';

beforeAll(loadPaymentRoutes);
beforeEach(logIn);

const review = (extra: Partial<Review> = {}): Review => ({
  status: 'open',
  comment: '',
  reviewer_name: '',
  reviewed_at: null,
  ...extra,
});

const REVIEWER = ['read', 'edit', 'review'];
const OWNER = ['read', 'edit', 'delete'];

function open(actions: string[], detail: Payment, answer?: Payment) {
  const fake = paymentsApi({
    actions: { 'Payment:55': actions },
    editFields: ['short_user_description', 'long_user_description', 'hidden'],
    detail,
    routes: {
      'PUT /api/payment/:id/review': () => jsonResponse(200, answer ?? detail),
      'DELETE /api/payment/:id/review': () => jsonResponse(200, answer ?? detail),
    },
  });
  return { ...fake, ...renderApp('/funds/3/55/details') };
}

async function loaded(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByText('Transactie laden...')).toBeNull());
  return dialog;
}

describe('the review in the payment modal', () => {
  it('lets a reviewer reject only with a comment, then reopen', async () => {
    const rejected = payment({
      review: review({ status: 'rejected', comment: 'Bon ontbreekt', reviewer_name: 'Piet' }),
    });
    const { user, requests } = open(REVIEWER, payment({ review: review() }), rejected);
    const dialog = await loaded('Transactie bewerken');
    const section = within(dialog).getByRole('region', { name: 'Beoordeling door de financier' });
    expect(within(section).getByText('Te beoordelen')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Heropenen' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Afkeuren' }));
    expect(within(section).getByText('Geef bij afkeuren een toelichting.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/payment/55/review')).toHaveLength(0);

    await user.type(within(section).getByLabelText('Toelichting'), 'Bon ontbreekt');
    await user.click(within(section).getByRole('button', { name: 'Afkeuren' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'PUT', '/api/payment/55/review')).toHaveLength(1),
    );
    expect(jsonBody(requestsTo(requests, 'PUT', '/api/payment/55/review')[0])).toEqual({
      status: 'rejected',
      comment: 'Bon ontbreekt',
    });
    expect(await within(section).findByText('Afgekeurd')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Heropenen' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Afkeuren' })).toBeNull();
  });

  it("shows the owner the reviewer's comment and what to do about a rejection", async () => {
    open(
      OWNER,
      payment({
        review: review({
          status: 'rejected',
          comment: 'Het bedrag klopt niet met de bon',
          reviewer_name: 'Piet Penvoerder',
          reviewed_at: '2026-05-04T10:00:00.000Z',
        }),
      }),
    );
    const dialog = await loaded('Transactie bewerken');
    const section = within(dialog).getByRole('region', { name: 'Beoordeling door de financier' });
    expect(within(section).getByText('Het bedrag klopt niet met de bon')).toBeInTheDocument();
    expect(within(section).getByText(/Door Piet Penvoerder op 04-05-2026/)).toBeInTheDocument();
    expect(
      within(section).getByText(/Voeg een bon toe of corrigeer de uitgave/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Goedkeuren' })).toBeNull();
  });

  it('locks an approved expense for its owner: no form, a disabled edit button that says why', async () => {
    open(OWNER, payment({ review: review({ status: 'approved', reviewer_name: 'Piet' }) }));
    const dialog = await loaded('Transactie');
    const edit = within(dialog).getByRole('button', { name: 'Bewerken' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(/is goedgekeurd en kan niet meer worden gewijzigd/);
    expect(within(dialog).queryByRole('link', { name: 'Verwijderen' })).toBeNull();
    expect(within(dialog).queryByLabelText('Korte beschrijving')).toBeNull();
  });

  it('leaves an approved expense editable for a reviewer, who may reopen it', async () => {
    const { user, requests } = open(
      REVIEWER,
      payment({ review: review({ status: 'approved', reviewer_name: 'Piet' }) }),
      payment({ review: review() }),
    );
    const dialog = await loaded('Transactie bewerken');
    await user.click(within(dialog).getByRole('button', { name: 'Heropenen' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'DELETE', '/api/payment/55/review')).toHaveLength(1),
    );
  });
});

describe('the review in the Transactieoverzicht', () => {
  it('badges the rows and sums up the review for insiders', async () => {
    paymentsApi({
      list: () => [
        { ...listItem(2), review_status: 'approved' },
        { ...listItem(1), review_status: 'rejected' },
        listItem(3, { transaction_amount: 20, route: 'inkomen' }),
      ],
      routes: {
        'GET /api/payments/initiative/:id/review': () =>
          jsonResponse(200, {
            enabled: true,
            summary: {
              expenses: { count: 2, amount: 25 },
              reviewed: { count: 2, amount: 25 },
              approved: { count: 1, amount: 12.5 },
              rejected: { count: 1, amount: 12.5 },
              open: { count: 0, amount: 0 },
            },
          }),
      },
    });
    renderApp('/funds/3/transactieoverzicht');
    const panel = await screen.findByRole('region', { name: 'Transactieoverzicht' });
    const table = await within(panel).findByRole('table', { name: 'Transacties' });
    expect(await within(table).findByText('Goedgekeurd')).toBeInTheDocument();
    expect(within(table).getByText('Afgekeurd')).toBeInTheDocument();
    expect(
      await within(panel).findByRole('note', { name: 'Beoordeling van de uitgaven' }),
    ).toHaveTextContent('Beoordeeld € 25,00 van € 25,00: goedgekeurd € 12,50, afgekeurd € 12,50');
  });
});
