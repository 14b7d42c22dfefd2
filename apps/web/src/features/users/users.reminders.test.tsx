import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyText, jsonResponse, renderApp, type RecordedRequest } from '../../test/render';
import { fakeUsersApi, logInAs, makeUser, ME } from './test-fixtures';

const me = makeUser(ME, {
  email: 'ik@example.nl',
  is_active: true,
  hidden: false,
  receipt_reminders: true,
  language: 'nl',
});
const SELF_FIELDS = [
  'first_name',
  'last_name',
  'biography',
  'email',
  'password',
  'receipt_reminders',
  'language',
];

async function openSettings(fields: string[], user = me) {
  logInAs(ME);
  const api = fakeUsersApi({
    users: [me, user],
    actions: () => ['read', 'edit'],
    editFields: () => fields,
    mutate: () => jsonResponse(200, { ...user, receipt_reminders: false, language: 'fy' }),
  });
  const app = renderApp(`/contacts/${user.id}/edit-settings`);
  const dialog = await screen.findByRole('dialog', { name: 'Instellingen' });
  await within(dialog).findByRole('button', { name: 'Opslaan' });
  return { ...app, ...api, dialog: within(dialog) };
}

const patches = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PATCH');

describe("the user's own mail settings", () => {
  it("offers 'Herinneringen over bonnen' and the mail language, and sends only what changed", async () => {
    const { user, dialog, requests, router } = await openSettings(SELF_FIELDS);
    const reminders = dialog.getByRole('checkbox', { name: 'Herinneringen over bonnen' });
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleDescription(/wekelijkse e-mail/);
    const languages = dialog.getByRole('group', { name: 'Taal van e-mails' });
    expect(within(languages).getByRole('radio', { name: 'Nederlands' })).toBeChecked();

    await user.click(reminders);
    await user.click(within(languages).getByRole('radio', { name: 'Fries' }));
    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/contacts/${ME}`));
    const [patch] = patches(requests);
    expect(patch?.url).toBe(`/api/user/${ME}`);
    expect(JSON.parse(bodyText(patch))).toEqual({ receipt_reminders: false, language: 'fy' });
  });

  it("is not offered on someone else's settings, where edit-fields leaves it out", async () => {
    const anna = makeUser(2, { email: 'anna@example.nl', is_active: true, hidden: false });
    const { dialog } = await openSettings(['email', 'role', 'is_active', 'hidden'], anna);
    expect(dialog.getByLabelText('E-mailadres')).toBeVisible();
    expect(
      dialog.queryByRole('checkbox', { name: 'Herinneringen over bonnen' }),
    ).not.toBeInTheDocument();
    expect(dialog.queryByRole('group', { name: 'Taal van e-mails' })).not.toBeInTheDocument();
  });
});
