/**
 * One account's bookings reached both ways (docs/api-rules.md §13): fetched by the bank link and
 * given by a statement file, in either order. The provider's row and the file's line carry
 * different keys (the provider's id, the file's reference or content), so the insert's unique
 * key cannot see they are one booking.
 *
 * The import core's rule holds: two real bookings are never merged. A line is taken for a payment
 * from the other source only where day, amount, counterparty and text all agree; the n-th such
 * line for the n-th such payment, as look-alike lines of one file are counted. A line that only
 * looks like one (same day and amount, no contradicting account numbers) is kept, and flagged
 * with the payment it resembles, so that the user sees both and judges.
 */
import { and, between, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments';
import type { Executor } from '../../db/client';
import { bankAccounts, payments } from '../../db/schema';
import type { StatementLine } from './statements/statement';

/** A line with its dedupe key; `twinOf` names the payment it may double, once sorted. */
export interface Keyed {
  item: StatementLine;
  key: string;
  twinOf?: number | null;
}

/** Which payments a line is compared with: those of the other source than its own. */
export type OtherSource = 'files' | 'link';

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

/** Same day and amount, and no two account numbers that differ: it could be this booking. */
function lookAlike(a: Side, b: Side): boolean {
  if (a.day !== b.day || a.cents !== b.cents) return false;
  return a.iban === '' || b.iban === '' || a.iban === b.iban;
}

/** The counterparty agrees too (by IBAN where both have one, else by name), and the text. */
function sameBooking(a: Side, b: Side): boolean {
  if (!lookAlike(a, b) || a.text !== b.text) return false;
  if (a.iban !== '' && b.iban !== '') return true;
  return a.name === b.name;
}

/** A booking day as the import core stores it (noon UTC). */
const noon = (day: string) => new Date(`${day}T12:00:00.000Z`);

type Stored = Side & { id: number; key: string | null; taken: boolean };

/**
 * The payments of one account from the other source within a range of days, and which of them
 * lines have been taken for so far: an import sorts its lines in batches against one of these.
 */
export class Twins {
  /** Lines taken for a payment they copy, and lines kept with a flag. */
  copies = 0;
  unsure = 0;

  /** No payment of the other source in these days: nothing to sort against. */
  get empty(): boolean {
    return this.stored.length === 0;
  }

  private constructor(
    private readonly accountId: number,
    private readonly stored: Stored[],
  ) {}

  /** The account's payments from `other` booked between the two days (inclusive). */
  static async load(
    tx: Executor,
    accountId: number,
    other: OtherSource,
    firstDay: string,
    lastDay: string,
  ): Promise<Twins> {
    if (firstDay === '' || lastDay === '') return new Twins(accountId, []);
    const rows = await tx
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
          eq(payments.type, 'bank'),
          other === 'files'
            ? isNotNull(payments.statementImportId)
            : // The link's rows: an account of statement files only has none, whatever its
              // payments that came without a file (the seed's, or imports from before files
              // were recorded).
              and(
                isNull(payments.statementImportId),
                sql`exists (select 1 from ${bankAccounts} where ${bankAccounts.id} = ${accountId}
                  and ${bankAccounts.provider} <> 'file')`,
              ),
          between(payments.bookingDate, noon(firstDay), noon(lastDay)),
        ),
      )
      .orderBy(payments.id);
    const stored = rows.map((p): Stored => {
      const out = Number(p.cents) < 0;
      return {
        id: p.id,
        key: p.key,
        day: p.at.toISOString().slice(0, 10),
        cents: Number(p.cents),
        iban: normalIban(out ? p.creditorAccount : p.debtorAccount),
        name: normal(out ? p.creditorName : p.debtorName),
        text: normal(p.long ?? p.short),
        taken: false,
      };
    });
    return new Twins(accountId, stored);
  }

  /**
   * The batch's lines to insert: all but the copies, each look-alike with `twinOf`. Lines whose
   * key the account holds already are left to the insert's unique key, and the payments holding
   * those keys are no one's twin.
   */
  async sort(tx: Executor, lines: readonly Keyed[]): Promise<Keyed[]> {
    if (lines.length === 0 || this.stored.length === 0) return [...lines];
    const held = new Set(
      (
        await tx
          .select({ key: payments.dedupeKey })
          .from(payments)
          .where(
            and(
              eq(payments.bankAccountId, this.accountId),
              // One array parameter, however many lines the batch holds.
              sql`${payments.dedupeKey} = any(${sql.param(lines.map((l) => l.key))}::text[])`,
            ),
          )
      ).map((r) => r.key),
    );
    for (const p of this.stored) if (p.key !== null && held.has(p.key)) p.taken = true;
    const open = (side: Side, alike: (a: Side, b: Side) => boolean) =>
      this.stored.find((p) => !p.taken && alike(side, p));
    // Copies first, so that a look-alike earlier in the batch does not point at a payment a
    // later line turns out to copy.
    const sides = lines.map((line) => (held.has(line.key) ? null : lineSide(line.item)));
    const copied = sides.map((side) => {
      const copy = side && open(side, sameBooking);
      if (copy) copy.taken = true;
      return Boolean(copy);
    });
    const fresh: Keyed[] = [];
    lines.forEach((line, i) => {
      const side = sides[i];
      if (copied[i]) {
        this.copies += 1;
        return;
      }
      const twin = side && open(side, lookAlike);
      if (twin) this.unsure += 1;
      fresh.push(twin ? { ...line, twinOf: twin.id } : line);
    });
    return fresh;
  }
}
