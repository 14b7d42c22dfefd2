/**
 * The verantwoording package against the real API, axe on the modal: an initiative owner downloads
 * the PDF report (the default), the ZIP (the report, the ledger and every receipt) and the Excel
 * ledger from the initiative page, and the files open; the modal at 375 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Api, expectNoA11yViolations, loginAs, RECEIPT_PNG, ROOT, uniqueId } from './helpers';

/** The names in a zip's central directory (the package streams, so local headers hold no sizes). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + skip;
  }
  return names;
}

type Format = 'PDF (verslag met bonnen)' | 'ZIP (verslag, grootboek en bonnen)' | 'Excel';

async function download(page: Page, format: Format) {
  const dialog = page.getByRole('dialog', { name: 'Verantwoording downloaden' });
  await dialog.getByRole('radio', { name: format }).check();
  const [response, file] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/verantwoording')),
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Downloaden' }).click(),
  ]);
  await expect(dialog).toBeHidden();
  return { response, name: file.suggestedFilename(), body: await readFile(await file.path()) };
}

test('an initiative owner downloads the verantwoording package and its files open', async ({
  page,
  request,
}) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const id = uniqueId();
  const owner = await root.account({ first_name: 'Noor', last_name: 'Jansen' });
  const funder = await root.funder({ name: `Fonds ${id}`, url: `https://${id}.example.nl` });
  const regulation = await root.regulation(funder.id, { name: `Regeling ${id}`, description: 'x' });
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Beschikking ${id}`,
    reference: `VER-${id}`,
    budget: 5000,
  });
  const initiative = await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Buurtfeest ${id.toUpperCase()}`,
      description: 'Een feest voor de straat.',
      purpose: 'Ontmoeten',
      target_audience: 'Buren',
      budget: 2500,
    },
  );
  await root.initiativeOwners(initiative.id, [owner]);
  const payment = await root.payment({
    initiative_id: initiative.id,
    transaction_amount: -42.5,
    booking_date: '2026-03-14T10:00:00+01:00',
    creditor_name: 'Bouwmarkt Noord',
    short_user_description: 'Slingers',
  });
  await root.attachment(payment.id, {
    name: 'bon.png',
    mimeType: 'image/png',
    buffer: RECEIPT_PNG,
  });

  await loginAs(page, owner.email, owner.password);
  await page.goto(`/funds/${initiative.id}/details`);
  await page.getByRole('button', { name: 'Verantwoording downloaden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verantwoording downloaden' });
  await expect(dialog.getByRole('radio', { name: 'PDF (verslag met bonnen)' })).toBeChecked();
  await expectNoA11yViolations(page);

  const pdf = await download(page, 'PDF (verslag met bonnen)');
  expect(pdf.response.headers()['content-type']).toBe('application/pdf');
  expect(pdf.name).toMatch(new RegExp(`^verantwoording-${initiative.id}-[\\d-]+\\.pdf$`));
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.body.subarray(-6).toString('latin1')).toContain('%%EOF');

  await page.getByRole('button', { name: 'Verantwoording downloaden' }).click();
  const zip = await download(page, 'ZIP (verslag, grootboek en bonnen)');
  expect(zip.response.headers()['content-type']).toBe('application/zip');
  expect(zip.name).toMatch(new RegExp(`^verantwoording-${initiative.id}-[\\d-]+\\.zip$`));
  const entries = zipEntries(zip.body);
  expect(entries.filter((e) => e.startsWith('bonnen/'))).toEqual([
    expect.stringMatching(/^bonnen\/2026-03-14_-42\.50_Bouwmarkt-Noord_\d+\.png$/),
  ]);
  expect(entries.filter((e) => /\.(xlsx|csv|pdf)$/.test(e))).toHaveLength(3);

  await page.getByRole('button', { name: 'Verantwoording downloaden' }).click();
  const xlsx = await download(page, 'Excel');
  expect(xlsx.response.headers()['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  // An XLSX is a zip with the workbook's parts.
  expect(zipEntries(xlsx.body)).toContain('xl/workbook.xml');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Verantwoording downloaden' }).click();
  await expect(dialog.getByRole('button', { name: 'Downloaden' })).toBeInViewport();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
