import { createHash } from 'node:crypto';
import type { FakeBank } from './fake-banks';

/** The sandbox bank's accounts and their bookings, the same on every run (seeded by IBAN). */

export interface FakeAccount {
  bank: FakeBank;
  /** Null at the Mock ASPSP, which gives accounts no IBAN. */
  iban: string | null;
  /** The IBAN, or the Mock ASPSP's own id of the account. */
  key: string;
  holder: string;
  /** A description the holder gave the account, where there is one. */
  details: string | null;
  identificationHash: string;
}

/** A transaction as Enable Banking sends it. */
export interface WireTransaction {
  entry_reference: string | null;
  transaction_amount: { currency: string; amount: string };
  credit_debit_indicator: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG';
  booking_date: string | null;
  value_date: string | null;
  transaction_date: string | null;
  creditor: { name: string } | null;
  creditor_account: { iban: string } | null;
  debtor: { name: string } | null;
  debtor_account: { iban: string } | null;
  remittance_information: string[];
  transaction_id: string | null;
}

export interface FakeRow {
  /** The date it is listed under: its booking date, else (pending) its transaction date. */
  date: string;
  /** Rows of one account sort by this; a later booking of a day has a higher number. */
  order: number;
  wire: WireTransaction;
  /** Whether the listing numbers it (positional references); false when it has its own. */
  positional: boolean;
}

const DETAILS: Partial<Record<string, string>> = { 'Vereniging Dorpshuis Oost': 'Exploitatie' };

export function accountsOf(bank: FakeBank): FakeAccount[] {
  return bank.holders.map((holder) => {
    const iban = bank.text === 'mock' ? null : makeIban(bank.ibanCode, `${bank.name}|${holder}`);
    const key = iban ?? `MOCK-${digest(holder).slice(0, 8)}`;
    return {
      bank,
      iban,
      key,
      holder,
      details: DETAILS[holder] ?? null,
      identificationHash: digest(`account|${key}`, 'base64').slice(0, 43),
    };
  });
}

