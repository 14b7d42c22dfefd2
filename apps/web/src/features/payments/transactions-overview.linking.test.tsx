import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, requestsTo } from '../../test/fake-api';
import { jsonResponse, renderApp, type RecordedRequest } from '../../test/render';
import {
  activitySelect,
  fakePaymentsApi,
  initiativeSelect,
  logIn,
  makePayment,
} from './overview-test-fixtures';

const LABEL_1 = '06-03-2024 € -11,00';
/** Matches an accessible name, whatever spaces the euro amount has (a no-break one). */
const spaced = (text: string) => (name: string) => name.replace(/\s+/g, ' ') === text;
/**
 * The row's 'Koppelen' beside its dropdowns. Its twin in the narrow screen's 'Koppeling' cell has
 * the same name; a browser shows only one of them at a time.
 */
const activityCell = async (label = LABEL_1) =>
  within((await activitySelect(label)).closest('td')!);
const saveButton = async (label = LABEL_1) =>
  (await activityCell(label)).findByRole('button', {
    name: spaced(`Koppelen: betaling van ${label}`),
  });
/** The 'Koppelen' of payment 1's 'Koppeling' cell, which opens the dialog. */
const dialogButton = async () => {
  const row = (await screen.findByText('Ontvanger 1')).closest('tr')!;
  const cell = within(row).getAllByRole('cell')[1]!;
  return within(cell).getByRole('button', { name: spaced(`Koppelen: betaling van ${LABEL_1}`) });
};
const patches = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === 'PATCH')
    .map((request) => [new URL(request.url, 'http://localhost').pathname, jsonBody(request)]);

