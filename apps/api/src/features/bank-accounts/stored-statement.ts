/**
 * What the preview keeps for the confirm: the parsed statement, not the file. Reading a 100 000
 * line CAMT.053 file takes seconds; reading this back takes a fraction of one, so neither the
 * confirm nor a later import of the same file parses again.
 *
 * The format is gzipped JSON lines: a header (format, accounts with their totals, skipped
 * lines), the dedupe keys of each account's lines, and then one `[account, …line]` per booked
 * line. The lines are compressed in members of a few hundred KB as they arrive; header and keys,
 * known only at the end, are a member put in front (gzip members read back as one stream). So
 * neither writing nor reading holds all lines at once, and the preview and a repeated import
 * read no further than the keys.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { constants, createGunzip, gzipSync } from 'node:zlib';
import { AccountKeyer, type AccountKeys } from './dedupe-keys';
import type {
  ParsedStatement,
  SkippedLine,
  StatementAccount,
  StatementLine,
} from './statements/statement';

/** Bump whenever a parser's output or this format changes: older ones are parsed anew. */
const STORED_VERSION = 3;
/** Text of lines gathered before they are compressed into a member. */
const MEMBER_CHARS = 256 * 1024;

type LineTuple = [
  line: number,
  bookingDate: string,
  amountCents: number,
  currency: string,
  counterpartyName: string | null,
  counterpartyIban: string | null,
  description: string | null,
  bankReference: string | null,
];
type StoredRecord = [account: number, ...line: LineTuple];

/** An account of the file as the preview shows it. */
export interface StoredAccount {
  iban: string | null;
  /** The account's bank where the file names it (statement.ts). */
  bankBic: string | null;
  holderName: string | null;
  openingBalanceCents: number | null;
  closingBalanceCents: number | null;
  lineCount: number;
  sumCents: number;
  firstDate: string | null;
  lastDate: string | null;
}

interface Header {
  version: number;
  format: ParsedStatement['format'];
  flavour: string | null;
  accounts: StoredAccount[];
  skipped: SkippedLine[];
}

/** An account with its lines' dedupe keys in file order (and earlier keys, see dedupe-keys.ts). */
export interface AccountSummary extends StoredAccount, AccountKeys {}

export interface StatementSummary {
  format: ParsedStatement['format'];
  flavour: string | null;
  accounts: AccountSummary[];
  skipped: SkippedLine[];
}

export interface StoredLine {
  /** Index into the header's accounts. */
  account: number;
  key: string;
  line: StatementLine;
}

/** Running totals of one account's lines. */
class Tally {
  lineCount = 0;
  sumCents = 0;
  firstDate: string | null = null;
  lastDate: string | null = null;
  readonly keyer = new AccountKeyer();

  add(line: StatementLine) {
    this.lineCount += 1;
    this.sumCents += line.amountCents;
    this.keyer.add(line);
    if (this.firstDate === null || line.bookingDate < this.firstDate) {
      this.firstDate = line.bookingDate;
    }
    if (this.lastDate === null || line.bookingDate > this.lastDate) {
      this.lastDate = line.bookingDate;
    }
  }

  summary(account: StatementAccount, parsed: ParsedStatement): AccountSummary {
    const { lineCount, sumCents, firstDate, lastDate } = this;
    return {
      iban: account.iban,
      bankBic: account.bankBic ?? null,
      holderName: account.holderName,
      openingBalanceCents: account.openingBalanceCents,
      closingBalanceCents: account.closingBalanceCents,
      ...{ lineCount, sumCents, firstDate, lastDate },
      ...this.keyer.finish(parsed),
    };
  }
}

