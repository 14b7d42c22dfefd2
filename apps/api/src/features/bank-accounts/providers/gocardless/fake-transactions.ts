import { createHash } from 'node:crypto';
import { ibanFor } from './fake-institutions';

/**
 * The GoCardless fake's transactions: the same rows for an IBAN on every call (seeded by IBAN and
 * day), with the quirks real banks show through GoCardless: booked rows without `transactionId`
 * or with a blank one, look-alike rows with their own ids, pending rows without ids whose text
 * changes when they book (sometimes a day later), and pending rows that never book.
 */

interface FakeAccountRef {
  iban?: string;
  bban?: string;
}

/** A transaction as the real service writes it; only `transactionAmount` is always there. */
export interface FakeTransaction {
  transactionId?: string;
  internalTransactionId?: string;
  entryReference?: string;
  bookingDate?: string;
  valueDate?: string;
  bookingDateTime?: string;
  valueDateTime?: string;
  transactionAmount: { amount: string; currency: string };
  creditorName?: string;
  creditorAccount?: FakeAccountRef;
  debtorName?: string;
  debtorAccount?: FakeAccountRef;
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructured?: string;
  additionalInformation?: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
}

/** Rows dated this many days back or later are still pending. */
export const PENDING_DAYS = 2;
/** How far back the fake banks keep transactions. */
export const HISTORY_DAYS = 730;

interface Template {
  name: string;
  /** Range of the amount in cents; negative leaves the account. */
  cents: [number, number];
  text: (n: number) => string;
  pendingText: string;
}

const OUT: Template[] = [
  {
    name: 'Albert Heijn 1403',
    cents: [-8950, -1245],
    text: (n) => `Betaalpas AH Utrecht Lombok, pasvolgnr 00${n % 9}`,
    pendingText: 'Reservering Albert Heijn',
  },
  {
    name: 'Gamma Utrecht',
    cents: [-24999, -1899],
    text: (n) => `Gereedschap en materiaal moestuin bon ${4000 + n}`,
    pendingText: 'Reservering Gamma',
  },
  {
    name: 'Drukkerij De Vries B.V.',
    cents: [-68000, -9500],
    text: (n) => `Factuur 2024-${String(n).padStart(4, '0')} flyers buurtfeest`,
    pendingText: 'Drukkerij De Vries',
  },
  {
    name: 'Eneco Services',
    cents: [-14500, -6500],
    text: (n) => `Termijnbedrag energie buurthuis klantnr ${700_000 + n}`,
    pendingText: 'Incasso Eneco',
  },
  {
    name: 'Stichting Wijkaccommodaties',
    cents: [-45000, -45000],
    text: () => 'Huur zaal buurthuis De Kruisweg',
    pendingText: 'Huur zaal',
  },
  {
    name: 'Kringloop Het Goed',
    cents: [-6500, -450],
    text: () => 'Tweedehands meubels speelhoek',
    pendingText: 'Betaalpas Kringloop',
  },
  {
    name: 'NS Reizigers B.V.',
    cents: [-4600, -980],
    text: (n) => `Treinkaartjes vrijwilligersuitje ref ${n}`,
    pendingText: 'NS Reizen',
  },
  {
    name: 'Tuincentrum Overvecht',
    cents: [-18000, -1250],
    text: () => 'Zaden, potgrond en plantjes',
    pendingText: 'Betaalpas Tuincentrum',
  },
];

const IN: Template[] = [
  {
    name: 'Gemeente Utrecht',
    cents: [50000, 350000],
    text: (n) => `Subsidie Initiatievenfonds beschikking ${2024_0100 + n}`,
    pendingText: 'Gemeente Utrecht',
  },
  {
    name: 'Oranje Fonds',
    cents: [100000, 500000],
    text: (n) => `Bijdrage project OF-${30_000 + n} eerste termijn`,
    pendingText: 'Oranje Fonds',
  },
  {
    name: 'J. de Vries',
    cents: [1000, 5000],
    text: () => 'Donatie buurtmoestuin, succes!',
    pendingText: 'Donatie',
  },
  {
    name: 'Buurtbewoners Lombok',
    cents: [2500, 18000],
    text: () => 'Opbrengst collecte buurtfeest',
    pendingText: 'Storting',
  },
];

