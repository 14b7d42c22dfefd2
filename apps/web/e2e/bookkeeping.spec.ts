/**
 * An initiative's bookkeeping as one story against the real API, axe on every screen state at
 * 1280 px and on the phone's at 375 px: an owner who linked a shop's and a café's lines before
 * imports a statement with new lines from them; each new line proposes the earlier link and says
 * why, one is accepted on its row, then all sure ones, which 'Ongedaan maken' takes back together,
 * and on the phone a row's dialog offers its suggestion. The owner drops three receipts of those
 * lines (two PDFs, one photo read by OCR: docs/api-rules.md §22) and confirms the matches in one
 * action; 'Zonder bon' then lists only the lines that got none. The grant's overseer approves one
 * expense and rejects another with a comment (docs/api-rules.md §20); the owner reads the comment
 * and the review's summary and finds the approved expense locked.
 *
 * One world for the whole story, one login per role: the overseer works in a browser of their
 * own while the owner's stays open.
 */
import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  Api,
  apiToken,
  expectNoA11yViolations,
  importStatement,
  loginAs,
  ROOT,
  type Account,
} from './helpers';
import { receiptPdf, receiptPng, type ReceiptFile } from './receipt-files';
import { freshIban, grouped, statementFiles, type Line } from './statements';

const SHOP = { counterparty: 'Bouwmarkt Hoekstra', counterpartyIban: 'NL44RABO0123456789' };
const CAFE = { counterparty: 'Koffiebranderij Oost', counterpartyIban: 'NL71INGB0009876543' };

const line = (party: typeof SHOP, day: number, amount: number, description: string): Line => ({
  date: `2026-03-${String(day).padStart(2, '0')}`,
  amount,
  ...party,
  description,
});

interface World {
  owner: Account;
  overseer: Account;
  initiative: Initiative;
  activity: Activity;
  /** A line linked before the story, which no receipt will be dropped for. */
  earlier: Line;
  /** The statement the owner imports, and its lines: two of the shop, one of the café. */
  iban: string;
  statement: ReturnType<typeof statementFiles.camt053>;
  fresh: [Line, Line, Line];
}

/**
 * An owner and an overseer of a grant whose regulation reviews expenses; the owner's initiative
 * has an activity, and an earlier statement of the owner's has three lines of the shop linked to
 * the activity and three of the café linked to the initiative.
 */
async function world(request: APIRequestContext): Promise<World> {
  const root = await Api.login(request, ROOT);
  const [owner, overseer] = await Promise.all([
    root.account({ first_name: 'Noor', last_name: 'Jansen' }),
    root.account({ first_name: 'Pim', last_name: 'Penvoerder' }),
  ]);
  const { initiative, id } = await root.ownedInitiative([owner], 'Buurtbarbecue', [overseer]);
  const activity = await root.activity(initiative.id, {
    name: `Opbouw ${id}`,
    description: 'Tenten en tafels.',
    purpose: 'Opbouwen',
    target_audience: 'Buren',
    budget: 300,
  });

  const earlierShop = [1, 2, 3].map((n) => line(SHOP, n, -20 - n, `Hout ${n} ${id}`));
  const earlierCafe = [4, 5, 6].map((n) => line(CAFE, n, -5 - n, `Koffie ${n} ${id}`));
  const history = statementFiles.camt053(freshIban(), `${id}H`, [...earlierShop, ...earlierCafe]);
  const headers = {
    Authorization: `Bearer ${await apiToken(request, owner.email, owner.password)}`,
  };
  await importStatement(request, owner, history, headers);

  // The earlier links, made as a person would, one line at a time.
  const asOwner = await Api.login(request, owner);
  const { payments } = await asOwner.get<{
    payments: { id: number; short_user_description: string }[];
  }>(`/payments/user/${owner.id}?limit=100`);
  const idOf = (l: Line) => payments.find((p) => p.short_user_description === l.description)!.id;
  for (const l of [...earlierShop, ...earlierCafe]) {
    await asOwner.patch(`/payment/${idOf(l)}/initiative`, { initiative_id: initiative.id });
  }
  for (const l of earlierShop) {
    await asOwner.patch(`/payment/${idOf(l)}/activity`, {
      initiative_id: initiative.id,
      activity_id: activity.id,
    });
  }

  const fresh: [Line, Line, Line] = [
    line(SHOP, 10, -31.5, `Schroeven ${id}`),
    line(SHOP, 11, -42.25, `Planken ${id}`),
    line(CAFE, 12, -9.75, `Thee ${id}`),
  ];
  const iban = freshIban();
  const statement = statementFiles.camt053(iban, id, fresh);
  return {
    owner,
    overseer,
    initiative,
    activity,
    earlier: earlierShop[0]!,
    iban,
    statement,
    fresh,
  };
}

