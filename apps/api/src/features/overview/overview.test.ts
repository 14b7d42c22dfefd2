import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Overview } from '@helder/shared/overview';
import { initiatives } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser } from '../../test/factories';
import { createGrant, createOverseenGrant } from '../../test/funder-factories';
import { uniq, type Caller } from '../../test/http';
import {
  createAttachment,
  createInitiative,
  createPayment,
  type World,
} from '../../test/initiative-factories';
import { OVERVIEW_TEXTS } from './overview.texts';

const scene = useCastApp();

/**
 * The world's grant A (its initiative: 1000 in, 25.50 spent with a receipt and 120 without; a
 * hidden one 150 over its budget of 100, no receipt), a grant B of the same regulation with its
 * own overseer (an initiative spending 40 with a receipt) and an empty grant C.
 */
async function regulationWithMoney() {
  const u = uniq();
  const w = await scene.world({ initiative: { budgetCents: 50_000, name: `Buurtfeest ${u}` } });
  const pay = (initiativeId: number, amountCents: number, hidden = false) =>
    createPayment(scene.t, { initiativeId, amountCents, hidden });
  await pay(w.initiative.id, 100_000);
  await createAttachment(scene.t, (await pay(w.initiative.id, -2_550)).id);
  await pay(w.initiative.id, -12_000, true);
  const over = await createInitiative(scene.t, w.grant.id, {
    name: `Achter de schermen ${u}`,
    budgetCents: 10_000,
    hidden: true,
  });
  await pay(over.id, -25_000);
  const otherOverseer = await createUser(scene.t, { password: null });
  const grantB = await createOverseenGrant(scene.t, w.regulation.id, [otherOverseer.user.id], {
    name: 'Zzz B',
  });
  const b = await createInitiative(scene.t, grantB.id, {
    name: `Moestuin ${u}`,
    budgetCents: 20_000,
  });
  await createAttachment(scene.t, (await pay(b.id, -4_000)).id);
  const grantC = await createGrant(scene.t, w.regulation.id, { name: 'Zzzz C' });
  return { w, over, grantB, b, grantC, otherOverseer };
}

const regulationUrl = (w: World, format = 'json', more = '') =>
  `/funder/${w.funder.id}/regulation/${w.regulation.id}/overview?format=${format}${more}`;
const grantUrl = (w: World, grantId: number, format = 'json') =>
  `/funder/0/regulation/0/grant/${grantId}/overview?format=${format}`;

async function json(url: string, caller: Caller) {
  const res = await scene.call('GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Overview>();
}

async function readXlsx(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheets: Record<string, { rows: unknown[][]; formats: (string | undefined)[] }> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const formats = (sheet.getRow(2).values as unknown[])
      .slice(1)
      .map((_, i) => sheet.getRow(2).getCell(i + 1).numFmt);
    sheets[sheet.name] = { rows, formats };
  });
  return sheets;
}

const cents = (euros: number) => Math.round(euros * 100);

