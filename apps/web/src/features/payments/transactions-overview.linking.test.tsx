import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, requestsTo } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import {
  activitySelect,
  fakePaymentsApi,
  initiativeSelect,
  listRequests,
  logIn,
  makePayment,
} from './overview-test-fixtures';

describe('Transactieoverzicht of /transactions', () => {
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
});