/** A Dutch IBAN with correct check digits: the app may well check them. */
function makeIban(code: string, seed: string): string {
  const number = (BigInt(`0x${digest(seed).slice(0, 15)}`) % 10_000_000_000n)
    .toString()
    .padStart(10, '0');
  const numeric = `${code}${number}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `NL${check.toString().padStart(2, '0')}${code}${number}`;
}

function digest(text: string, encoding: 'hex' | 'base64' = 'hex'): string {
  return createHash('sha256').update(text).digest(encoding);
}

/** A small seeded generator (mulberry32): enough spread for made-up bookings. */
function generator(seed: string): () => number {
  let state = Number.parseInt(digest(seed).slice(0, 8), 16);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Kind = 'subsidy' | 'fee' | 'contribution' | 'donation' | 'card' | 'invoice';

interface Draft {
  kind: Kind;
  direction: 'CRDT' | 'DBIT';
  cents: number;
  party: string | null;
  partyIban: string | null;
  text: string;
  reference: string | null;
}

const MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];
const DONORS = ['J. de Vries', 'A. Bakker', 'M. Jansen', 'S. El Amrani', 'P. Visser', 'F. Yılmaz'];
const MERCHANTS = ['Albert Heijn 1458', 'Gamma Utrecht', 'Jumbo Zwolle', 'Hema Amersfoort'];
const SUPPLIERS = ['Tuincentrum De Bolster', 'Drukkerij Van Dam', 'Verhuur Partytent B.V.'];
const TOWNS = ['Utrecht', 'Zwolle', 'Leiden', 'Amersfoort'];
const PARTY_BANKS = ['INGB', 'RABO', 'ABNA', 'TRIO'];

function partyIban(name: string): string {
  const code = PARTY_BANKS[Number.parseInt(digest(name).slice(0, 2), 16) % PARTY_BANKS.length];
  return makeIban(code ?? 'INGB', `party|${name}`);
}

function pick<T>(list: readonly T[], random: () => number): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** What happens on an account on one day, before a bank writes it down. */
function draftsOn(account: FakeAccount, day: string): Draft[] {
  const random = generator(`${account.key}|${day}`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthName = MONTHS[month - 1] ?? '';
  const drafts: Draft[] = [];
  const transfer = (draft: Omit<Draft, 'partyIban'>) =>
    drafts.push({ ...draft, partyIban: draft.party ? partyIban(draft.party) : null });
  if (date === 1) {
    const town = pick(TOWNS, generator(account.key));
    transfer({
      kind: 'subsidy',
      direction: 'CRDT',
      cents: 25_000 + (Number.parseInt(digest(account.key).slice(0, 4), 16) % 8) * 5_000,
      party: `Gemeente ${town}`,
      text: `Subsidie ${year} maand ${month}`,
      reference: `SUB-${year}-${String(month).padStart(4, '0')}`,
    });
    drafts.push({
      kind: 'fee',
      direction: 'DBIT',
      cents: 950,
      party: null,
      partyIban: null,
      text: `Kosten betaalrekening ${MONTHS[(month + 10) % 12] ?? ''}`,
      reference: null,
    });
  }
  if (date === 15) {
    // Two genuine, identical transfers: a member pays for two people at once.
    for (let i = 0; i < 2; i += 1) {
      transfer({
        kind: 'contribution',
        direction: 'CRDT',
        cents: 1_250,
        party: 'J. de Vries',
        text: `Contributie ${monthName} ${year}`,
        reference: null,
      });
    }
  }
  if (random() < 0.3) {
    const donor = pick(DONORS, random);
    transfer({
      kind: 'donation',
      direction: 'CRDT',
      cents: 500 + Math.floor(random() * 20) * 250,
      party: donor,
      text: random() < 0.5 ? 'Gift' : `Donatie ${account.holder}`,
      reference: null,
    });
  }
  if (random() < 0.3) {
    drafts.push({
      kind: 'card',
      direction: 'DBIT',
      cents: 199 + Math.floor(random() * 9_000),
      party: pick(MERCHANTS, random),
      partyIban: null,
      text: '',
      reference: null,
    });
  }
  if (random() < 0.12) {
    const invoice = 100 + Math.floor(random() * 900);
    transfer({
      kind: 'invoice',
      direction: 'DBIT',
      cents: 5_000 + Math.floor(random() * 85_000),
      party: pick(SUPPLIERS, random),
      text: `Factuur ${year}-${invoice}`,
      reference: `${year}${invoice}`,
    });
  }
  return drafts;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

export function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The rows a bank lists for what happened on `day`, as it stands on `today`. */
export function rowsFor(account: FakeAccount, day: string, today: string): FakeRow[] {
  return draftsOn(account, day).map((draft, index) => {
    // Card payments stay pending on their day and book the next; transfers book at once.
    const card = draft.kind === 'card';
    const pending = card && day === today;
    const bookingDate = card ? addDays(day, 1) : day;
    const salt = `${account.key}|${day}|${index}`;
    const bank = account.bank;
    const anonymous = draft.kind === 'fee' && bank.text === 'abnamro';
    return {
      date: pending ? day : bookingDate,
      order: dayNumber(day) * 1_000 + index,
      positional: bank.references === 'position' || bank.references === 'position-in-date',
      wire: {
        entry_reference: anonymous ? null : reference(bank, salt, day, index, pending),
        transaction_amount: { currency: 'EUR', amount: amountText(draft.cents) },
        credit_debit_indicator: draft.direction,
        status: pending ? 'PDNG' : 'BOOK',
        booking_date: pending ? null : bookingDate,
        value_date: day,
        transaction_date: card ? day : null,
        ...parties(account, draft),
        remittance_information: remittance(account, draft, day, salt, pending),
        transaction_id: null,
      },
    };
  });
}

function reference(
  bank: FakeBank,
  salt: string,
  day: string,
  index: number,
  pending: boolean,
): string | null {
  switch (bank.references) {
    case 'opaque':
      return digest(`${salt}|ref`).slice(0, 16).toUpperCase();
    case 'counter':
      return pending ? null : String(dayNumber(day) * 8 + index);
    case 'pending-differs':
      return pending
        ? `P${digest(`${salt}|pending`).slice(0, 15).toUpperCase()}`
        : digest(`${salt}|ref`).slice(0, 16).toUpperCase();
    case 'short':
      return BigInt(`0x${digest(`${salt}|ref`).slice(0, 10)}`)
        .toString(36)
        .slice(0, 5);
    case 'position':
    case 'position-in-date':
      return null;
  }
}

function parties(account: FakeAccount, draft: Draft) {
  const own = account.iban ? { iban: account.iban } : null;
  const party = draft.party ? { name: draft.party } : null;
  const theirs = draft.partyIban ? { iban: draft.partyIban } : null;
  if (account.bank.text === 'mock') {
    // The Mock ASPSP puts the other party in `creditor` whichever way the money went.
    return { creditor: party, creditor_account: theirs, debtor: null, debtor_account: null };
  }
  if (draft.kind === 'fee' && account.bank.text === 'rabobank') {
    // Rabobank books its costs with itself as creditor on the account's own IBAN.
    return {
      creditor: { name: 'Rabobank' },
      creditor_account: own,
      debtor: null,
      debtor_account: own,
    };
  }
  return draft.direction === 'DBIT'
    ? { creditor: party, creditor_account: theirs, debtor: null, debtor_account: own }
    : { creditor: null, creditor_account: own, debtor: party, debtor_account: theirs };
}

function remittance(
  account: FakeAccount,
  draft: Draft,
  day: string,
  salt: string,
  pending: boolean,
): string[] {
  const hash = digest(`${salt}|text`);
  const minutes = Number.parseInt(hash.slice(0, 4), 16) % (14 * 60);
  const time = `${String(8 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const [year, month, date] = day.split('-') as [string, string, string];
  const merchant = draft.party ?? '';
  const kenmerk = draft.reference ? [`Kenmerk: ${draft.reference}`] : [];
  switch (account.bank.text) {
    case 'abnamro':
      if (draft.kind === 'card') {
        return [
          'BEA, Betaalpas',
          `${merchant},PAS017`,
          `NR:${hash.slice(4, 10).toUpperCase()}, ${date}.${month}.${year.slice(2)}/${time.replace(':', '.')}`,
        ];
      }
      if (draft.kind === 'fee') return ['ABN AMRO Bank N.V.', draft.text];
      return [
        'SEPA Overboeking',
        `IBAN: ${draft.partyIban ?? ''}`,
        `Naam: ${merchant}`,
        `Omschrijving: ${draft.text}`,
        ...kenmerk,
      ];
    case 'rabobank':
      if (draft.kind === 'card') return [`Betaalautomaat ${time} pasnr. 017`];
      return draft.reference ? [draft.text, `Betalingskenmerk ${draft.reference}`] : [draft.text];
    case 'ing':
      if (draft.kind === 'card') {
        // The pending row has the terminal's short text; the booking the full one, a day later.
        return pending
          ? [merchant.toUpperCase()]
          : [
              `Pasvolgnr: 004 ${date}-${month}-${year} ${time} Transactie: ${hash.slice(4, 10).toUpperCase()} Term: ${merchant}`,
            ];
      }
      if (draft.kind === 'fee') return [draft.text];
      return [
        `Naam: ${merchant} Omschrijving: ${draft.text} IBAN: ${draft.partyIban ?? ''} ${kenmerk.join('')}`.trim(),
      ];
    case 'plain':
      if (draft.kind === 'card')
        return [`Betaalpas ${merchant}`, `${date}-${month}-${year} ${time}`];
      return [draft.text, ...kenmerk];
    case 'mock':
      return draft.kind === 'card' ? [merchant] : [draft.text];
  }
}
