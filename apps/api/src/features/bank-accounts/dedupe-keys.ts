/**
 * What makes a line the same line when a file is imported again (docs/api-rules.md §13). A line
 * the import wrongly calls "already imported" is a booking lost without a trace, so the bank's
 * reference is trusted only where nothing can go wrong with it; every other line is known by its
 * content and how many identical bookings came before it that day.
 */
import { createHash } from 'node:crypto';
import type { StatementFormat, StatementLine } from './statements/statement';

/** The statement a file's lines come from: its format and, where told, the bank's layout. */
export interface KeyContext {
  format: StatementFormat;
  flavour: string | null;
}

/**
 * Where the parser's `bankReference` is the bank's own id of the booking, unique per account
 * over time (not just within one file). Elsewhere a reference is only the payer's text, a
 * per-file counter or a column the user picked, and one shared by two bookings in two files
 * would make the second look imported already.
 *
 * - camt053: `AcctSvcrRef`, the servicer's id of the entry (with "#n" per detail of a batch).
 * - mt940: none. Where a `:61:` has no bank reference after "//" (ABN AMRO and Rabobank never
 *   write one, other banks not on every line) the parser offers the customer's reference or the
 *   end-to-end id, the payer's own text, which a later file can repeat for another booking; and
 *   nothing in the line tells the two apart once the file is read.
 * - csv of Rabobank (`Volgnr`, a counter per account) and Knab (`Referentie`). De Volksbank's
 *   volgnummer is often `00000000`, and a mapped column is whatever the user chose.
 */
const UNIQUE_REFERENCES: Record<StatementFormat, 'any' | readonly string[]> = {
  camt053: 'any',
  mt940: [],
  csv: ['rabobank', 'knab'],
};

function referencesAreUnique({ format, flavour }: KeyContext): boolean {
  const trusted = UNIQUE_REFERENCES[format];
  return trusted === 'any' || (flavour !== null && trusted.includes(flavour));
}

/** What banks write where they have no reference, compared without case or punctuation. */
const PLACEHOLDERS = new Set([
  'NONREF',
  'NOREF',
  'NOREFERENCE',
  'NOTPROVIDED',
  'NOTAVAILABLE',
  'NONE',
  'NA',
  'NULL',
  'NIL',
  'UNKNOWN',
  'EMPTY',
]);

/**
 * Whether a reference can name one booking at all: not a placeholder, not nothing but zeros or
 * one repeated character. A batch detail's "#n" (camt053) does not make a placeholder real.
 */
function looksLikeReference(reference: string): boolean {
  const base = reference.replace(/#\d+$/, '').trim();
  const bare = base.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (bare === '' || /^(.)\1*$/.test(bare)) return false;
  return !PLACEHOLDERS.has(bare);
}

/**
 * The key an earlier import gave a line that now hashes (it gave `ref:…` to every referenced
 * line), with what the stored payment must agree on to count as this line: re-importing an old
 * file then adds nothing, while a placeholder's key, which names one stored booking only, can
 * no longer stand for every later line that carries it.
 */
type LegacyKey = [
  index: number,
  key: string,
  bookingDate: string,
  amountCents: number,
  counterpartyIban: string | null,
];

/** One account's lines of a file, keyed: `keys` in file order, `legacy` where a line has one. */
export interface AccountKeys {
  keys: string[];
  legacy: LegacyKey[];
}

interface Pending {
  hash: string;
  reference: string | null;
  bookingDate: string;
  amountCents: number;
  counterpartyIban: string | null;
}

/** The content hash, the same as every earlier import computed it. */
const contentHash = (l: StatementLine) =>
  createHash('sha256')
    .update(
      [
        l.bookingDate,
        l.amountCents,
        l.counterpartyIban ?? '',
        l.counterpartyName ?? '',
        l.description ?? '',
      ].join('\u0000'),
    )
    .digest('base64url');

/**
 * The keys of one account's lines, given in file order. Whether a reference is unique in the
 * file is only known after the last line, so the keys come then: `ref:<reference>` where the
 * format guarantees it unique, it looks like one and no other line of the file carries it;
 * otherwise `h:<hash>:<n>`, the n-th line of that content that day. Within one file no two
 * lines get the same key, so none is ever mistaken for another.
 */
export class AccountKeyer {
  private readonly pending: Pending[] = [];
  private readonly references = new Map<string, number>();

  add(line: StatementLine): void {
    const { bankReference: reference, bookingDate, amountCents, counterpartyIban } = line;
    const hash = contentHash(line);
    this.pending.push({ hash, reference, bookingDate, amountCents, counterpartyIban });
    if (reference) this.references.set(reference, (this.references.get(reference) ?? 0) + 1);
  }

  finish(context: KeyContext): AccountKeys {
    const trusted = referencesAreUnique(context);
    const occurrences = new Map<string, number>();
    const keys: string[] = [];
    const legacy: LegacyKey[] = [];
    this.pending.forEach((p, index) => {
      const { hash, reference } = p;
      if (
        trusted &&
        reference &&
        this.references.get(reference) === 1 &&
        looksLikeReference(reference)
      ) {
        keys.push(`ref:${reference}`);
        return;
      }
      const n = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, n);
      keys.push(`h:${hash}:${n}`);
      if (reference) {
        legacy.push([index, `ref:${reference}`, p.bookingDate, p.amountCents, p.counterpartyIban]);
      }
    });
    return { keys, legacy };
  }
}

/** The keys of one account's lines held in memory (e.g. the seed's). */
export function dedupeKeys(lines: readonly StatementLine[], context: KeyContext): AccountKeys {
  const keyer = new AccountKeyer();
  for (const line of lines) keyer.add(line);
  return keyer.finish(context);
}

/**
 * The keys of a bank sync's booked lines, in the order the provider gave them: `bank:<id>` where
 * the provider or bank gave the booking an id (GoCardless's `internalTransactionId` is unique
 * per account and never reused), otherwise the content and its occurrence that day, as a file's
 * lines without a trusted reference. An id that comes twice in one answer is not trusted for
 * either line: two real bookings are kept apart rather than merged.
 */
export function syncedKeys(lines: readonly StatementLine[]): string[] {
  const ids = new Map<string, number>();
  for (const l of lines) {
    if (l.bankReference) ids.set(l.bankReference, (ids.get(l.bankReference) ?? 0) + 1);
  }
  const occurrences = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankReference && ids.get(l.bankReference) === 1) return `bank:${l.bankReference}`;
    const hash = contentHash(l);
    const n = (occurrences.get(hash) ?? 0) + 1;
    occurrences.set(hash, n);
    return `h:${hash}:${n}`;
  });
}
