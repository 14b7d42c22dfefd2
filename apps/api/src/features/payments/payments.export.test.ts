import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PaymentListItem } from '@helder/shared/payments';
import { payments } from '../../db/schema';
import { callAs, type Caller } from '../../test/http';
import { createAttachment, createPayment, type World } from '../../test/initiative-factories';
import { csvField, EXPORT_PAGE_SIZE } from './payments.export';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

/** A small RFC 4180 reader for ';'-separated text: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const BOM = '\uFEFF';
const amsterdamDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

async function exportCsv(url: string, caller: Caller) {
  const res = await callAs(scene.t, 'GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith(BOM)).toBe(true);
  const [header, ...rows] = parseCsv(res.body.slice(BOM.length));
  return { res, header: header!, rows };
}

/** Every row the list shows (all its pages). */
async function listAll(url: string, caller: Caller) {
  const items: PaymentListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await callAs(scene.t, 'GET', `${url}${sep}offset=${offset}&limit=100`, caller);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ payments: PaymentListItem[] }>().payments;
    items.push(...page);
    if (page.length < 100) return items;
  }
}

/** A list item as the CSV writes it. */
const asCsvRow = (item: PaymentListItem, loggedIn: boolean) => {
  const p = item.payment;
  return [
    amsterdamDay(p.booking_date),
    p.short_user_description ?? '',
    p.creditor_name ?? '',
    p.debtor_name ?? '',
    ...(loggedIn ? [p.creditor_account ?? '', p.debtor_account ?? ''] : []),
    item.activity_name ?? '',
    String(p.transaction_amount),
    p.route,
    p.type,
    String(item.n_attachments),
  ];
};

const HEADER = ['Datum', 'Beschrijving', 'Ontvanger', 'Verzender', 'Activiteit', 'Bedrag'];
const ACCOUNTS = ['Tegenrekening ontvanger', 'Tegenrekening verzender'];

async function ledger(w: World) {
  const at = (iso: string, amountCents: number, more: object = {}) =>
    createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents,
      bookingDate: new Date(iso),
      creditorName: 'Bakker; "De Korf"',
      creditorAccount: 'NL91ABNA0417164300',
      debtorName: 'Stichting\nHelder',
      debtorAccount: 'NL20INGB0001234567',
      ...more,
    });
  const lateMarch = await at('2026-03-31T21:30:00Z', -10_000);
  const earlyApril = await at('2026-03-31T22:30:00Z', 25_050, { shortUserDescription: '=1+1' });
  const midApril = await at('2026-04-15T10:00:00Z', -9_999, { activityId: w.activity.id });
  const hidden = await at('2026-04-20T10:00:00Z', -1_234, { hidden: true });
  await createAttachment(scene.t, midApril.id, 'pdf');
  return { lateMarch, earlyApril, midApril, hidden };
}

