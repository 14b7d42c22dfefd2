import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { PaymentListItem } from '@helder/shared/payments';
import { callAs, type Caller } from '../../test/http';
import { createAttachment, createPayment, type World } from '../../test/initiative-factories';
import { useCastApp } from '../../test/cast-app';
import { MISSING_LIST } from './verantwoording.zip';

const scene = useCastApp();

async function download(url: string, caller: Caller) {
  const res = await callAs(scene.t, 'GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res;
}

/** Every row the payment list shows the caller (all its pages). */
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

async function readXlsx(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Grootboek')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const cents = (euros: number) => Math.round(euros * 100);

/** Four payments: two with receipts, one hidden with a receipt, one in the activity. */
async function ledger(w: World) {
  const pay = (iso: string, amountCents: number, more: object = {}) =>
    createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents,
      bookingDate: new Date(iso),
      creditorName: 'Bakkerij Één & Zoon',
      debtorName: 'Gemeente',
      ...more,
    });
  const income = await pay('2026-02-01T10:00:00Z', 100_000);
  const bread = await pay('2026-03-10T10:00:00Z', -2_550, { activityId: w.activity.id });
  const paint = await pay('2026-04-15T10:00:00Z', -12_000);
  const hidden = await pay('2026-04-20T10:00:00Z', -999, { hidden: true });
  const receipts = {
    bread: await createAttachment(scene.t, bread.id, 'png'),
    paint: await createAttachment(scene.t, paint.id, 'pdf'),
    paint2: await createAttachment(scene.t, paint.id, 'png'),
    hidden: await createAttachment(scene.t, hidden.id, 'pdf'),
  };
  return { income, bread, paint, hidden, receipts };
}