describe('Transactieoverzicht: linking a payment', () => {
  it('saves nothing on choosing; "Koppelen" saves, says so, and keeps focus in the row', async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1)] });
    const { user } = renderApp('/transactions');

    const activity = await activitySelect();
    expect(activity).toBeDisabled();
    expect(activity).toHaveDisplayValue('Verbind activiteit');
    const initiative = await initiativeSelect();
    expect(initiative).toHaveDisplayValue('Verbind initiatief');
    await within(initiative).findByRole('option', { name: 'Repair Café' });
    // Nothing is linked yet: there is nothing to break.
    expect(
      within(initiative).queryByRole('option', { name: 'Verbreek verbinding' }),
    ).not.toBeInTheDocument();
    expect((await activityCell()).queryByRole('button')).not.toBeInTheDocument();

    // What the arrow keys of a closed select do: change its value, one option at a time.
    await user.selectOptions(initiative, 'Repair Café');
    await user.selectOptions(initiative, 'Buurttuin Oost');
    expect(patches(requests)).toEqual([]);
    // The activities of the chosen initiative are offered before anything is saved.
    await waitFor(() => expect(activity).toBeEnabled());
    await within(activity).findByRole('option', { name: 'Plantdag' });
    await user.selectOptions(activity, 'Plantdag');
    expect(patches(requests)).toEqual([]);

    await user.click(await saveButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `Betaling van ${LABEL_1} gekoppeld aan Buurttuin Oost, activiteit Plantdag.`,
      ),
    );
    expect(patches(requests)).toEqual([
      ['/api/payment/1/initiative', { initiative_id: 3 }],
      ['/api/payment/1/activity', { initiative_id: 3, activity_id: 30 }],
    ]);
    // With an activity linked the initiative is fixed; focus is on the row's activity.
    await waitFor(() => expect(initiative).toBeDisabled());
    expect(initiative).toHaveDisplayValue('Buurttuin Oost');
    expect(activity).toHaveDisplayValue('Plantdag');
    expect(activity).toHaveFocus();
    expect((await activityCell()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Niet gekoppeld (0)' })).toBeInTheDocument();
  });

  it('"Ongedaan maken" restores the link before, and puts focus back on the row', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [makePayment(1, { initiative_id: 4, initiative_name: 'Repair Café' })],
    });
    const { user } = renderApp('/transactions');
    const initiative = await initiativeSelect();
    await within(initiative).findByRole('option', { name: 'Buurttuin Oost' });
    await user.selectOptions(initiative, 'Buurttuin Oost');
    await user.click(await saveButton());
    const status = screen.getByRole('status');
    await within(status).findByText(`Betaling van ${LABEL_1} gekoppeld aan Buurttuin Oost.`);
    expect(initiative).toHaveFocus();

    await user.click(within(status).getByRole('button', { name: 'Ongedaan maken' }));
    await within(status).findByText(
      `Ongedaan gemaakt: betaling van ${LABEL_1} is weer gekoppeld zoals voorheen.`,
    );
    expect(patches(requests)).toEqual([
      ['/api/payment/1/initiative', { initiative_id: 3 }],
      ['/api/payment/1/initiative', { initiative_id: 4 }],
    ]);
    expect(initiative).toHaveDisplayValue('Repair Café');
    expect(initiative).toHaveFocus();
    expect(within(status).queryByRole('button')).not.toBeInTheDocument();
  });

  it('undoes a new initiative and activity link in the order the API allows', async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1)] });
    const { user } = renderApp('/transactions');
    const initiative = await initiativeSelect();
    await within(initiative).findByRole('option', { name: 'Buurttuin Oost' });
    await user.selectOptions(initiative, 'Buurttuin Oost');
    const activity = await activitySelect();
    await within(activity).findByRole('option', { name: 'Oogstfeest' });
    await user.selectOptions(activity, 'Oogstfeest');
    await user.click(await saveButton());
    await user.click(await screen.findByRole('button', { name: 'Ongedaan maken' }));
    await screen.findByText(/^Ongedaan gemaakt/);
    expect(patches(requests).slice(2)).toEqual([
      ['/api/payment/1/activity', { initiative_id: 3, activity_id: -1 }],
      ['/api/payment/1/initiative', { initiative_id: -1 }],
    ]);
    expect(initiative).toHaveDisplayValue('Verbind initiatief');
    expect(initiative).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Niet gekoppeld (1)' })).toBeInTheDocument();
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

  it('sends -1 for "Verbreek verbinding" once "Koppelen" is pressed', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [
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
    const label = '06-03-2024 € 50,00';
    await user.selectOptions(await activitySelect(label), 'Verbreek verbinding');
    expect(patches(requests)).toEqual([]);
    await user.click(await saveButton(label));
    // What is left is said: the initiative alone.
    await screen.findByText(`Betaling van ${label} gekoppeld aan Buurttuin Oost.`);
    expect(patches(requests)).toEqual([
      ['/api/payment/2/activity', { initiative_id: 3, activity_id: -1 }],
    ]);
    await waitFor(async () => expect(await initiativeSelect(label)).toBeEnabled());
    expect(await activitySelect(label)).toHaveDisplayValue('Verbind activiteit');
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
    await user.click(await saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Koppelen is mislukt. De transactie is niet gewijzigd.',
    );
    expect(consoleError).toHaveBeenCalled();
    expect(initiative).toHaveAccessibleDescription(
      'Koppelen is mislukt. De transactie is niet gewijzigd.',
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("links in a dialog from the row's 'Koppelen' (the narrow screen's way)", async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1)] });
    const { user } = renderApp('/transactions');
    const open = await dialogButton();
    expect(open.closest('td')).toHaveTextContent('Niet gekoppeld');
    await user.click(open);

    const dialog = within(await screen.findByRole('dialog', { name: 'Transactie koppelen' }));
    const initiative = dialog.getByRole('combobox', { name: 'Initiatief' });
    await within(initiative).findByRole('option', { name: 'Buurttuin Oost' });
    await user.selectOptions(initiative, 'Buurttuin Oost');
    const activity = dialog.getByRole('combobox', { name: 'Activiteit' });
    await within(activity).findByRole('option', { name: 'Plantdag' });
    await user.selectOptions(activity, 'Plantdag');
    expect(patches(requests)).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Koppelen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(requests)).toHaveLength(2);
    expect(open).toHaveFocus();
    expect(open.closest('td')).toHaveTextContent('Buurttuin Oost · Plantdag');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('gekoppeld aan Buurttuin Oost, activiteit Plantdag.');

    await user.click(within(status).getByRole('button', { name: 'Ongedaan maken' }));
    await within(status).findByText(/^Ongedaan gemaakt/);
    expect(open).toHaveFocus();
    expect(open.closest('td')).toHaveTextContent('Niet gekoppeld');
  });

  it("closes the dialog on 'Annuleren' without saving", async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1)] });
    const { user } = renderApp('/transactions');
    await user.click(await dialogButton());
    const dialog = within(await screen.findByRole('dialog'));
    const initiative = dialog.getByRole('combobox', { name: 'Initiatief' });
    await within(initiative).findByRole('option', { name: 'Buurttuin Oost' });
    await user.selectOptions(initiative, 'Buurttuin Oost');
    await user.click(dialog.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(requests)).toEqual([]);
    expect(requestsTo(requests, 'PATCH', '/api/payment/1/initiative')).toHaveLength(0);
  });
});
