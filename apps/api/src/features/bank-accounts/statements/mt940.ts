/**
 * MT940 (SWIFT customer statement) as the Dutch banks export it: ING, Rabobank, ABN AMRO, bunq,
 * Triodos, Knab and de Volksbank (ASN, SNS, RegioBank). Read line by line from the upload stream. Whether a booking's reference is unique
 * is only known once the whole file is read: held in memory, the bookings wait for the end;
 * streamed from disk, a first pass counts the references and the second hands the lines on.
 */
import { accountOf, parseBalance, parseBooking } from './mt940-fields';
import { parseInfo } from './mt940-info';
import { readLines } from './mt940-lines';
import {
  StatementError,
  type ParsedStatement,
  type SkippedLine,
  type LineSink,
  type StatementAccount,
  type StatementLine,
} from './statement';

// prettier-ignore
type Mt940Flavour =
  'ing' | 'rabobank' | 'abnamro' | 'bunq' | 'triodos' | 'knab' | 'asn' | 'sns' | 'regiobank';

/** The currency the import books in: a statement in another one is listed as skipped. */
const BOOKED_CURRENCY = 'EUR';

const TAG = /^:(\d{2}[A-Z]?):(.*)$/;
/**
 * Continuation lines of one field. SWIFT allows six for `:86:` and banks that write more stay
 * near ten; a field that runs on is a file built to be held in memory whole.
 */
const MAX_FIELD_LINES = 100;
/** A message ends with "-" or "-}" (and maybe the trailer block after it). */
const TERMINATOR = /^-(?:\}.*)?$|^\}$/;

/** The bank code inside a Dutch IBAN. */
const BANK_CODES: Record<string, Mt940Flavour> = {
  INGB: 'ing',
  RABO: 'rabobank',
  ABNA: 'abnamro',
  BUNQ: 'bunq',
  TRIO: 'triodos',
  KNAB: 'knab',
  ASNB: 'asn',
  SNSB: 'sns',
  RBRB: 'regiobank',
};
/** The banks' BICs as their preambles and SWIFT headers name them ("0000 01INGBNL2AXXX…"). */
const BICS: [RegExp, Mt940Flavour][] = [
  [/INGBNL2A/, 'ing'],
  [/RABONL2U/, 'rabobank'],
  [/ABNANL2A/, 'abnamro'],
  [/BUNQNL2A/, 'bunq'],
  [/TRIONL2U/, 'triodos'],
  [/KNABNL2H/, 'knab'],
  [/ASNBNL21/, 'asn'],
  [/SNSBNL2A/, 'sns'],
  [/RBRBNL21/, 'regiobank'],
];

