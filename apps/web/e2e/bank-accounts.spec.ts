/**
 * Bank accounts against the real API, axe on the tab and the import: an initiative
 * owner imports a CAMT.053 statement on the Banks tab (preview, confirm, result), links one of
 * its lines to their initiative on /transactions, shares the account with a second user (who sees
 * it read-only) and deletes it (unlinked lines go, the linked one stays); the same import for an
 * ING CSV and an MT940 file; the tab and the preview at 375 px.
 *
 * Every statement is made here, for a fresh IBAN, so no two tests (or runs) touch one account.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  Api,
  expectNoA11yViolations,
  initiativeOwner,
  loginAs,
  logout,
  ROOT,
  uniqueId,
} from './helpers';
import {
  dutchAmount,
  freshIban,
  grouped,
  statementFiles,
  threeLines,
  type Line,
  type StatementFile,
} from './statements';

const BANKS = '/transactions/bankconnections';
const owned = (page: Page) => page.getByRole('region', { name: 'Jouw gekoppelde rekeningnummers' });
const shared = (page: Page) =>
  page.getByRole('region', { name: 'Met jou gedeelde rekeningnummers' });
/** The account's card (named after its bank) in a section of the Banks tab. */
const card = (section: Locator, iban: string) =>
  section.getByRole('article', { name: 'ING' }).filter({ hasText: grouped(iban) });
const overview = (page: Page) => page.getByRole('table', { name: 'Transactieoverzicht' });
const overviewRow = (page: Page, text: string) =>
  overview(page).getByRole('row').filter({ hasText: text });

/** The value of a fact ('Nieuwe transacties', 'Saldo', …) in a preview. */
const fact = (scope: Locator, term: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');

/** At 375 px the page scrolls sideways nowhere: its content fits the viewport's width. */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `horizontal overflow on ${where}`).toBeLessThanOrEqual(375);
}

interface ImportChecks {
  iban: string;
  newCount: number;
  /** What 'Saldo' says; 'Saldo klopt' unless given (a file without balances has none). */
  balance?: string;
  /** Runs between the preview's checks and 'Importeren' (axe, overflow). */
  onPreview?: (dialog: Locator) => Promise<void>;
}

/**
 * On the Banks tab: 'Bankrekening toevoegen', 'Afschrift importeren' (linking a bank comes
 * first), choose the file, upload; checks the preview (the IBAN as a new account, the number of
 * new lines, the balance), imports it and checks the result, then goes back to the tab.
 */
