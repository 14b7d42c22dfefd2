import { describe, expect, it } from 'vitest';
import type { Overview, OverviewTotals } from '@helder/shared/overview';
import { useCastApp } from '../../test/cast-app';
import type { Caller } from '../../test/http';
import { pdfLines } from '../../test/pdf';
import { moneyScene } from './overview.scene';

const scene = useCastApp();

const euro = (amount: number, tag = 'nl-NL') =>
  new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' })
    .format(amount)
    .replace(/\u00a0/g, ' ');

async function pdf(url: string, caller: Caller) {
  const res = await scene.call('GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { res, pages: await pdfLines(res.rawPayload) };
}

/** The money row of a figures block, as the report writes it (spent as a positive amount). */
const moneyRow = (f: OverviewTotals, tag?: string) =>
  [f.budget, f.income, -f.expenses || 0, f.available, f.over_budget]
    .map((n) => euro(n, tag))
    .join(' | ');

describe('GET …/overview?format=pdf', () => {
  it('reports the exceptions first, then a section per initiative and the totals per grant', async () => {
    const { w, over, grantB, b, grantC } = await moneyScene(scene);
    const base = `/funder/${w.funder.id}/regulation/${w.regulation.id}/overview`;
    const o = (await scene.call('GET', base, scene.cast.admin)).json<Overview>();
    const { res, pages } = await pdf(`${base}?format=pdf`, scene.cast.policyOfficer);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="overzicht-regeling-\d+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = pages.flat();
    expect(lines[0]).toBe('Overzicht voor de financier');
    expect(lines).toContain(`Regeling ${w.regulation.name} van ${w.funder.name}`);
    pages.forEach((page, i) =>
      expect(page.at(-1)).toContain(`Pagina ${i + 1} van ${pages.length}`),
    );

    // Exceptions first: the one over budget, then the one with expenses without a receipt.
    const at = (line: string) => {
      const index = lines.indexOf(line);
      expect(index, line).toBeGreaterThan(-1);
      return index;
    };
    const overRow = `${over.name} (verborgen) | ${w.grant.reference} | ${euro(150)} | 1`;
    const feestRow = `${w.initiative.name} | ${w.grant.reference} | ${euro(0)} | 1`;
    expect(at('Uitzonderingen')).toBeLessThan(at(overRow));
    expect(lines[at(overRow) + 1]).toBe('Budget overschreden, Uitgaven zonder bon');
    expect(at(overRow)).toBeLessThan(at(feestRow));
    expect(lines[at(feestRow) + 1]).toBe('Uitgaven zonder bon');
    expect(at(feestRow)).toBeLessThan(at('Per beschikking'));

    // Then per grant by name a section per initiative, its figures, and the grant's total.
    const sections = [
      `Beschikking ${w.grant.name} (${w.grant.reference})`,
      `${over.name} (verborgen)`,
      w.initiative.name,
      `Totaal beschikking: ${w.grant.name}`,
      `Beschikking ${grantB.name} (${grantB.reference})`,
      b.name,
      `Totaal beschikking: ${grantB.name}`,
      `Beschikking ${grantC.name} (${grantC.reference})`,
      'Geen initiatieven onder deze beschikking.',
      `Totaal beschikking: ${grantC.name}`,
    ].map((line) => lines.indexOf(line, at('Per beschikking')));
    expect(sections.every((index) => index > 0)).toBe(true);
    expect(sections).toEqual([...sections].sort((x, y) => x - y));
    // Each block: the money row two lines below its heading, the receipts two further.
    const figuresAfter = (heading: string) => {
      const index = lines.indexOf(heading, at('Per beschikking'));
      return [lines[index + 2], lines[index + 4]];
    };
    const feest = o.grants[0]!.initiatives[1]!;
    expect(figuresAfter(w.initiative.name)).toEqual([moneyRow(feest), '2 | 1 | 17,5%']);
    const grantA = o.grants[0]!.totals;
    expect(figuresAfter(`Totaal beschikking: ${w.grant.name}`)[0]).toBe(moneyRow(grantA));
    expect(grantA).toMatchObject({ budget: 600, expenses: -395.5, over_budget: 150 });
    expect(figuresAfter(`Totaal beschikking: ${grantC.name}`)).toEqual([
      moneyRow(o.grants[2]!.totals),
      '0 | 0 | —',
    ]);
    // The total of all last, and on the cover.
    const total = lines.lastIndexOf('Totaal');
    expect(total).toBeGreaterThan(at(`Totaal beschikking: ${grantC.name}`));
    expect([lines[total + 2], lines[total + 4]]).toEqual([
      moneyRow(o.totals),
      `4 | 2 | ${new Intl.NumberFormat('nl-NL', { style: 'percent', maximumFractionDigits: 1 }).format(o.totals.receipt_coverage!)}`,
    ]);
    expect(o.totals).toMatchObject({ budget: 800, expenses: -435.5 });
    expect(lines[lines.indexOf('Totaal') + 2]).toBe(moneyRow(o.totals));
  });

  it('writes a grant’s overview in the chosen language, for the same callers as the other files', async () => {
    const { w, grantB, b, otherOverseer } = await moneyScene(scene);
    const url = (lang: string) =>
      `/funder/0/regulation/0/grant/${grantB.id}/overview?format=pdf&lang=${lang}`;
    const { res, pages } = await pdf(url('en'), otherOverseer);
    expect(res.headers['content-disposition']).toMatch(/filename="overzicht-beschikking-\d+-/);
    const lines = pages.flat();
    expect(lines[0]).toBe("Funder's overview");
    expect(lines).toContain(`Grant ${grantB.name} (${grantB.reference})`);
    expect(lines).toContain('No initiatives over their budget or with expenses without a receipt.');
    expect(lines).toContain(b.name);
    expect(lines).not.toContain(w.initiative.name);
    expect(pages[0]!.at(-1)).toMatch(/Page 1 of \d+$/);
    const fy = await pdf(url('fy'), otherOverseer);
    expect(fy.pages.flat()[0]).toBe('Oersjoch foar de finansier');

    const status = async (u: string, caller: Caller) =>
      (await scene.call('GET', u, caller)).statusCode;
    const aPdf = `/funder/0/regulation/0/grant/${w.grant.id}/overview?format=pdf`;
    expect(await status(aPdf, otherOverseer)).toBe(403);
    expect(await status(aPdf, scene.cast.user)).toBe(403);
    expect(await status(aPdf, null)).toBe(401);
    expect(await status(aPdf, scene.cast.overseer)).toBe(200);
  });
});
