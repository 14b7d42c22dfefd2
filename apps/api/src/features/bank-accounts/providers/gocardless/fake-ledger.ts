import {
  addDays,
  bookedVersion,
  dayOf,
  HISTORY_DAYS,
  PENDING_DAYS,
  rowsOn,
  type FakeTransaction,
} from './fake-transactions';

const AMSTERDAM_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The bank's calendar day at a moment: Dutch banks book by Dutch dates. */
export function bankDay(at: number): string {
  return AMSTERDAM_DAY.format(at);
}

export interface TransactionList {
  booked: FakeTransaction[];
  pending: FakeTransaction[];
}

interface AddedTransaction {
  status: 'booked' | 'pending';
  tx: FakeTransaction;
}

/** Newest first, as the real service lists them; rows without a day last. */
function newestFirst(a: FakeTransaction, b: FakeTransaction): number {
  return (dayOf(b) ?? '').localeCompare(dayOf(a) ?? '');
}

/**
 * What each IBAN's bank has booked: the generated rows plus what tests and the demo changed:
 * pending rows booked early, pending rows that vanished, and transactions added by hand. Kept
 * per IBAN, so a second link to the same account sees the same history.
 */
export class FakeLedger {
  private readonly bookedEarly = new Map<string, Map<string, FakeTransaction>>();
  private readonly vanished = new Map<string, Set<string>>();
  private readonly added = new Map<string, AddedTransaction[]>();

  list(iban: string, from: string, to: string, today: string): TransactionList {
    const early = this.bookedEarly.get(iban);
    const gone = this.vanished.get(iban);
    const pendingFrom = addDays(today, -PENDING_DAYS);
    const inRange = (tx: FakeTransaction) => {
      const day = dayOf(tx);
      return day === null || (day >= from && day <= to);
    };
    const result: TransactionList = { booked: [], pending: [] };
    // A booking may be filed a day after its row's date, so the day before `from` is read too.
    for (let day = addDays(from, -1); day <= to; day = addDays(day, 1)) {
      for (const row of rowsOn(iban, day)) {
        const booked = early?.get(row.key);
        if (booked) {
          if (inRange(booked)) result.booked.push(booked);
        } else if (gone?.has(row.key)) {
          continue;
        } else if (row.date >= pendingFrom) {
          if (inRange(row.pending)) result.pending.push(row.pending);
        } else if (!row.vanishes) {
          const version = bookedVersion(row, today);
          if (inRange(version)) result.booked.push(version);
        }
      }
    }
    for (const { status, tx } of this.added.get(iban) ?? []) {
      if (inRange(tx)) result[status].push(tx);
    }
    result.booked.sort(newestFirst);
    result.pending.sort(newestFirst);
    return result;
  }

  add(iban: string, tx: FakeTransaction, status: 'booked' | 'pending'): void {
    const list = this.added.get(iban) ?? [];
    list.push({ status, tx });
    this.added.set(iban, list);
  }

  /**
   * Books what is pending now: each under an id of its own, some a day later (never after
   * today), with the bank's booked text; pending rows that never book disappear. Returns how
   * many booked.
   */
  bookPending(iban: string, today: string, newId: () => string): number {
    const early = this.bookedEarly.get(iban) ?? new Map<string, FakeTransaction>();
    const gone = this.vanished.get(iban) ?? new Set<string>();
    let count = 0;
    for (let day = addDays(today, -PENDING_DAYS); day <= today; day = addDays(day, 1)) {
      for (const row of rowsOn(iban, day)) {
        if (early.has(row.key) || gone.has(row.key)) continue;
        if (row.vanishes) {
          gone.add(row.key);
        } else {
          early.set(row.key, bookedVersion(row, today));
          count += 1;
        }
      }
    }
    for (const entry of this.added.get(iban) ?? []) {
      if (entry.status !== 'pending') continue;
      entry.status = 'booked';
      entry.tx = {
        ...entry.tx,
        internalTransactionId: newId(),
        bookingDate: entry.tx.valueDate ?? today,
      };
      count += 1;
    }
    this.bookedEarly.set(iban, early);
    this.vanished.set(iban, gone);
    return count;
  }

  /** What the account holds today: an opening amount plus every booked row of the history. */
  balanceCents(iban: string, today: string): number {
    const { booked } = this.list(iban, addDays(today, -HISTORY_DAYS), today, today);
    return booked.reduce(
      (sum, tx) => sum + Math.round(Number(tx.transactionAmount.amount) * 100),
      250_000,
    );
  }
}