/** What the till printed for each fresh line: a day or so before the bank booked it. */
const RECEIPTS = [
  { shop: SHOP.counterparty, day: '09-03-2026', total: '31,50' },
  { shop: SHOP.counterparty, day: '10-03-2026', total: '42,25' },
  { shop: CAFE.counterparty, day: '12-03-2026', total: '9,75' },
];
const printed = ({ shop, day, total }: (typeof RECEIPTS)[number]) => [
  shop,
  'Markt 3',
  `Datum: ${day} 10:14`,
  `Totaal EUR          ${total}`,
];

// /transactions
const overview = (page: Page) => page.getByRole('table', { name: 'Transactieoverzicht' });
const overviewRow = (page: Page, l: Line) =>
  overview(page).getByRole('row').filter({ hasText: l.description });
const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /gekoppeld|Ongedaan gemaakt/ });
const acceptAll = (page: Page) =>
  page.getByRole('button', { name: /^Alle zekere voorstellen overnemen/ });
const unlinked = (page: Page, n: number) =>
  page.getByRole('button', { name: `Niet gekoppeld (${n})` });

// The initiative's 'Transacties' tab
const tabRow = (page: Page, l: Line) =>
  page.getByRole('table', { name: 'Transacties' }).getByRole('row').filter({
    hasText: l.description,
  });
const summary = (page: Page) => page.getByRole('note', { name: 'Beoordeling van de uitgaven' });
const reviewOf = (page: Page) =>
  page.getByRole('region', { name: 'Beoordeling door de financier' });

/**
 * Nothing scrolls sideways at `width`, and `box` (when given) is inside it whole; polled, since
 * right after the viewport changed the page may not have been laid out again.
 */
async function expectFits(page: Page, width: number, box?: Locator): Promise<void> {
  if (box) {
    await expect
      .poll(async () => {
        const bounds = await box.boundingBox();
        return bounds!.x + bounds!.width;
      })
      .toBeLessThanOrEqual(width);
  }
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `horizontal overflow at ${width} px`,
    })
    .toBeLessThanOrEqual(width);
}

