/**
 * The funder's overview against the real API, axe on the modal: a policy officer downloads the
 * regulation's overview as Excel from the regulation page and the workbook opens; the modal at
 * 375 px, where the PDF report is chosen and downloaded with the keyboard.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Api, expectNoA11yViolations, loginAs, ROOT, uniqueId } from './helpers';

test('a policy officer downloads the overview of a regulation', async ({ page, request }) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const id = uniqueId();
  const officer = await root.account({ first_name: 'Pim', last_name: 'Bakker' });
  const funder = await root.funder({ name: `Fonds ${id}`, url: `https://${id}.example.nl` });
  const regulation = await root.regulation(funder.id, { name: `Regeling ${id}`, description: 'x' });
  await root.officers(funder.id, regulation.id, 'policy officer', [officer]);
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Beschikking ${id}`,
    reference: `OVZ-${id}`,
    budget: 5000,
  });
  await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Speeltuin ${id.toUpperCase()}`,
      description: 'Een speeltuin.',
      purpose: 'Spelen',
      target_audience: 'Kinderen',
      budget: 1000,
    },
  );

  await loginAs(page, officer.email, officer.password);
  await page.goto(`/sponsors/${funder.id}/regulations/${regulation.id}`);
  await page.getByRole('button', { name: 'Overzicht downloaden', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Overzicht downloaden' });
  await expect(dialog.getByRole('radio', { name: 'Excel' })).toBeChecked();
  await expectNoA11yViolations(page);
  const [response, file] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/overview')),
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Downloaden' }).click(),
  ]);
  await expect(dialog).toBeHidden();
  expect(response.status()).toBe(200);
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^overzicht-regeling-${regulation.id}-[\\d-]+\\.xlsx$`),
  );
  const body = await readFile(await file.path());
  // An XLSX is a zip: it starts with the local file header's signature.
  expect(body.subarray(0, 2).toString()).toBe('PK');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Overzicht downloaden', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Downloaden' })).toBeInViewport();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The PDF report, chosen with the keyboard.
  await page.getByRole('button', { name: 'Overzicht downloaden', exact: true }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('radio', { name: 'Excel' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'PDF-rapport' })).toBeChecked();
  const [pdfFile] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Downloaden' }).press('Enter'),
  ]);
  await expect(dialog).toBeHidden();
  expect(pdfFile.suggestedFilename()).toMatch(
    new RegExp(`^overzicht-regeling-${regulation.id}-[\\d-]+\\.pdf$`),
  );
  const pdf = await readFile(await pdfFile.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.subarray(-6).toString()).toContain('%%EOF');
});
