/**
 * A synced booking the account already holds from a statement file: the same account linked
 * through the bank after its files were imported, whose first syncs read the same days again.
 * The file's line and the provider's row carry different keys (the provider's id, the file's
 * reference or content), so the insert's unique key cannot see they are one booking.
 *
 * The import core's rule holds: two real bookings are never merged. A synced line is taken for a
 * file's payment only where day, amount, counterparty and text all agree; the n-th such line of
 * the sync for the n-th such payment of the files, as look-alike lines of one file are counted.
 * Anything less alike is kept as a booking of its own, and the user sees both.
 */
import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments';
import type { Executor } from '../../../db/client';
import { payments } from '../../../db/schema';
import type { StatementLine } from '../statements/statement';

type Keyed = { item: StatementLine; key: string };

const cut = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * Text compared without case, accents, spacing or punctuation; '' for none. Upper case first:
 * a bank that writes its files in capitals turns 'Yılmaz' into 'YILMAZ' and 'ß' into 'SS'.
 */
const normal = (text: string | null) =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const normalIban = (iban: string | null) => (iban ? iban.replace(/\s+/g, '').toUpperCase() : '');

interface Side {
  day: string;
  cents: number;
  iban: string;
  name: string;
  text: string;
}

/** A line as the import core would store it, then compared as above. */
function lineSide(l: StatementLine): Side {
  const text = l.description;
  const stored =
    text !== null && text.length > SHORT_DESCRIPTION_MAX ? cut(text, LONG_DESCRIPTION_MAX) : text;
  return {
    day: l.bookingDate,
    cents: l.amountCents,
    iban: normalIban(l.counterpartyIban),
    name: normal(cut(l.counterpartyName, SHORT_DESCRIPTION_MAX)),
    text: normal(stored),
  };
}

/** The counterparty agrees: by IBAN where both have one, else by name. */
function sameBooking(a: Side, b: Side): boolean {
  if (a.day !== b.day || a.cents !== b.cents || a.text !== b.text) return false;
  if (a.iban !== '' && b.iban !== '') return a.iban === b.iban;
  return a.name === b.name;
}

/** A booking day as the import core stores it (noon UTC). */
const noon = (day: string) => new Date(`${day}T12:00:00.000Z`);

/**
 * The lines to insert: all but those the account holds from a statement file. Lines it holds
 * by key already are left to the insert's unique key.
 */
export async function withoutFileCopies(
  tx: Executor,
  accountId: number,
  lines: readonly Keyed[],
): Promise<{ fresh: Keyed[]; fromFiles: number }> {
  if (lines.length === 0) return { fresh: [], fromFiles: 0 };
  const days = lines.map((l) => l.item.bookingDate).sort();
  const stored = await tx
    .select({
      id: payments.id,
      key: payments.dedupeKey,
      at: payments.bookingDate,
      cents: payments.amountCents,
      creditorName: payments.creditorName,
      creditorAccount: payments.creditorAccount,
      debtorName: payments.debtorName,
      debtorAccount: payments.debtorAccount,
      short: payments.shortUserDescription,
      long: payments.longUserDescription,
    })
    .from(payments)
    .where(
      and(
        eq(payments.bankAccountId, accountId),
        isNotNull(payments.statementImportId),
        between(payments.bookingDate, noon(days[0]!), noon(days.at(-1)!)),
      ),
    )
    .orderBy(payments.id);
  if (stored.length === 0) return { fresh: [...lines], fromFiles: 0 };
  const held = new Set(
    (
      await tx
        .select({ key: payments.dedupeKey })
        .from(payments)
        .where(
          and(
            eq(payments.bankAccountId, accountId),
            // One array parameter, however many lines the sync fetched.
            sql`${payments.dedupeKey} = any(${sql.param(lines.map((l) => l.key))}::text[])`,
          ),
        )
    ).map((r) => r.key),
  );
  const open = stored
    .filter((p) => !held.has(p.key))
    .map((p): Side & { taken: boolean } => {
      const out = Number(p.cents) < 0;
      return {
        day: p.at.toISOString().slice(0, 10),
        cents: Number(p.cents),
        iban: normalIban(out ? p.creditorAccount : p.debtorAccount),
        name: normal(out ? p.creditorName : p.debtorName),
        text: normal(p.long ?? p.short),
        taken: false,
      };
    });
  const fresh: Keyed[] = [];
  let fromFiles = 0;
  for (const line of lines) {
    if (held.has(line.key)) {
      fresh.push(line);
      continue;
    }
    const side = lineSide(line.item);
    const copy = open.find((p) => !p.taken && sameBooking(side, p));
    if (copy) {
      copy.taken = true;
      fromFiles += 1;
    } else {
      fresh.push(line);
    }
  }
  return { fresh, fromFiles };
}