describe('GET …/regulation/:id/overview', () => {
  it('rolls the initiatives up per grant, exceptions first, with the figures of their pages', async () => {
    const { w, over, grantB, b, grantC } = await regulationWithMoney();
    const o = await json(regulationUrl(w), scene.cast.policyOfficer);
    expect(o.regulation).toEqual({ id: w.regulation.id, name: w.regulation.name });
    expect(o.exceptions.map((i) => [i.id, i.exceptions])).toEqual([
      [over.id, ['over_budget', 'missing_receipts']],
      [w.initiative.id, ['missing_receipts']],
    ]);
    expect(o.grants.map((g) => [g.id, g.initiatives.map((i) => i.id)])).toEqual([
      [w.grant.id, [over.id, w.initiative.id]],
      [grantB.id, [b.id]],
      [grantC.id, []],
    ]);
    const feest = o.grants[0]!.initiatives[1]!;
    expect(feest).toMatchObject({
      budget: 500,
      income: 1000,
      expenses: -145.5,
      available: 354.5,
      over_budget: 0,
      expense_count: 2,
      expenses_without_receipt: 1,
      receipt_coverage: 0.1753,
    });
    expect(o.grants[0]!.initiatives[0]).toMatchObject({ available: 0, over_budget: 150 });
    // The figures the initiative pages show.
    for (const i of o.grants.flatMap((g) => g.initiatives)) {
      const page = await scene.call('GET', `/initiative/${i.id}`, scene.cast.admin);
      const { budget, income, expenses } = page.json<Record<string, number>>();
      expect([i.budget, i.income, i.expenses]).toEqual([budget, income, expenses]);
    }
    expect(o.grants[0]!.totals).toMatchObject({
      budget: 600,
      income: 1000,
      expenses: -395.5,
      available: 354.5,
      over_budget: 150,
      expense_count: 3,
      expenses_without_receipt: 2,
    });
    expect(o.grants[2]!.totals).toMatchObject({
      budget: 0,
      expense_count: 0,
      receipt_coverage: null,
    });
    expect(o.totals).toMatchObject({ budget: 800, expenses: -435.5, expense_count: 4 });
    expect(o.totals.receipt_coverage).toBe(Number((6_550 / 43_550).toFixed(4)));
  });

  it('writes the same rows and sums to the XLSX, in euros and percentages, in the chosen language', async () => {
    const { w } = await regulationWithMoney();
    const o = await json(regulationUrl(w), scene.cast.grantOfficer);
    const res = await scene.call(
      'GET',
      regulationUrl(w, 'xlsx', '&lang=en'),
      scene.cast.grantOfficer,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="overzicht-regeling-\d+-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const sheets = await readXlsx(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Exceptions', 'Initiatives']);
    const [header, ...lines] = sheets.Initiatives!.rows;
    const at = (name: string) => header!.indexOf(name);
    expect(header).toContain('Receipt coverage');
    const initiativeLines = lines.filter((l) => l[0] === 'Initiative');
    const all = o.grants.flatMap((g) => g.initiatives);
    expect(initiativeLines.map((l) => l[at('Spent')])).toEqual(all.map((i) => -i.expenses));
    expect(initiativeLines.map((l) => l[at('Budget')])).toEqual(all.map((i) => i.budget));
    expect(lines.map((l) => l[0])).toEqual([
      'Initiative',
      'Initiative',
      'Grant total',
      'Initiative',
      'Grant total',
      'Grant total',
      'Total',
    ]);
    const sum = (rows: unknown[][], column: string) =>
      rows.reduce((s, r) => s + cents((r[at(column)] as number | undefined) ?? 0), 0);
    for (const column of ['Budget', 'Received', 'Spent', 'Available', 'Over budget by']) {
      expect(sum(lines.slice(-1), column), column).toBe(sum(initiativeLines, column));
    }
    expect(lines.at(-1)![at('Receipt coverage')]).toBe(o.totals.receipt_coverage);
    const formats = sheets.Initiatives!.formats;
    expect(formats[at('Spent')]).toContain('€');
    expect(formats[at('Receipt coverage')]).toBe('0.0%');
    const exceptions = sheets.Exceptions!.rows;
    expect(exceptions[0]![1]).toBe('Exception');
    expect(exceptions.slice(1).map((r) => r[1])).toEqual([
      'Over budget, Expenses without receipt',
      'Expenses without receipt',
    ]);
  });

  it('writes a CSV with the exceptions first, then per grant', async () => {
    const { w } = await regulationWithMoney();
    const res = await scene.call('GET', regulationUrl(w, 'csv'), scene.cast.admin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(';').slice(0, 3)).toEqual(['Deel', 'Uitzondering', 'Kenmerk']);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([
      'Uitzondering',
      'Uitzondering',
      'Initiatief',
      'Initiatief',
      'Totaal beschikking',
      'Initiatief',
      'Totaal beschikking',
      'Totaal beschikking',
      'Totaal',
    ]);
    expect(lines[1]).toMatch(/Achter de schermen \w+ \(verborgen\)/);
  });

  it('answers a regulation without initiatives with zero totals', async () => {
    const w = await scene.world();
    const empty = await createGrant(scene.t, w.regulation.id);
    await scene.t.database.db.delete(initiatives).where(eq(initiatives.id, w.initiative.id));
    const o = await json(regulationUrl(w), scene.cast.admin);
    expect(o.exceptions).toEqual([]);
    expect(o.grants.map((g) => g.initiatives)).toEqual([[], []]);
    expect(o.grants.map((g) => g.id).sort()).toEqual([w.grant.id, empty.id].sort());
    expect(o.totals).toEqual({
      budget: 0,
      income: 0,
      expenses: 0,
      available: 0,
      over_budget: 0,
      expense_count: 0,
      expenses_without_receipt: 0,
      receipt_coverage: null,
    });
    const xlsx = await scene.call('GET', regulationUrl(w, 'xlsx'), scene.cast.admin);
    const sheets = await readXlsx(xlsx.rawPayload);
    expect(sheets.Uitzonderingen!.rows).toHaveLength(1);
    expect(sheets.Initiatieven!.rows.at(-1)![0]).toBe('Totaal');
  });

  it('is for admins and the regulation’s officers only', async () => {
    const { w, otherOverseer } = await regulationWithMoney();
    const status = async (caller: Caller) =>
      (await scene.call('GET', regulationUrl(w), caller)).statusCode;
    const c = scene.cast;
    for (const caller of [c.admin, c.grantOfficer, c.policyOfficer])
      expect(await status(caller)).toBe(200);
    for (const caller of [
      c.overseer,
      otherOverseer,
      c.owner,
      c.activityOwner,
      c.user,
      c.financial,
    ]) {
      expect(await status(caller)).toBe(403);
    }
    expect(await status(null)).toBe(401);
  });
});

describe('GET …/grant/:id/overview', () => {
  it('shows a grant’s overseer that grant only', async () => {
    const { w, grantB, b, otherOverseer } = await regulationWithMoney();
    const own = await json(grantUrl(w, grantB.id), otherOverseer);
    expect(own.grants.map((g) => g.id)).toEqual([grantB.id]);
    expect(own.grants[0]!.initiatives.map((i) => i.id)).toEqual([b.id]);
    expect(own.totals.expenses).toBe(-40);
    expect((await scene.call('GET', grantUrl(w, w.grant.id), otherOverseer)).statusCode).toBe(403);
    const xlsx = await scene.call('GET', grantUrl(w, w.grant.id, 'xlsx'), otherOverseer);
    expect(xlsx.statusCode).toBe(403);
    const a = await json(grantUrl(w, w.grant.id), scene.cast.overseer);
    expect(a.grants[0]!.initiatives).toHaveLength(2);
    expect(a.exceptions).toHaveLength(2);
    for (const caller of [scene.cast.owner, scene.cast.user]) {
      expect((await scene.call('GET', grantUrl(w, w.grant.id), caller)).statusCode).toBe(403);
    }
  });

  it('refuses a bad id, a wrong parent and a bad format or language clearly', async () => {
    const { w } = await regulationWithMoney();
    const admin = scene.cast.admin;
    const call = async (url: string) => (await scene.call('GET', url, admin)).statusCode;
    expect(await call('/funder/0/regulation/0/grant/abc/overview')).toBe(422);
    expect(await call('/funder/0/regulation/999999/overview')).toBe(404);
    expect(await call(`/funder/0/regulation/0/grant/999999/overview`)).toBe(404);
    expect(await call(`/funder/${w.funder.id + 1}/regulation/${w.regulation.id}/overview`)).toBe(
      404,
    );
    expect(await call(`${grantUrl(w, w.grant.id, 'pdf')}`)).toBe(422);
    expect(await call(`${regulationUrl(w)}&lang=de`)).toBe(422);
  });
});

describe('the overview texts', () => {
  it('are translated: every English and Frisian text differs from the Dutch', () => {
    const leaves = (o: object, prefix = ''): [string, string][] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v as object, `${prefix}${k}.`),
      );
    const nl = new Map(leaves(OVERVIEW_TEXTS.nl));
    for (const language of ['en', 'fy'] as const) {
      const other = leaves(OVERVIEW_TEXTS[language]);
      expect(other.map(([k]) => k)).toEqual([...nl.keys()]);
      expect(
        other.filter(([k, v]) => (v === nl.get(k) && k !== 'headers.budget') || v === ''),
        language,
      ).toEqual([]);
    }
  });
});
