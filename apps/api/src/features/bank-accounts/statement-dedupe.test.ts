/**
 * No bank line is ever lost: generated statements in every format the import reads, imported,
 * imported again and followed by an overlapping file, leave exactly one payment per booking.
 * The run's seed is printed in every failure, so a failing case replays with HELDER_DEDUPE_SEED.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import { payments } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { caseSeed, Rng } from '../../test/fuzz/prng';
import { multipart } from '../../test/multipart';
import {
  dutchIban,
  generateBookings,
  STATEMENT_FORMAT_CASES,
  type Booking,
} from '../../test/statement-generators';

const scene = useCastApp();
const { call } = scene;

const SEED = Number(process.env.HELDER_DEDUPE_SEED ?? 20261126);
/** Statements per format and run: enough to meet each kind of booking, quick enough to run. */
const CASES = 2;

async function importFile(caller: CreatedUser, text: string, label: string) {
  const form = await multipart({ file: { name: 'afschrift', data: Buffer.from(text, 'latin1') } });
  const res = await scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
  expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
  const preview = res.json<StatementPreview>();
  const done = await call(
    'POST',
    `/user/${caller.user.id}/statement-import/${preview.id}/confirm`,
    caller,
  );
  expect(done.statusCode, label).toBe(200);
  return { preview, result: done.json<StatementResult>() };
}

/** Day and amount of each payment of the account, sorted: what the bookings must come to. */
async function storedOf(iban: string) {
  const rows = await scene.t.database.db
    .select({ at: payments.bookingDate, cents: payments.amountCents })
    .from(payments)
    .where(eq(payments.iban, iban));
  return rows.map((r) => `${r.at.toISOString().slice(0, 10)} ${r.cents}`).sort();
}
const expected = (bookings: Booking[]) => bookings.map((b) => `${b.date} ${b.cents}`).sort();

let accountNo = 7_000_000;

describe('no bank line is ever lost (generated statements)', () => {
  STATEMENT_FORMAT_CASES.forEach((format, f) => {
    it(`${format.name}: import, the same again, then an overlapping file`, async () => {
      for (let c = 0; c < CASES; c++) {
        const label = `${format.name}, seed ${SEED}, case ${f * CASES + c}`;
        const rng = new Rng(caseSeed(SEED, f * CASES + c));
        const bookings = generateBookings(rng, format.realRef);
        // Banks export whole days: the first file ends, the second starts, at a day's edge.
        const days = [...new Set(bookings.map((b) => b.date))];
        const firstEnd = rng.int(1, days.length);
        const secondStart = rng.int(Math.max(0, firstEnd - 2), firstEnd - 1);
        const first = bookings.filter((b) => b.date < (days[firstEnd] ?? '9999'));
        const second = bookings.filter((b) => b.date >= days[secondStart]!);
        const overlap = second.filter((b) => b.date < (days[firstEnd] ?? '9999')).length;

        const me = await createUser(scene.t, { password: null });
        const iban = dutchIban(format.bank, accountNo++);
        const openingCents = rng.int(-50_000, 500_000);
        const at = (b: Booking) => bookings.indexOf(b);
        const secondOpening =
          openingCents + bookings.slice(0, at(second[0]!)).reduce((n, b) => n + b.cents, 0);

        const a = await importFile(me, format.render(first, { iban, openingCents }), label);
        expect(a.preview.accounts[0], label).toMatchObject({
          line_count: first.length,
          new_count: first.length,
          duplicate_count: 0,
          duplicates: [],
        });
        expect(a.preview.accounts[0]?.balance_matches, label).not.toBe(false);
        expect(a.result.new_count, label).toBe(first.length);

        const again = await importFile(me, format.render(first, { iban, openingCents }), label);
        expect(again.preview, label).toMatchObject({ new_count: 0, duplicate_count: first.length });
        expect(again.preview.accounts[0]?.duplicates, label).toHaveLength(first.length);
        expect(again.result.new_count, label).toBe(0);

        const rendered = format.render(second, { iban, openingCents: secondOpening });
        const b = await importFile(me, rendered, label);
        expect(b.preview, label).toMatchObject({
          new_count: second.length - overlap,
          duplicate_count: overlap,
        });
        expect(b.result.new_count, label).toBe(second.length - overlap);
        expect(await storedOf(iban), label).toEqual(expected(bookings));
      }
    });
  });
});