const CHARITY_BANKS = ['INGB', 'RABO', 'ABNA', 'TRIO', 'SNSB'];

/** A generator of numbers in [0, 1) that gives the same sequence for the same seed. */
function seeded(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hexId(seed: string): string {
  return createHash('sha256').update(seed).digest('hex').slice(0, 32);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function counterpartyIban(name: string): string {
  const bank = CHARITY_BANKS[name.length % CHARITY_BANKS.length]!;
  return ibanFor(bank, name);
}

/** One generated booking, before it is written as booked or pending. */
export interface FakeRow {
  /** Unique per IBAN: `<date>#<n>`. */
  key: string;
  date: string;
  /** Days between the pending date and the booking date (0 or 1). */
  bookingShift: number;
  /** A pending row that disappears instead of booking. */
  vanishes: boolean;
  booked: FakeTransaction;
  pending: FakeTransaction;
}

function rowOf(iban: string, date: string, index: number, random: () => number): FakeRow {
  const incoming = random() < 0.2;
  const list = incoming ? IN : OUT;
  const template = list[Math.floor(random() * list.length)]!;
  const [low, high] = template.cents;
  const cents = low + Math.floor(random() * (high - low + 1));
  const amount = { amount: (cents / 100).toFixed(2), currency: 'EUR' };
  const n = Math.floor(random() * 10_000);
  const party = incoming
    ? { debtorName: template.name, debtorAccount: { iban: counterpartyIban(template.name) } }
    : { creditorName: template.name, creditorAccount: { iban: counterpartyIban(template.name) } };
  const key = `${date}#${index}`;
  const idShape = random();
  const textShape = random();
  const booked: FakeTransaction = {
    // One in ten booked rows has no transactionId, one in thirty a blank one.
    ...(idShape < 0.1
      ? {}
      : { transactionId: idShape < 0.133 ? '' : `${date.replaceAll('-', '')}${n}-${index + 1}` }),
    internalTransactionId: hexId(`${iban}|${key}`),
    ...(random() < 0.05
      ? { bookingDateTime: `${date}T10:${10 + index}:00.000Z` }
      : { bookingDate: date }),
    valueDate: date,
    transactionAmount: amount,
    ...party,
    ...(textShape < 0.06
      ? { remittanceInformationUnstructuredArray: template.text(n).split(', ') }
      : textShape < 0.1
        ? { additionalInformation: template.text(n) }
        : { remittanceInformationUnstructured: template.text(n) }),
    bankTransactionCode: 'PMNT',
  };
  const pending: FakeTransaction = {
    valueDate: date,
    transactionAmount: amount,
    ...party,
    remittanceInformationUnstructured: template.pendingText,
  };
  return {
    key,
    date,
    bookingShift: random() < 0.3 ? 1 : 0,
    vanishes: random() < 0.1,
    booked,
    pending,
  };
}

/** The bookings of an IBAN on one day; about one in twenty days has a look-alike pair. */
export function rowsOn(iban: string, date: string): FakeRow[] {
  const random = seeded(`${iban}|${date}`);
  const draw = random();
  const count = draw < 0.45 ? 0 : draw < 0.85 ? 1 : 2;
  const rows = Array.from({ length: count }, (_, i) => rowOf(iban, date, i, random));
  const first = rows[0];
  if (first && random() < 0.05) {
    // Same day, amount, counterparty and text; only the ids differ.
    const key = `${date}#${count}`;
    const booked = { ...first.booked, internalTransactionId: hexId(`${iban}|${key}`) };
    if (booked.transactionId) booked.transactionId = `${booked.transactionId}0`;
    rows.push({ ...first, key, booked });
  }
  return rows;
}

/** A booked row as written once it booked: booking date moved by its shift, never past today. */
export function bookedVersion(row: FakeRow, today: string): FakeTransaction {
  if (row.booked.bookingDate === undefined) return row.booked;
  const shifted = addDays(row.date, row.bookingShift);
  return { ...row.booked, bookingDate: shifted > today ? today : shifted };
}

/** The day a transaction is filed under for `date_from`/`date_to`, or null when it has none. */
export function dayOf(tx: FakeTransaction): string | null {
  return tx.bookingDate ?? tx.valueDate ?? tx.bookingDateTime?.slice(0, 10) ?? null;
}