/** "RABONL2U/0123456789": the account's bank, as older exports of a pre-IBAN number write it. */
const BIC_BEFORE_ACCOUNT = /^([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\//;

interface Field {
  tag: string;
  first: string;
  more: string[];
  line: number;
}

interface Statement {
  line: number;
  account: StatementAccount | null;
  /** From the opening balance; null until it is read. */
  currency: string | null;
}

/** A booking being read, with what its reference may be made of. */
interface Booked {
  account: StatementAccount;
  line: StatementLine;
  customerReference: string | null;
  bankReference: string | null;
  endToEnd: string | null;
  /** The `:86:` text so far, line by line: some banks write one `:86:` per line. */
  info: string[];
}

/**
 * What becomes of a booking once its `:86:` (if any) is read, with its candidate reference: the
 * bank's, else the owner's, else the end-to-end id.
 */
type Complete = (booked: Booked, reference: string | null) => void;

/**
 * The import takes a reference as the booking's identity, so one that two bookings of the file
 * share identifies neither: those are left to the import's hash.
 */
const uniqueIn = (counts: Map<string, number>, reference: string | null) =>
  reference !== null && counts.get(reference) === 1 ? reference : null;

const count = (counts: Map<string, number>, reference: string | null) => {
  if (reference !== null) counts.set(reference, (counts.get(reference) ?? 0) + 1);
};

/** Evidence of the bank, strongest first: the IBAN's bank code says more than a text shape. */
type Hints = Partial<Record<'account' | 'header' | 'reference' | 'text', Mt940Flavour>>;

async function run(input: AsyncIterable<Buffer | string>, complete: Complete) {
  const parser = new Mt940Parser(complete);
  for await (const { text, line } of readLines(input)) parser.read(text, line);
  return parser.finish();
}

/** Parses an MT940 file into accounts with their lines, all held in memory. */
export async function parseMt940(input: AsyncIterable<Buffer | string>): Promise<ParsedStatement> {
  const counts = new Map<string, number>();
  const read: [Booked, string | null][] = [];
  const parsed = await run(input, (booked, reference) => {
    count(counts, reference);
    read.push([booked, reference]);
  });
  for (const [{ account, line }, reference] of read) {
    line.bankReference = uniqueIn(counts, reference);
    account.lines.push(line);
  }
  return parsed;
}

/**
 * Parses an MT940 file in two passes over `open()`, holding no booking: each line goes to
 * `onLine`, and the accounts come back without lines.
 */
export async function streamMt940(
  open: () => AsyncIterable<Buffer | string>,
  onLine: LineSink,
): Promise<ParsedStatement> {
  const counts = new Map<string, number>();
  await run(open(), (_, reference) => count(counts, reference));
  return run(open(), ({ account, line }, reference) => {
    line.bankReference = uniqueIn(counts, reference);
    onLine(account, line);
  });
}

class Mt940Parser {
  private readonly accounts = new Map<string, StatementAccount>();
  private readonly skipped: SkippedLine[] = [];
  private readonly hints: Hints = {};
  private field: Field | null = null;
  private statement: Statement | null = null;
  private statements = 0;
  /** The booking a following `:86:` describes. */
  private last: Booked | null = null;

  constructor(private readonly complete: Complete) {}

  read(text: string, line: number): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (trimmed.startsWith('{')) {
      // SWIFT envelope "{1:F01ABNANL2AXXX…}{2:…}{4:": the fields follow "{4:", maybe on this line.
      this.flush();
      this.hint('header', trimmed);
      const body = trimmed.indexOf('{4:');
      if (body >= 0) this.read(trimmed.slice(body + 3), line);
      return;
    }
    if (TERMINATOR.test(trimmed)) return this.flush();
    const tag = TAG.exec(text.trimStart());
    if (tag) {
      this.flush();
      this.field = { tag: tag[1]!, first: tag[2]!, more: [], line };
    } else if (this.field) {
      if (this.field.more.length >= MAX_FIELD_LINES) {
        throw new StatementError(
          'statement_malformed',
          `the :${this.field.tag}: field runs on for more than ${MAX_FIELD_LINES} lines`,
          this.field.line,
        );
      }
      this.field.more.push(text);
    } else {
      // Preamble lines before the first field or between messages ("940", "ABNANL2A").
      this.hint('header', trimmed);
    }
  }

  finish(): ParsedStatement {
    this.flush();
    this.completeLast();
    if (this.statement) {
      throw new StatementError(
        'statement_truncated',
        `the file ends inside the statement that starts on line ${this.statement.line}`,
      );
    }
    if (this.statements === 0) {
      throw new StatementError('statement_empty', 'the file holds no MT940 statement');
    }
    const { account, header, reference, text } = this.hints;
    return {
      format: 'mt940',
      flavour: account ?? header ?? reference ?? text ?? null,
      accounts: [...this.accounts.values()],
      skipped: this.skipped,
    };
  }

  private flush(): void {
    const field = this.field;
    this.field = null;
    if (field === null) return;
    const { tag, first, more, line } = field;
    if (tag !== '86') this.completeLast();
    switch (tag) {
      case '20':
        return this.begin(line, first);
      case '25':
        return this.setAccount(line, first);
      case '60F':
      case '60M':
        return this.open(line, first);
      case '61':
        return this.book(line, first, more);
      case '86':
        return this.addInfo(first, more);
      case '62F':
      case '62M':
        return this.close(line, first);
      default:
        // :28C: sequence, :64:/:65: available balances, :13D:, :21:, …: nothing to import.
        return;
    }
  }

  private begin(line: number, reference: string): void {
    if (this.statement) {
      throw new StatementError(
        'statement_malformed',
        `a new statement starts before the one of line ${this.statement.line} has a closing balance`,
        line,
      );
    }
    this.statement = { line, account: null, currency: null };
    this.statements += 1;
    const ref = reference.trim().toUpperCase();
    if (ref.startsWith('ABN AMRO')) this.hints.reference ??= 'abnamro';
    else if (/^940S\d{6}/.test(ref)) this.hints.reference ??= 'rabobank';
  }

  /** A statement's fields without the `:20:` before them: tolerated, the rest is all there. */
  private current(line: number): Statement {
    if (!this.statement) this.begin(line, '');
    return this.statement!;
  }

  private setAccount(line: number, text: string): void {
    const iban = accountOf(text);
    const account = this.accountFor(iban);
    this.current(line).account = account;
    const bic = BIC_BEFORE_ACCOUNT.exec(text.trim().toUpperCase())?.[1];
    if (bic) account.bankBic ??= bic;
    const code = /^[A-Z]{2}\d{2}([A-Z]{4})/.exec(iban ?? '')?.[1];
    const flavour = code ? BANK_CODES[code] : undefined;
    if (flavour) this.hints.account ??= flavour;
    else if (/^TRIODOS/i.test(text.trim())) this.hints.account ??= 'triodos';
  }

  private accountFor(iban: string | null): StatementAccount {
    const key = iban ?? '';
    let account = this.accounts.get(key);
    if (!account) {
      account = {
        iban,
        holderName: null,
        openingBalanceCents: null,
        closingBalanceCents: null,
        lines: [],
      };
      this.accounts.set(key, account);
    }
    return account;
  }

  private open(line: number, text: string): void {
    const statement = this.current(line);
    const balance = parseBalance(text, line);
    statement.currency = balance.currency;
    statement.account ??= this.accountFor(null);
    // Balances of a skipped currency would not add up with the lines that are kept.
    if (balance.currency === BOOKED_CURRENCY) {
      statement.account.openingBalanceCents ??= balance.cents;
    }
  }

  private close(line: number, text: string): void {
    const statement = this.opened(line, ':62F:');
    const balance = parseBalance(text, line);
    if (statement.currency === BOOKED_CURRENCY && balance.currency === BOOKED_CURRENCY) {
      statement.account!.closingBalanceCents = balance.cents;
    }
    this.statement = null;
  }

  private opened(line: number, what: string): Statement {
    if (!this.statement?.currency) {
      throw new StatementError('statement_malformed', `${what} before an opening balance`, line);
    }
    return this.statement;
  }

  private book(line: number, first: string, more: string[]): void {
    const statement = this.opened(line, ':61:');
    const booking = parseBooking(first, more, line);
    const currency = statement.currency!;
    if (currency !== BOOKED_CURRENCY) {
      this.skipped.push({ line, reason: 'currency', detail: currency });
      return;
    }
    const entry: StatementLine = {
      line,
      bookingDate: booking.bookingDate,
      amountCents: booking.amountCents,
      currency,
      counterpartyName: booking.counterpartyName,
      counterpartyIban: booking.counterpartyIban,
      description: null,
      bankReference: null,
    };
    this.last = {
      account: statement.account!,
      line: entry,
      customerReference: booking.customerReference,
      bankReference: booking.bankReference,
      endToEnd: null,
      info: [],
    };
  }

  /** Hands on the booking being read, if any, once its last `:86:` is read. */
  private completeLast(): void {
    const booked = this.last;
    this.last = null;
    if (!booked) return;
    if (booked.info.length > 0) this.describe(booked);
    this.complete(booked, booked.bankReference ?? booked.customerReference ?? booked.endToEnd);
  }

  private describe(booked: Booked): void {
    const info = parseInfo(booked.info);
    booked.line.counterpartyName = info.counterpartyName ?? booked.line.counterpartyName;
    booked.line.counterpartyIban = info.counterpartyIban ?? booked.line.counterpartyIban;
    booked.line.description = info.description;
    booked.endToEnd = info.endToEnd;
    if (info.abnAmroText) this.hints.text ??= 'abnamro';
  }

  /** A :86: after the closing balance describes the statement, not a booking. */
  private addInfo(first: string, more: string[]): void {
    const booked = this.last;
    if (!booked) return;
    if (booked.info.length + more.length >= MAX_FIELD_LINES) {
      throw new StatementError(
        'statement_malformed',
        `the :86: text of one booking runs on for more than ${MAX_FIELD_LINES} lines`,
        booked.line.line,
      );
    }
    booked.info.push(first, ...more);
  }

  private hint(kind: 'header', text: string): void {
    const found = BICS.find(([re]) => re.test(text.toUpperCase()));
    if (found) this.hints[kind] ??= found[1];
  }
}
