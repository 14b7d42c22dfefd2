import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  addDays,
  amountText,
  dayNumber,
  rowsFor,
  type FakeAccount,
  type FakeRow,
  type WireTransaction,
} from './fake-data';
import { FakeApiError, wrongParameters } from './fake-errors';

/** Banks give their whole history only just after the user authorised (an hour here). */
const DEEP_HISTORY_MS = 60 * 60 * 1000;
/** How far back that is, today included. */
const DEEP_HISTORY_DAYS = 730;
/** Afterwards: 90 days, today included; today − 90 is refused. */
const HISTORY_DAYS = 90;

export interface TransactionQuery {
  date_from?: string | undefined;
  date_to?: string | undefined;
  continuation_key?: string | undefined;
  transaction_status?: string | undefined;
  strategy?: string | undefined;
}

export interface Listing {
  account: FakeAccount;
  uid: string;
  authorizedAt: Date;
  now: Date;
  added: readonly FakeRow[];
  pageSize: number;
  missingEntryReferences: boolean;
}

/** What a continuation key carries: the query as asked, the window it meant, the offset. */
interface KeyContent {
  params: {
    accountId: string;
    dateFrom: string | null;
    dateTo: string | null;
    transactionStatus: string | null;
  };
  window: [string, string];
  continuationToken: number;
}

/**
 * Keys are minted like Enable Banking's: base64 of JSON holding the original query, a dot and
 * a signature, so a key cannot be made up or moved to another query.
 */