async function importStatement(page: Page, file: StatementFile, checks: ImportChecks) {
  const { iban, newCount, balance = 'Saldo klopt', onPreview } = checks;
  await page.getByRole('link', { name: 'Bankrekening toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bankrekening toevoegen' });
  await dialog.getByRole('button', { name: 'Afschrift importeren' }).click();
  await expect(dialog.getByRole('heading', { name: 'Afschrift importeren' })).toBeVisible();
  const upload = dialog.getByRole('button', { name: 'Uploaden' });
  await expect(upload).toBeDisabled();
  await dialog.getByLabel('Bestand', { exact: true }).setInputFiles(file);
  await upload.click();

  await expect(dialog.getByRole('heading', { name: 'Controleer het afschrift' })).toBeVisible();
  await expect(dialog.getByText(`Bestand: ${file.name}`)).toBeVisible();
  const account = dialog.getByRole('region', { name: grouped(iban) });
  await expect(account.getByRole('heading', { name: grouped(iban) })).toBeVisible();
  await expect(
    account.getByText('Deze rekening wordt bij het importeren toegevoegd.'),
  ).toBeVisible();
  await expect(fact(account, 'Nieuwe transacties')).toHaveText(String(newCount));
  await expect(fact(account, 'Al geïmporteerd')).toHaveText('0');
  await expect(fact(account, 'Saldo')).toHaveText(balance);
  if (onPreview) await onPreview(dialog);

  await dialog.getByRole('button', { name: 'Importeren' }).click();
  await expect(dialog.getByRole('heading', { name: 'Import voltooid' })).toBeVisible();
  await expect(
    dialog.getByText(`${newCount} transacties geïmporteerd, 0 waren al geïmporteerd`),
  ).toBeVisible();
  // Back to the overview with 'Niet gekoppeld' on, where the new lines wait to be linked.
  await dialog.getByRole('button', { name: 'Terug naar het overzicht' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/transactions\?unlinked=1$/);
  await expect(page.getByRole('button', { name: /^Niet gekoppeld/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(BANKS);
}

/** The lines are listed on /transactions with their date and amount. */
async function expectLinesListed(page: Page, lines: Line[]): Promise<void> {
  await page.goto('/transactions');
  for (const line of lines) {
    const row = overviewRow(page, line.description);
    await expect(row).toHaveCount(1);
    await expect(
      row.getByRole('cell', { name: line.date.split('-').reverse().join('-'), exact: true }),
    ).toBeVisible();
    const euros = dutchAmount(line.amount).replace('−', '-');
    await expect(row.getByRole('cell', { name: new RegExp(`€\\s?${euros}$`) })).toBeVisible();
  }
}

// ---------------------------------------------------------------------------------------------
// The tests

test('an owner imports a CAMT.053 statement, links a line, shares and deletes the account', async ({
  page,
  request,
}) => {
  test.slow();
  const { root, owner, initiative } = await initiativeOwner(
    request,
    { first_name: 'Fatima', last_name: 'Bakker' },
    'Buurtfeest',
  );
  const colleague = await root.account({ first_name: 'Daan', last_name: 'Visser' });
  const id = uniqueId();
  const iban = freshIban();
  const lines = threeLines(id);
  const [income, paint, coffee] = lines as [Line, Line, Line];

  await loginAs(page, owner.email, owner.password);
  await page.goto(BANKS);
  await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  await expect(
    shared(page).getByText('Geen gedeelde bankrekeningnummers gevonden...'),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await importStatement(page, statementFiles.camt053(iban, id, lines), {
    iban,
    newCount: 3,
    onPreview: () => expectNoA11yViolations(page),
  });
  const mine = card(owned(page), iban);
  await expect(mine).toBeVisible();
  await expect(mine.getByText(`Stichting Buurtinitiatief ${id}`)).toBeVisible();
  await expect(mine.getByText('Niet gedeeld met personen')).toBeVisible();
  await expect(mine.getByText(/^Laatst geïmporteerd op /)).toBeVisible();
  await expectNoA11yViolations(page);

  // /transactions lists the three lines; one is linked to the initiative, and stays linked.
  await expectLinesListed(page, lines);
  const initiativeOf = (line: Line) =>
    overviewRow(page, line.description).getByRole('combobox', {
      name: /^Initiatief voor betaling/,
    });
  await expect(initiativeOf(income)).toHaveValue('');
  await initiativeOf(income).selectOption({ label: initiative.name });
  await overviewRow(page, income.description)
    .getByRole('button', { name: /^Koppelen: betaling van/ })
    .click();
  await expect(page.getByRole('status').getByText(/gekoppeld aan/)).toBeVisible();
  await expect(initiativeOf(income)).toHaveValue(String(initiative.id));
  await expect(initiativeOf(income)).toBeEnabled();
  await page.reload();
  await expect(initiativeOf(income)).toHaveValue(String(initiative.id));
  await expect(initiativeOf(paint)).toHaveValue('');

  // Sharing with the colleague: search by e-mail, add, 'Volgende'.
  await page.goto(BANKS);
  await card(owned(page), iban).getByRole('link', { name: 'Personen uitnodigen' }).click();
  const access = page.getByRole('dialog', { name: 'Toegang beheren' });
  await expect(
    access.getByRole('heading', { name: 'Geef toegang tot "ING" bankrekening' }),
  ).toBeVisible();
  await expect(access.getByText('Nog niemand heeft toegang.')).toBeVisible();
  await access.getByLabel('Zoek op e-mailadres').fill(colleague.email);
  await access.getByRole('button', { name: `Toevoegen ${colleague.email}` }).click();
  const people = access.getByRole('region', { name: 'Personen met toegang' });
  await expect(people.getByText(colleague.email)).toBeVisible();
  await expectNoA11yViolations(page);
  await access.getByRole('button', { name: 'Volgende' }).click();
  await expect(access.getByText('Toegang succesvol bijgewerkt.')).toBeVisible();
  await access.getByRole('button', { name: 'Terug naar het overzicht' }).click();
  await expect(access).toBeHidden();
  await expect(card(owned(page), iban).getByText('Gedeeld met 1 persoon')).toBeVisible();

  // The colleague sees the account read-only, and its lines.
  await logout(page);
  await loginAs(page, colleague.email, colleague.password);
  await page.goto(BANKS);
  await expect(card(shared(page), iban)).toBeVisible();
  await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verwijderen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Personen uitnodigen' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.goto('/transactions');
  await expect(overviewRow(page, paint.description)).toHaveCount(1);

  // The owner deletes it: the unlinked lines go, the linked one stays.
  await logout(page);
  await loginAs(page, owner.email, owner.password);
  await page.goto(BANKS);
  await card(owned(page), iban).getByRole('link', { name: 'Verwijderen' }).click();
  const remove = page.getByRole('dialog', { name: 'Bank account verwijderen' });
  await expect(
    remove.getByText(`Weet je zeker dat je de rekening ${grouped(iban)} van ING wil verwijderen?`),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await remove.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(remove).toBeHidden();
  await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  await expect(card(owned(page), iban)).toHaveCount(0);

  await page.goto('/transactions');
  await expect(overviewRow(page, income.description)).toHaveCount(1);
  await expect(initiativeOf(income)).toHaveValue(String(initiative.id));
  await expect(overviewRow(page, paint.description)).toHaveCount(0);
  await expect(overviewRow(page, coffee.description)).toHaveCount(0);
});

for (const format of ['ING CSV', 'MT940'] as const) {
  test(`an owner imports an ${format} statement`, async ({ page, request }) => {
    test.slow();
    const root = await Api.login(request, ROOT);
    const owner = await root.account({ first_name: 'Sem', last_name: 'de Boer' });
    const id = uniqueId();
    const iban = freshIban();
    const lines = threeLines(id);
    const file =
      format === 'ING CSV'
        ? statementFiles.ingCsv(iban, id, lines)
        : statementFiles.mt940(iban, id, lines);

    await loginAs(page, owner.email, owner.password);
    await page.goto(BANKS);
    // An ING CSV export has no balances; CAMT.053 and MT940 do, and they add up.
    const balance = format === 'ING CSV' ? 'Geen saldo in het bestand' : 'Saldo klopt';
    await importStatement(page, file, { iban, newCount: 3, balance });
    await expect(card(owned(page), iban)).toBeVisible();
    await expectLinesListed(page, lines);
  });
}

test('the Banks tab and the import preview at 375 px', async ({ page, request }) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const owner = await root.account({ first_name: 'Lotte', last_name: 'Smit' });
  const id = uniqueId();
  const iban = freshIban();
  const lines = threeLines(id);

  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, owner.email, owner.password);
  await page.goto(BANKS);
  await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the empty Banks tab');
  await expectNoA11yViolations(page);

  await importStatement(page, statementFiles.camt053(iban, id, lines), {
    iban,
    newCount: 3,
    onPreview: async (dialog) => {
      const confirm = dialog.getByRole('button', { name: 'Importeren' });
      await confirm.scrollIntoViewIfNeeded();
      await expect(confirm).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalOverflow(page, 'the import preview');
      await expectNoA11yViolations(page);
    },
  });

  const mine = card(owned(page), iban);
  await expect(mine).toBeVisible();
  for (const action of ['Personen uitnodigen', 'Verwijderen']) {
    const link = mine.getByRole('link', { name: action });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await expectNoHorizontalOverflow(page, 'the Banks tab with an account');
  await expectNoA11yViolations(page);
});