test('an owner imports, links and matches receipts; an overseer reviews; the owner reads the review', async ({
  page,
  browser,
  request,
}) => {
  // The three stories of the bookkeeping, told once: longer than one test's usual 30 s.
  test.setTimeout(180_000);
  const w = await world(request);
  const [screws, planks, tea] = w.fresh;
  const { initiative, activity } = w;
  const tab = `/funds/${initiative.id}/transactieoverzicht`;
  await page.setViewportSize({ width: 1280, height: 900 });
  const receipts: ReceiptFile[] = [
    ...RECEIPTS.slice(0, 2).map((r, n) => ({
      name: `bon-${n + 1}.pdf`,
      mimeType: 'application/pdf',
      buffer: receiptPdf(printed(r)),
    })),
    {
      name: 'bon-3.png',
      mimeType: 'image/png',
      buffer: await receiptPng(page, printed(RECEIPTS[2]!)),
    },
  ];
  await loginAs(page, w.owner.email, w.owner.password);

  await test.step('the owner imports a statement on the Banks tab', async () => {
    await page.goto('/transactions/bankconnections');
    await page.getByRole('link', { name: 'Bankrekening toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bankrekening toevoegen' });
    await dialog.getByRole('button', { name: 'Afschrift importeren' }).click();
    const upload = dialog.getByRole('button', { name: 'Uploaden' });
    await expect(upload).toBeDisabled();
    await dialog.getByLabel('Bestand', { exact: true }).setInputFiles(w.statement);
    await upload.click();
    await expect(dialog.getByRole('heading', { name: 'Controleer het afschrift' })).toBeVisible();
    const account = dialog.getByRole('region', { name: grouped(w.iban) });
    await expect(account).toContainText('Deze rekening wordt bij het importeren toegevoegd.');
    await expect(account).toContainText('Saldo klopt');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(
      dialog.getByText('3 transacties geïmporteerd, 0 waren al geïmporteerd'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Terug naar het overzicht' }).click();
    await expect(page).toHaveURL(/\/transactions\?unlinked=1$/);
  });

  await test.step('each new line proposes its earlier link; nothing is linked yet', async () => {
    for (const l of [screws, tea]) {
      await expect(
        overviewRow(page, l).getByText(`Eerder 3× gekoppeld aan ${initiative.name}`),
      ).toBeVisible();
    }
    await expect(acceptAll(page)).toHaveText('Alle zekere voorstellen overnemen (3)');
    await expect(unlinked(page, 3)).toHaveAttribute('aria-pressed', 'true');
    await expectNoA11yViolations(page);
  });

  await test.step('one suggestion on its row, then all sure ones, and undo', async () => {
    const accept = overviewRow(page, screws).getByRole('button', {
      name: /^Voorstel overnemen: betaling van/,
    });
    await expect(accept).toHaveAccessibleName(new RegExp(`${initiative.name} · ${activity.name}$`));
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(status(page)).toContainText(
      `gekoppeld aan ${initiative.name}, activiteit ${activity.name}.`,
    );
    await expect(unlinked(page, 2)).toBeVisible();
    await expect(acceptAll(page)).toHaveText('Alle zekere voorstellen overnemen (2)');

    await acceptAll(page).click();
    await expect(status(page)).toContainText('2 betalingen gekoppeld.');
    await expect(unlinked(page, 0)).toBeVisible();
    await expect(acceptAll(page)).toHaveCount(0);
    const activityOf = (l: Line) =>
      overviewRow(page, l).getByRole('combobox', { name: /^Activiteit voor/ });
    const initiativeOf = (l: Line) =>
      overviewRow(page, l).getByRole('combobox', { name: /^Initiatief voor/ });
    await expect(activityOf(planks)).toHaveValue(String(activity.id));
    await expect(initiativeOf(tea)).toHaveValue(String(initiative.id));
    await expectNoA11yViolations(page);

    await status(page).getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect(status(page)).toContainText(
      'Ongedaan gemaakt: 2 betalingen zijn weer gekoppeld zoals voorheen.',
    );
    await expect(unlinked(page, 2)).toBeVisible();
    await expect(acceptAll(page)).toHaveText('Alle zekere voorstellen overnemen (2)');
    await page.reload();
    await expect(initiativeOf(planks)).toHaveValue('');
    // The one accepted on its row stays linked, and so leaves the unlinked lines.
    await expect(overviewRow(page, screws)).toHaveCount(0);
    await expect(overviewRow(page, tea)).toHaveCount(1);
  });

  await test.step("at 375 px a row's dialog offers its suggestion", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(acceptAll(page)).toBeVisible();
    await expectNoA11yViolations(page);
    await overviewRow(page, tea)
      .getByRole('button', { name: /^Koppelen: betaling van/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Transactie koppelen' });
    await expect(dialog.getByText(`Eerder 3× gekoppeld aan ${initiative.name}`)).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: /^Voorstel overnemen: betaling van/ }).click();
    await expect(dialog).toBeHidden();
    await expect(status(page)).toContainText(`gekoppeld aan ${initiative.name}.`);
    // The row's 'Koppeling' cell shows the link (its dropdown's option, hidden here, has it too).
    await expect(
      overviewRow(page, tea).locator('span').filter({ hasText: initiative.name }),
    ).toBeVisible();
    await expect(unlinked(page, 1)).toBeVisible();
    await expectNoA11yViolations(page);
    await expectFits(page, 375);
    // The last line, planks, is linked the sure way again for the receipts to find.
    await acceptAll(page).click();
    await expect(status(page)).toContainText('1 betaling gekoppeld.');
    await expect(unlinked(page, 0)).toBeVisible();
  });

  await test.step('the owner drops three receipts and confirms their matches', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tab);
    await page.getByRole('button', { name: 'Bonnen toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bonnen toevoegen' });
    await dialog.locator('input[type="file"]').setInputFiles(receipts);

    const proposals = dialog.getByRole('checkbox', { name: /^Koppelen aan/ });
    // The photo is read by OCR, which on a busy machine takes a while.
    await expect(proposals).toHaveCount(3, { timeout: 30_000 });
    for (const [n, r] of RECEIPTS.entries()) {
      await expect(proposals.nth(n)).toBeChecked();
      await expect(proposals.nth(n)).toHaveAccessibleName(new RegExp(`${r.shop}.*${r.total}`));
    }
    await expectFits(page, 1280, dialog);
    await expectNoA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectFits(page, 375, dialog);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    const done = dialog.getByText('3 bonnen zijn gekoppeld aan hun uitgave.');
    await expect(done).toBeVisible();
    await expect(dialog.getByText('Er zijn nog geen bonnen toegevoegd.')).toBeVisible();
    // The focus stayed in the dialog, on what was done: Esc closes it.
    await expect(done).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Each matched expense counts its receipt, and 'Zonder bon' leaves only the others, at
    // either width.
    const receiptCounts = async () => {
      for (const l of w.fresh) {
        await expect(tabRow(page, l).getByRole('cell', { name: '1', exact: true })).toBeVisible();
      }
    };
    const withoutReceipt = async () => {
      await expect(tabRow(page, w.earlier)).toBeVisible();
      for (const l of w.fresh) await expect(tabRow(page, l)).toHaveCount(0);
      await expectNoA11yViolations(page);
    };
    await receiptCounts();
    await page.setViewportSize({ width: 1280, height: 900 });
    await receiptCounts();
    await page.getByRole('button', { name: 'Zonder bon' }).click();
    await withoutReceipt();
    await page.setViewportSize({ width: 375, height: 800 });
    await withoutReceipt();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // The overseer, in a browser of their own; the owner's stays logged in.
  const overseerContext = await browser.newContext();
  const funder = await overseerContext.newPage();
  await funder.setViewportSize({ width: 1280, height: 900 });
  const total = '€ 179,50';

  await test.step('the overseer approves one expense and rejects another', async () => {
    await loginAs(funder, w.overseer.email, w.overseer.password);
    await funder.goto(tab);
    await expect(tabRow(funder, screws)).toContainText('Te beoordelen');
    await expect(summary(funder)).toHaveText(
      `Beoordeeld € 0,00 van ${total}: goedgekeurd € 0,00, afgekeurd € 0,00`,
    );
    await expectNoA11yViolations(funder);

    await tabRow(funder, screws).click();
    let dialog = funder.getByRole('dialog', { name: 'Transactie bewerken' });
    await reviewOf(funder).getByRole('button', { name: 'Goedkeuren' }).click();
    await expect(reviewOf(funder)).toContainText('Goedgekeurd');
    await expect(reviewOf(funder)).toContainText('Door Pim Penvoerder');
    await expectNoA11yViolations(funder);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();

    await tabRow(funder, tea).click();
    dialog = funder.getByRole('dialog', { name: 'Transactie bewerken' });
    const review = reviewOf(funder);
    await review.getByRole('button', { name: 'Afkeuren' }).click();
    await expect(review.getByText('Geef bij afkeuren een toelichting.')).toBeVisible();
    await review.getByLabel('Toelichting').fill('De bon is onleesbaar; voeg een betere toe.');
    await review.getByRole('button', { name: 'Afkeuren' }).click();
    await expect(review.getByRole('button', { name: 'Heropenen' })).toBeVisible();
    await expect(review).toContainText('Afgekeurd');
    await expectNoA11yViolations(funder);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();
    await expect(summary(funder)).toHaveText(
      `Beoordeeld € 41,25 van ${total}: goedgekeurd € 31,50, afgekeurd € 9,75`,
    );
  });
  await overseerContext.close();

  await test.step('the owner reads the comment and finds the approved expense locked', async () => {
    // The tab afresh, without the 'Zonder bon' filter the owner left on.
    await page.goto(tab);
    await expect(tabRow(page, screws)).toContainText('Goedgekeurd');
    await expect(tabRow(page, tea)).toContainText('Afgekeurd');
    await expectNoA11yViolations(page);

    await tabRow(page, tea).click();
    let dialog = page.getByRole('dialog', { name: 'Transactie bewerken' });
    await expect(reviewOf(page)).toContainText('De bon is onleesbaar; voeg een betere toe.');
    await expect(reviewOf(page)).toContainText('Voeg een bon toe of corrigeer de uitgave');
    await expect(reviewOf(page).getByRole('button', { name: 'Goedkeuren' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(reviewOf(page)).toContainText('De bon is onleesbaar; voeg een betere toe.');
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();

    await tabRow(page, screws).click();
    dialog = page.getByRole('dialog', { name: 'Transactie', exact: true });
    await expect(dialog.getByRole('button', { name: 'Bewerken' })).toBeDisabled();
    await expect(dialog).toContainText('is goedgekeurd en kan niet meer worden gewijzigd');
    await expect(dialog.getByRole('link', { name: 'Verwijderen' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(summary(page)).toHaveText(
      `Beoordeeld € 41,25 van ${total}: goedgekeurd € 31,50, afgekeurd € 9,75`,
    );
    await expectNoA11yViolations(page);
  });
});