/** Takes the lines of a parse as they come (a LineSink) and makes the stored form and summary. */
export class StatementRecorder {
  private readonly accounts = new Map<StatementAccount, { index: number; tally: Tally }>();
  private readonly members: Buffer[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  /** Lines of no amount: nothing to account for, so they are listed as skipped, not stored. */
  private readonly zero: SkippedLine[] = [];

  readonly add = (account: StatementAccount, line: StatementLine): void => {
    if (line.amountCents === 0) {
      this.zero.push({ line: line.line, reason: 'zero_amount', detail: '' });
      return;
    }
    let entry = this.accounts.get(account);
    if (!entry) {
      entry = { index: this.accounts.size, tally: new Tally() };
      this.accounts.set(account, entry);
    }
    entry.tally.add(line);
    const l = line;
    const record: StoredRecord = [
      entry.index,
      l.line,
      l.bookingDate,
      l.amountCents,
      l.currency,
      l.counterpartyName,
      l.counterpartyIban,
      l.description,
      l.bankReference,
    ];
    const text = JSON.stringify(record);
    this.pending.push(text);
    this.pendingChars += text.length + 1;
    if (this.pendingChars >= MEMBER_CHARS) this.flush();
  };

  private flush() {
    if (this.pending.length === 0) return;
    this.members.push(compress(this.pending.join('\n') + '\n'));
    this.pending = [];
    this.pendingChars = 0;
  }

  /** The stored form and the summary, once the parse is done (its accounts carry the balances). */
  finish(parsed: ParsedStatement): { stored: Buffer; summary: StatementSummary } {
    this.flush();
    // Accounts in the order the lines named them (their records' index), then any without lines.
    const ordered = [...this.accounts].map(([account, { tally }]) => ({ account, tally }));
    for (const account of parsed.accounts) {
      if (!this.accounts.has(account)) ordered.push({ account, tally: new Tally() });
    }
    const accounts = ordered.map(({ account, tally }) => tally.summary(account, parsed));
    const skipped = [...parsed.skipped, ...this.zero].sort((a, b) => a.line - b.line);
    const header: Header = {
      version: STORED_VERSION,
      format: parsed.format,
      flavour: parsed.flavour,
      accounts: accounts.map(({ keys: _, legacy: __, ...account }) => account),
      skipped,
    };
    const keyed: AccountKeys[] = accounts.map(({ keys, legacy }) => ({ keys, legacy }));
    const front = `${JSON.stringify(header)}\n${JSON.stringify(keyed)}\n`;
    return {
      stored: Buffer.concat([compress(front), ...this.members]),
      summary: {
        format: parsed.format,
        flavour: parsed.flavour,
        accounts,
        skipped,
      },
    };
  }
}

const compress = (text: string) => gzipSync(text, { level: constants.Z_BEST_SPEED });

/**
 * A stored statement opened for reading: its summary (header and keys), and its lines streamed
 * in file order. Null when it was stored by another version, which must not be trusted.
 */
export async function openStored(data: Buffer) {
  const gunzip = Readable.from([data]).pipe(createGunzip());
  const reader = createInterface({ input: gunzip, crlfDelay: Infinity });
  const records = reader[Symbol.asyncIterator]();
  const close = () => {
    reader.close();
    gunzip.destroy();
  };
  const first = await records.next();
  const header = first.done ? null : (JSON.parse(first.value) as Header);
  const second = header?.version === STORED_VERSION ? await records.next() : null;
  if (!header || !second || second.done) {
    close();
    return null;
  }
  const keyed = JSON.parse(second.value) as AccountKeys[];
  const summary: StatementSummary = {
    format: header.format,
    flavour: header.flavour,
    skipped: header.skipped,
    accounts: header.accounts.map((account, i) => ({ ...account, ...keyed[i]! })),
  };
  async function* lines(): AsyncGenerator<StoredLine> {
    const seen = summary.accounts.map(() => 0);
    try {
      for (let next = await records.next(); !next.done; next = await records.next()) {
        const [account, line, bookingDate, amountCents, currency, ...rest] = JSON.parse(
          next.value,
        ) as StoredRecord;
        const [counterpartyName, counterpartyIban, description, bankReference] = rest;
        const key = summary.accounts[account]!.keys[seen[account]!++]!;
        yield {
          account,
          key,
          line: {
            line,
            bookingDate,
            amountCents,
            currency,
            counterpartyName,
            counterpartyIban,
            description,
            bankReference,
          },
        };
      }
    } finally {
      close();
    }
  }
  return { summary, lines, close };
}

/** The summary of a stored statement, read again without parsing the file or its lines. */
export async function summarize(data: Buffer): Promise<StatementSummary | null> {
  const stored = await openStored(data);
  stored?.close();
  return stored?.summary ?? null;
}