describe('GET /api/payments/initiative/:id/export', () => {
  it('writes the rows the list shows, filtered, newest first, with the hidden ones only for insiders', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    const path = `/payments/initiative/${w.initiative.id}`;
    const filter = 'start_date=2026-04-01&route=uitgaven';

    const anonymous = await exportCsv(`${path}/export?${filter}`, null);
    expect(anonymous.header).toEqual([...HEADER, 'Route', 'Type', 'Bijlagen']);
    const anonymousList = await listAll(`${path}?${filter}`, null);
    expect(anonymousList.map((i) => i.payment.id)).toEqual([p.midApril.id]);
    expect(anonymous.rows).toEqual(anonymousList.map((i) => asCsvRow(i, false)));
    expect(anonymous.res.body).not.toContain('NL91ABNA');

    const owner = await exportCsv(`${path}/export?${filter}&format=csv`, scene.cast.owner);
    expect(owner.header).toEqual([
      ...HEADER.slice(0, 4),
      ...ACCOUNTS,
      ...HEADER.slice(4),
      'Route',
      'Type',
      'Bijlagen',
    ]);
    const ownerList = await listAll(`${path}?${filter}`, scene.cast.owner);
    expect(ownerList.map((i) => i.payment.id)).toEqual([p.hidden.id, p.midApril.id]);
    expect(owner.rows).toEqual(ownerList.map((i) => asCsvRow(i, true)));
    expect(owner.rows[1]).toEqual([
      '2026-04-15',
      'Betaling',
      'Bakker; "De Korf"',
      'Stichting\nHelder',
      'NL91ABNA0417164300',
      'NL20INGB0001234567',
      w.activity.name,
      '-99.99',
      'uitgaven',
      'handmatig',
      '1',
    ]);

    // Unfiltered: all four for the owner, the formula-looking text defused.
    const all = await exportCsv(`${path}/export`, scene.cast.owner);
    expect(all.rows.map((r) => r[0])).toEqual([
      '2026-04-20',
      '2026-04-15',
      '2026-04-01',
      '2026-03-31',
    ]);
    expect(all.rows[2]![1]).toBe("'=1+1");
    expect(all.rows[2]![7]).toBe('250.5');
    expect(all.res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="transacties-${w.initiative.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
  });

  it("exports an activity's payments under the activity id", async () => {
    const w = await scene.world();
    const p = await ledger(w);
    const url = `/payments/initiative/${w.initiative.id}/activity/${w.activity.id}/export`;
    const { res, rows } = await exportCsv(url, null);
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe('2026-04-15');
    expect(rows[0]![4]).toBe(w.activity.name);
    expect(p.midApril.activityId).toBe(w.activity.id);
    expect(res.headers['content-disposition']).toContain(`transacties-${w.activity.id}-`);
  });

  it('writes an XLSX with number and date cells', async () => {
    const w = await scene.world();
    await ledger(w);
    const res = await callAs(
      scene.t,
      'GET',
      `/payments/initiative/${w.initiative.id}/export?format=xlsx`,
      scene.cast.owner,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Transacties')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...HEADER.slice(0, 4),
      ...ACCOUNTS,
      ...HEADER.slice(4),
      'Route',
      'Type',
      'Bijlagen',
    ]);
    expect(sheet.rowCount).toBe(5);
    const row = sheet.getRow(3); // the activity's payment, second newest
    const date = row.getCell(1);
    expect(date.value).toEqual(new Date('2026-04-15T00:00:00Z'));
    expect(date.numFmt).toBe('dd-mm-yyyy');
    const amount = row.getCell(8);
    expect(amount.value).toBe(-99.99);
    expect(amount.numFmt).toContain('€');
    expect(row.getCell(11).value).toBe(1);
    expect(row.getCell(3).value).toBe('Bakker; "De Korf"');
  });

  it('is a 404 for a hidden initiative or activity, and a 422 for a bad filter', async () => {
    const hidden = await scene.world({ initiative: { hidden: true } });
    const url = `/payments/initiative/${hidden.initiative.id}/export`;
    expect((await callAs(scene.t, 'GET', url, null)).statusCode).toBe(404);
    expect((await callAs(scene.t, 'GET', url, scene.cast.user)).statusCode).toBe(404);
    expect((await callAs(scene.t, 'GET', url, scene.cast.owner)).statusCode).toBe(200);
    const hiddenActivity = await scene.world({ activityHidden: true });
    const activityUrl = `/payments/initiative/${hiddenActivity.initiative.id}/activity/${hiddenActivity.activity.id}/export`;
    expect((await callAs(scene.t, 'GET', activityUrl, null)).statusCode).toBe(404);
    expect(
      (await callAs(scene.t, 'GET', '/payments/initiative/987654321/export', null)).statusCode,
    ).toBe(404);

    const w = await scene.world();
    const base = `/payments/initiative/${w.initiative.id}/export`;
    for (const query of [
      'min_amount=5&max_amount=1',
      'start_date=2026-13-01',
      'start_date=2026-05-01&end_date=2026-04-01',
      'route=sideways',
      'format=pdf',
    ]) {
      const res = await callAs(scene.t, 'GET', `${base}?${query}`, null);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
  });

  it('pages through many rows, ties on the date included, and writes each once', async () => {
    const w = await scene.world();
    const n = 2 * EXPORT_PAGE_SIZE + 500;
    // Ten payments per day: many share a booking date, so the id breaks the ties across pages.
    const rows = Array.from({ length: n }, (_, i) => ({
      initiativeId: w.initiative.id,
      amountCents: i + 1,
      route: 'inkomen' as const,
      bookingDate: new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 10), 12)),
      shortUserDescription: `p${i}`,
    }));
    for (let i = 0; i < n; i += 500) {
      await scene.t.database.db.insert(payments).values(rows.slice(i, i + 500));
    }
    const url = `/payments/initiative/${w.initiative.id}/export`;
    const csv = await exportCsv(url, null);
    expect(csv.rows).toHaveLength(n);
    const descriptions = csv.rows.map((r) => r[1]);
    expect(new Set(descriptions).size).toBe(n);
    // Newest first; within a day the higher id (inserted later) first.
    expect(descriptions.slice(0, 3)).toEqual([`p${n - 1}`, `p${n - 2}`, `p${n - 3}`]);
    expect(descriptions.at(-1)).toBe('p0');

    const xlsx = await callAs(scene.t, 'GET', `${url}?format=xlsx`, null);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Transacties')!.rowCount).toBe(n + 1);
  });
});

describe('csvField', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5')).toBe("'-5");
  });
});
