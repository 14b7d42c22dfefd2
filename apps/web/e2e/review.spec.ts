/**
 * The funder's review of expenses against the real API (docs/api-rules.md §20), axe on every
 * screen at 1280 and 375 px: an overseer approves one expense and rejects another with a
 * comment; the owner reads the comment and finds the approved one locked.
 */
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  Api,
  apiToken,
  expectNoA11yViolations,
  loginAs,
  logout,
  ROOT,
  uniqueId,
  type Account,
} from './helpers';

interface ReviewedGrant {
  overseer: Account;
  owner: Account;
  initiative: Initiative;
}

/** A regulation that reviews, a grant overseen by a fresh account, two expenses of the owner. */
async function reviewedGrant(request: APIRequestContext): Promise<ReviewedGrant> {
  const root = await Api.login(request, ROOT);
  const token = await apiToken(request, ROOT.email, ROOT.password);
  const patch = async (path: string, data: object) => {
    const response = await request.patch(`/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const id = uniqueId();
  const overseer = await root.account({ first_name: 'Pim', last_name: 'Penvoerder' });
  const owner = await root.account({ first_name: 'Noor', last_name: 'Jansen' });
  const funder = await root.funder({ name: `Fonds ${id}`, url: `https://${id}.example.nl` });
  const regulation = await root.regulation(funder.id, {
    name: `Buurtgeld ${id}`,
    description: 'Geld voor plannen van bewoners, met controle van de uitgaven.',
  });
  const base = `/funder/${funder.id}/regulation/${regulation.id}`;
  await patch(base, { review_enabled: true });
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Buurtgeld ${id} 2026`,
    reference: `REV-${id}`,
    budget: 3000,
  });
  await patch(`${base}/grant/${grant.id}/overseers`, { user_ids: [overseer.id] });
  const initiative = await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Buurtfeest ${id.toUpperCase()}`,
      description: 'Een feest voor de hele straat.',
      purpose: 'Elkaar leren kennen',
      target_audience: 'Buren',
      budget: 1500,
    },
  );
  await root.initiativeOwners(initiative.id, [owner]);
  const asOwner = await Api.login(request, owner);
  for (const [amount, description] of [
    [-25, 'Slingers en ballonnen'],
    [-40, 'Huur partytent'],
  ] as const) {
    await asOwner.payment({
      initiative_id: initiative.id,
      transaction_amount: amount,
      booking_date: '2026-06-12T10:00:00+02:00',
      short_user_description: description,
    });
  }
  return { overseer, owner, initiative };
}

const rowOf = (page: Page, text: string) =>
  page.getByRole('table', { name: 'Transacties' }).getByRole('row').filter({ hasText: text });
const summary = (page: Page) => page.getByRole('note', { name: 'Beoordeling van de uitgaven' });
const reviewOf = (page: Page) =>
  page.getByRole('region', { name: 'Beoordeling door de financier' });

test('an overseer approves one expense and rejects another; the owner reads the comment and finds the approved one locked', async ({
  page,
  request,
}) => {
  test.slow();
  const { overseer, owner, initiative } = await reviewedGrant(request);
  const tab = `/funds/${initiative.id}/transactieoverzicht`;

  await loginAs(page, overseer.email, overseer.password);
  await page.goto(tab);
  // The first visit builds the page's caches on a busy machine.
  await expect(rowOf(page, 'Slingers')).toContainText('Te beoordelen', { timeout: 20_000 });
  await expect(summary(page)).toHaveText(
    'Beoordeeld € 0,00 van € 65,00: goedgekeurd € 0,00, afgekeurd € 0,00',
  );
  await expectNoA11yViolations(page);

  await rowOf(page, 'Slingers').click();
  let dialog = page.getByRole('dialog', { name: 'Transactie bewerken' });
  await reviewOf(page).getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(reviewOf(page)).toContainText('Goedgekeurd');
  await expect(reviewOf(page)).toContainText('Door Pim Penvoerder');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();

  await rowOf(page, 'partytent').click();
  dialog = page.getByRole('dialog', { name: 'Transactie bewerken' });
  const review = reviewOf(page);
  await review.getByRole('button', { name: 'Afkeuren' }).click();
  await expect(review.getByText('Geef bij afkeuren een toelichting.')).toBeVisible();
  await review.getByLabel('Toelichting').fill('De bon ontbreekt; voeg die nog toe.');
  await review.getByRole('button', { name: 'Afkeuren' }).click();
  await expect(review.getByRole('button', { name: 'Heropenen' })).toBeVisible();
  await expect(review).toContainText('Afgekeurd');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  await expect(summary(page)).toHaveText(
    'Beoordeeld € 65,00 van € 65,00: goedgekeurd € 25,00, afgekeurd € 40,00',
  );
  await logout(page);

  await loginAs(page, owner.email, owner.password);
  await page.goto(tab);
  await expect(rowOf(page, 'Slingers')).toContainText('Goedgekeurd');
  await expect(rowOf(page, 'partytent')).toContainText('Afgekeurd');
  await expectNoA11yViolations(page);

  await rowOf(page, 'partytent').click();
  dialog = page.getByRole('dialog', { name: 'Transactie bewerken' });
  await expect(reviewOf(page)).toContainText('De bon ontbreekt; voeg die nog toe.');
  await expect(reviewOf(page)).toContainText('Voeg een bon toe of corrigeer de uitgave');
  await expect(reviewOf(page).getByRole('button', { name: 'Goedkeuren' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();

  await rowOf(page, 'Slingers').click();
  dialog = page.getByRole('dialog', { name: 'Transactie', exact: true });
  const edit = dialog.getByRole('button', { name: 'Bewerken' });
  await expect(edit).toBeDisabled();
  await expect(dialog).toContainText('is goedgekeurd en kan niet meer worden gewijzigd');
  await expect(dialog.getByRole('link', { name: 'Verwijderen' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(summary(page)).toBeVisible();
  await expectNoA11yViolations(page);
});