export function createKeys() {
  const secret = randomBytes(32);
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
  return {
    mint(content: KeyContent): string {
      const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    read(key: string): KeyContent | null {
      const [payload, signature] = key.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as KeyContent;
    },
  };
}
type Keys = ReturnType<typeof createKeys>;

const STATUSES = new Set(['BOOK', 'PDNG', 'HOLD', 'SCHD', 'CNCL', 'RJCT', 'OTHR']);

export function transactionsPage(query: TransactionQuery, listing: Listing, keys: Keys) {
  const today = listing.now.toISOString().slice(0, 10);
  const asked = {
    accountId: listing.uid,
    dateFrom: query.date_from ?? null,
    dateTo: query.date_to ?? null,
    transactionStatus: query.transaction_status ?? null,
  };
  let window: [string, string];
  let offset = 0;
  if (query.continuation_key) {
    const content = keys.read(query.continuation_key);
    if (!content || content.params.accountId !== listing.uid) {
      throw new FakeApiError(422, 'Wrong continuation key', 'WRONG_CONTINUATION_KEY');
    }
    for (const [field, name] of [
      ['dateFrom', 'dateFrom'],
      ['dateTo', 'dateTo'],
      ['transactionStatus', 'transactionStatus'],
    ] as const) {
      if (content.params[field] !== asked[field]) {
        throw wrongParameters(
          `${name} in request is not the same as in continuationKey. Continuation key is only valid for the same getAccountTransactions parameters`,
          { error_name: 'ParameterValidationException' },
        );
      }
    }
    window = content.window;
    offset = content.continuationToken;
  } else {
    window = checkWindow(query, listing, today);
  }
  const rows = listRows(listing, window, today).filter(
    (row) => asked.transactionStatus === null || row.status === asked.transactionStatus,
  );
  const end = offset + listing.pageSize;
  return {
    transactions: rows.slice(offset, end),
    continuation_key:
      end < rows.length ? keys.mint({ params: asked, window, continuationToken: end }) : null,
  };
}

function checkWindow(query: TransactionQuery, listing: Listing, today: string): [string, string] {
  for (const [name, value] of [
    ['date_from', query.date_from],
    ['date_to', query.date_to],
  ] as const) {
    if (value !== undefined && !isDate(value)) throw wrongParameters(`Invalid ${name}: ${value}`);
  }
  if (query.date_to !== undefined && query.date_from === undefined) {
    throw new FakeApiError(
      422,
      'date_to can not be used without date_from',
      'DATE_TO_WITHOUT_DATE_FROM',
    );
  }
  if (query.transaction_status !== undefined && !STATUSES.has(query.transaction_status)) {
    throw wrongParameters(`Invalid transaction_status: ${query.transaction_status}`);
  }
  const strategy = query.strategy ?? 'default';
  if (strategy !== 'default' && strategy !== 'longest') {
    throw wrongParameters(`Invalid strategy: ${strategy}`);
  }
  const deep = listing.now.getTime() - listing.authorizedAt.getTime() < DEEP_HISTORY_MS;
  const earliest = addDays(today, -((deep ? DEEP_HISTORY_DAYS : HISTORY_DAYS) - 1));
  if (strategy === 'longest') {
    const from = query.date_from && query.date_from > earliest ? query.date_from : earliest;
    return [from, today];
  }
  const from = query.date_from ?? addDays(today, -(HISTORY_DAYS - 1));
  const to = query.date_to ?? today;
  if (from > today) {
    throw new FakeApiError(422, 'date_from can not be in the future', 'DATE_FROM_IN_FUTURE');
  }
  if (to < from) {
    throw new FakeApiError(422, 'date_to can not be earlier than date_from', 'WRONG_DATE_INTERVAL');
  }
  if (from < earliest) {
    const detail =
      listing.account.bank.periodDetail === 'date'
        ? { date_from: earliest }
        : { message: 'Requested period exceeds the allowed transaction history' };
    throw new FakeApiError(
      422,
      'Wrong transactions period requested',
      'WRONG_TRANSACTIONS_PERIOD',
      detail,
    );
  }
  return [from, to];
}

function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The account's rows in the window, newest first, as the bank writes them today. */
function listRows(
  listing: Listing,
  [from, to]: [string, string],
  today: string,
): WireTransaction[] {
  const last = to < today ? to : today;
  const rows: FakeRow[] = [];
  // Card payments book the day after they happen: start a day early to catch them.
  for (let day = addDays(from, -1); day <= last; day = addDays(day, 1)) {
    rows.push(...rowsFor(listing.account, day, today));
  }
  rows.push(...listing.added);
  const listed = rows.filter((row) => row.date >= from && row.date <= last);
  const positions = numberPositions(listed, listing.account, today);
  listed.sort((a, b) => (a.date === b.date ? b.order - a.order : a.date < b.date ? 1 : -1));
  return listed.map((row) => ({
    ...row.wire,
    entry_reference: listing.missingEntryReferences
      ? null
      : (positions.get(row) ?? row.wire.entry_reference),
    transaction_id: listing.account.bank.changingTransactionIds ? randomUUID() : null,
  }));
}

/** Positional references: the place of a booking among that day's bookings, counted anew. */
function numberPositions(rows: FakeRow[], account: FakeAccount, today: string) {
  const positions = new Map<FakeRow, string | null>();
  const byDate = new Map<string, FakeRow[]>();
  for (const row of rows) {
    if (!row.positional || row.wire.status !== 'BOOK') continue;
    byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
  }
  for (const [date, booked] of byDate) {
    booked.sort((a, b) => a.order - b.order);
    booked.forEach((row, index) => {
      const position = String(index + 1);
      if (account.bank.references === 'position') positions.set(row, position);
      // This style leaves the reference out on the day the booking first shows.
      else positions.set(row, date === today ? null : `${date}.${position}`);
    });
  }
  return positions;
}

/** A booking the tester adds (`control.addTransaction`). */
export interface AddedTransaction {
  /** Unsigned, e.g. '12.50'. */
  amount: string;
  direction: 'CRDT' | 'DBIT';
  /** Booking date (pending: transaction date); today when left out. */
  date?: string;
  status?: 'BOOK' | 'PDNG';
  counterpartyName?: string | null;
  counterpartyIban?: string | null;
  remittance?: string[];
  /** The bank's reference; left out: one in the bank's own style; null: none. */
  entryReference?: string | null;
}

export function addedRow(
  account: FakeAccount,
  input: AddedTransaction,
  sequence: number,
  today: string,
): FakeRow {
  const date = input.date ?? today;
  const status = input.status ?? 'BOOK';
  const positional =
    input.entryReference === undefined &&
    (account.bank.references === 'position' || account.bank.references === 'position-in-date');
  const own = account.iban ? { iban: account.iban } : null;
  const party = input.counterpartyName ? { name: input.counterpartyName } : null;
  const theirs = input.counterpartyIban ? { iban: input.counterpartyIban } : null;
  const out = input.direction === 'DBIT';
  return {
    date,
    order: dayNumber(date) * 1_000 + 500 + sequence,
    positional,
    wire: {
      entry_reference:
        input.entryReference === undefined
          ? positional
            ? null
            : randomBytes(8).toString('hex').toUpperCase()
          : input.entryReference,
      transaction_amount: { currency: 'EUR', amount: input.amount },
      credit_debit_indicator: input.direction,
      status,
      booking_date: status === 'BOOK' ? date : null,
      value_date: date,
      transaction_date: date,
      creditor: out ? party : null,
      creditor_account: out ? theirs : own,
      debtor: out ? null : party,
      debtor_account: out ? own : theirs,
      remittance_information: input.remittance ?? [],
      transaction_id: null,
    },
  };
}

/** The pending row booked today under a new reference, as banks do. */
export function booked(row: FakeRow, today: string): FakeRow {
  return {
    ...row,
    date: today,
    wire: {
      ...row.wire,
      status: 'BOOK',
      booking_date: today,
      entry_reference: row.positional ? null : randomBytes(8).toString('hex').toUpperCase(),
    },
  };
}

/** Closing and interim balances over the last 90 days' bookings, signed. */
export function balancesOf(account: FakeAccount, added: readonly FakeRow[], now: Date) {
  const today = now.toISOString().slice(0, 10);
  const yesterday = addDays(today, -1);
  const rows: FakeRow[] = [...added];
  for (let day = addDays(today, -HISTORY_DAYS); day <= today; day = addDays(day, 1)) {
    rows.push(...rowsFor(account, day, today));
  }
  const sum = (until: string, pendingToo: boolean) =>
    rows
      .filter((r) => r.date <= until && (pendingToo || r.wire.status === 'BOOK'))
      .reduce((total, r) => {
        const [whole = '0', cents = '0'] = r.wire.transaction_amount.amount.split('.');
        const value = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
        return total + (r.wire.credit_debit_indicator === 'DBIT' ? -value : value);
      }, 150_000);
  const balance = (name: string, type: string, cents: number, date: string) => ({
    name,
    balance_amount: {
      currency: 'EUR',
      amount: (cents < 0 ? '-' : '') + amountText(Math.abs(cents)),
    },
    balance_type: type,
    reference_date: date,
  });
  return {
    balances: [
      balance('Booked balance', 'CLBD', sum(yesterday, false), yesterday),
      balance('Interim available balance', 'ITAV', sum(today, true), today),
    ],
  };
}