describe('GET /api/initiative/:id/verantwoording', () => {
  it('writes an XLSX ledger with the rows and sums of the payment list', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    for (const caller of [null, scene.cast.owner]) {
      const res = await download(
        `/initiative/${w.initiative.id}/verantwoording?format=xlsx`,
        caller,
      );
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const [header, ...rows] = await readXlsx(res.rawPayload);
      const amountAt = header!.indexOf('Bedrag');
      const list = await listAll(`/payments/initiative/${w.initiative.id}`, caller);
      expect(rows.map((r) => r[amountAt])).toEqual(list.map((i) => i.payment.transaction_amount));
      expect(rows.map((r) => (r[0] as Date).toISOString().slice(0, 10))).toEqual(
        list.map((i) => i.payment.booking_date.slice(0, 10)),
      );
      const sum = (rows: unknown[][]) => rows.reduce((s, r) => s + cents(r[amountAt] as number), 0);
      const listSum = list.reduce((s, i) => s + cents(i.payment.transaction_amount), 0);
      expect(sum(rows)).toBe(listSum);
      expect(rows.length).toBe(caller === null ? 3 : 4);
      const receiptsAt = header!.indexOf('Bonnen');
      const paintRow = rows.find((r) => r[amountAt] === -120)!;
      expect(paintRow[receiptsAt]).toBe(
        `2026-04-15_-120.00_Bakkerij-Een-Zoon_${p.receipts.paint.id}.pdf, ` +
          `2026-04-15_-120.00_Bakkerij-Een-Zoon_${p.receipts.paint2.id}.png`,
      );
    }
  });

  it('writes the CSV ledger for one activity and a period', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    const base = `/initiative/${w.initiative.id}/activity/${w.activity.id}/verantwoording`;
    const res = await download(`${base}?format=csv&start_date=2026-03-01`, null);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`verantwoording-${w.activity.id}-`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Datum;Activiteit;Route;Tegenpartij;Beschrijving;Bedrag;Type;Bonnen');
    expect(lines.slice(1)).toEqual([
      `2026-03-10;${w.activity.name};uitgaven;Bakkerij Één & Zoon;Betaling;-25.5;handmatig;` +
        `2026-03-10_-25.50_Bakkerij-Een-Zoon_${p.receipts.bread.id}.png`,
    ]);
    const outside = await download(`${base}?format=csv&end_date=2026-03-09`, null);
    expect(
      outside.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('zips the ledger and every receipt the caller may see, once, under its package name', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    const url = `/initiative/${w.initiative.id}/verantwoording`;
    const names = async (caller: Caller) => {
      const res = await download(url, caller);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="verantwoording-\d+-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const zip = await JSZip.loadAsync(res.rawPayload);
      return { zip, files: Object.keys(zip.files).sort() };
    };
    const visitor = await names(null);
    const receiptNames = visitor.files.filter((f) => f.startsWith('bonnen/'));
    expect(receiptNames).toHaveLength(3);
    expect(new Set(receiptNames.map((n) => /_(\d+)\.\w+$/.exec(n)![1])).size).toBe(3);
    expect(visitor.files.some((f) => f.endsWith(`_${p.receipts.hidden.id}.pdf`))).toBe(false);
    expect(visitor.files.filter((f) => !f.startsWith('bonnen/'))).toEqual([
      expect.stringMatching(/^verantwoording-\d+-[\d-]+\.csv$/),
      expect.stringMatching(/^verantwoording-\d+-[\d-]+\.pdf$/),
      expect.stringMatching(/^verantwoording-\d+-[\d-]+\.xlsx$/),
    ]);
    const paint = visitor.zip.file(
      `bonnen/2026-04-15_-120.00_Bakkerij-Een-Zoon_${p.receipts.paint.id}.pdf`,
    );
    expect((await paint!.async('string')).startsWith('%PDF')).toBe(true);
    // The ledger inside names the same files.
    const csvName = visitor.files.find((f) => f.endsWith('.csv'))!;
    const csv = await visitor.zip.file(csvName)!.async('string');
    for (const name of receiptNames) expect(csv).toContain(name.slice('bonnen/'.length));

    const owner = await names(scene.cast.owner);
    expect(owner.files.filter((f) => f.startsWith('bonnen/'))).toHaveLength(4);
    expect(owner.files.some((f) => f.endsWith(`_${p.receipts.hidden.id}.pdf`))).toBe(true);
  });

  it('lists a receipt missing from storage and packs the rest', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    await scene.t.storage.delete([p.receipts.paint.storageKey]);
    const res = await download(`/initiative/${w.initiative.id}/verantwoording`, null);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const receipts = Object.keys(zip.files).filter((f) => f.startsWith('bonnen/'));
    expect(receipts).toHaveLength(2);
    expect(await zip.file(MISSING_LIST)!.async('string')).toBe(
      `2026-04-15_-120.00_Bakkerij-Een-Zoon_${p.receipts.paint.id}.pdf\r\n`,
    );
  });

  it('packs an initiative without payments', async () => {
    const w = await scene.world();
    const res = await download(`/initiative/${w.initiative.id}/verantwoording`, scene.cast.owner);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files)).toHaveLength(3);
    const xlsx = await zip.file(/\.xlsx$/)[0]!.async('nodebuffer');
    expect(await readXlsx(xlsx)).toHaveLength(1);
  });

  it('refuses an inverted or too long period and an initiative the caller may not see', async () => {
    const w = await scene.world({ activityHidden: true });
    const url = `/initiative/${w.initiative.id}/verantwoording`;
    const inverted = await callAs(
      scene.t,
      'GET',
      `${url}?start_date=2026-05-01&end_date=2026-04-30`,
      null,
    );
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'start_date' }],
    });
    const long = await callAs(
      scene.t,
      'GET',
      `${url}?start_date=2016-01-01&end_date=2026-01-02`,
      null,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: [{ field: 'end_date' }] });
    const tenYears = `${url}?format=csv&start_date=2016-01-01&end_date=2026-01-01`;
    expect((await callAs(scene.t, 'GET', tenYears, null)).statusCode).toBe(200);
    const format = await callAs(scene.t, 'GET', `${url}?format=doc`, null);
    expect(format.statusCode).toBe(422);
    const hidden = `/initiative/${w.initiative.id}/activity/${w.activity.id}/verantwoording`;
    expect((await callAs(scene.t, 'GET', hidden, null)).statusCode).toBe(404);
    expect((await callAs(scene.t, 'GET', hidden, scene.cast.activityOwner)).statusCode).toBe(200);
  });
});
