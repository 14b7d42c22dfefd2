/**
 * Matching dropped receipts against the real API and its reading job (docs/api-rules.md §22), axe
 * on every screen at 1280 and 375 px: an owner drops three receipts whose totals are those of
 * three of their expenses, confirms the proposed matches in one action and finds the receipts on
 * the payments; 'Zonder bon' then lists only the expense that got none. On /transactions a
 * receipt that fits no expense becomes a new payment of a chosen initiative.
 */
import type { PaymentInput } from '@helder/shared/payments';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Api, expectNoA11yViolations, loginAs, ROOT } from './helpers';

/** A one-page PDF whose text layer holds the lines, as a till's PDF receipt does. */
function receiptPdf(lines: string[]): Buffer {
  const text = ['BT /F1 11 Tf 14 TL 40 800 Td', ...lines.map((line) => `(${line}) '`), 'ET'];
  const stream = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Three purchases: the shop, the day on the receipt, the total as the till prints it. */
const PURCHASES = [
  { shop: 'Bakkerij de Graaf', day: '12-11-2026', total: '12,50', cents: 1250 },
  { shop: 'Bouwmarkt Gamma', day: '14-11-2026', total: '34,95', cents: 3495 },
  { shop: 'Drogist Kruidvat', day: '16-11-2026', total: '7,20', cents: 720 },
];

const receiptFile = ({ shop, day, total }: (typeof PURCHASES)[number], n: number) => ({
  name: `bon-${n + 1}.pdf`,
  mimeType: 'application/pdf',
  buffer: receiptPdf([shop, 'Markt 3', `Datum: ${day} 10:14`, `Totaal EUR          ${total}`]),
});

/** An owner with an initiative whose expenses are the three purchases and one more. */
async function world(request: APIRequestContext) {
  const root = await Api.login(request, ROOT);
  const owner = await root.account({ first_name: 'Sanne', last_name: 'de Vries' });
  const { initiative } = await root.ownedInitiative([owner], 'Buurtfeest');
  const expense = (cents: number, day: string, name: string): PaymentInput => ({
    initiative_id: initiative.id,
    transaction_amount: -cents / 100,
    // A day or two after the purchase, as a card payment is booked.
    booking_date: `${day.split('-').reverse().join('-')}T12:00:00+01:00`,
    creditor_name: name,
    short_user_description: `Inkoop ${name}`,
  });
  for (const p of PURCHASES) {
    const [d, m, y] = p.day.split('-');
    await root.payment(
      expense(p.cents, `${String(Number(d) + 1).padStart(2, '0')}-${m}-${y}`, p.shop),
    );
  }
  await root.payment(expense(9900, '20-11-2026', 'Verhuur Partytent'));
  return { owner, initiativeId: initiative.id, initiativeName: initiative.name };
}

async function dropAndConfirm(page: Page, request: APIRequestContext, width: number) {
  const { owner, initiativeId } = await world(request);
  await page.setViewportSize({ width, height: 900 });
  await loginAs(page, owner.email, owner.password);
  await page.goto(`/funds/${initiativeId}/transactieoverzicht`);
  await page.getByRole('button', { name: 'Bonnen toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bonnen toevoegen' });
  await dialog.locator('input[type="file"]').setInputFiles(PURCHASES.map(receiptFile));

  const proposals = dialog.getByRole('checkbox', { name: /^Koppelen aan/ });
  await expect(proposals).toHaveCount(3, { timeout: 30_000 });
  for (const [n, p] of PURCHASES.entries()) {
    await expect(proposals.nth(n)).toBeChecked();
    await expect(proposals.nth(n)).toHaveAccessibleName(new RegExp(p.shop));
  }
  const box = await dialog.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  await expectNoA11yViolations(page);

  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(dialog.getByText('3 bonnen zijn gekoppeld aan hun uitgave.')).toBeVisible();
  await expect(dialog.getByText('Er zijn nog geen bonnen toegevoegd.')).toBeVisible();
  // The focus stayed in the dialog, on what was done: Esc closes it.
  await expect(dialog.getByText('3 bonnen zijn gekoppeld aan hun uitgave.')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Transacties' });
  for (const p of PURCHASES) {
    const row = table.getByRole('row', { name: new RegExp(`Inkoop ${p.shop}`) });
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Zonder bon' }).click();
  await expect(table.getByRole('row', { name: /Inkoop Verhuur Partytent/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Inkoop Bakkerij/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
}

test('an owner drops three receipts and confirms their matches', async ({ page, request }) => {
  test.slow();
  await dropAndConfirm(page, request, 1280);
});

test('matching receipts at 375 px', async ({ page, request }) => {
  test.slow();
  await dropAndConfirm(page, request, 375);
});

test('an unmatched receipt becomes a payment from /transactions', async ({ page, request }) => {
  test.slow();
  const { owner, initiativeId, initiativeName } = await world(request);
  await page.setViewportSize({ width: 375, height: 900 });
  await loginAs(page, owner.email, owner.password);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Bonnen toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bonnen toevoegen' });
  const flowers = { shop: 'Bloemist Roos', day: '18-11-2026', total: '19,95', cents: 1995 };
  await dialog.locator('input[type="file"]').setInputFiles([receiptFile(flowers, 9)]);
  await expect(dialog.getByText('1 van 1 bon verstuurd')).toBeVisible();
  await expect(dialog.getByText('Geen match gevonden')).toBeVisible({ timeout: 30_000 });

  await dialog.getByRole('button', { name: 'Betaling aanmaken' }).click();
  await dialog.getByLabel('Initiatief').selectOption({ label: initiativeName });
  await expect(dialog.getByLabel('Bedrag')).toHaveValue('-19,95');
  await expect(dialog.getByRole('textbox', { name: 'Boekingsdatum' })).toHaveValue('18-11-2026');
  const box = await dialog.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(
    dialog.getByText('De betaling is aangemaakt en de bon is eraan gekoppeld.'),
  ).toBeFocused();
  await expect(dialog.getByText('Er zijn nog geen bonnen toegevoegd.')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto(`/funds/${initiativeId}/transactieoverzicht`);
  const row = page
    .getByRole('table', { name: 'Transacties' })
    .getByRole('row', { name: /Bloemist Roos/ });
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
});
