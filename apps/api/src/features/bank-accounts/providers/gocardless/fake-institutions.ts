import { createHash } from 'node:crypto';

/**
 * The banks the GoCardless fake offers, the accounts each offers on its consent page, and the
 * logos it draws for them. Numbers are the fake's own choice, in the ranges the real service
 * lists for Dutch banks; ids follow the real `<NAME>_<BIC>` pattern.
 */

const SANDBOX_INSTITUTION_ID = 'SANDBOXFINANCE_SFIN0000';

export interface FakeInstitution {
  id: string;
  name: string;
  bic: string;
  countries: string[];
  transactionTotalDays: number;
  maxAccessDays: number;
  /** The four letters in its IBANs. */
  ibanBank: string;
  /** The logo: up to three letters on a coloured square. */
  monogram: string;
  colour: string;
}

const EEA = ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'NO', 'PL', 'PT', 'SE'];

function bank(
  id: string,
  name: string,
  days: [history: number, access: number],
  look: [monogram: string, colour: string],
  countries: string[] = ['NL'],
): FakeInstitution {
  const bic = id.slice(id.lastIndexOf('_') + 1);
  return {
    id,
    name,
    bic,
    countries,
    transactionTotalDays: days[0],
    maxAccessDays: days[1],
    ibanBank: bic.slice(0, 4),
    monogram: look[0],
    colour: look[1],
  };
}

export const FAKE_INSTITUTIONS: readonly FakeInstitution[] = [
  bank('ABNAMRO_ABNANL2A', 'ABN AMRO', [540, 180], ['AA', '#00716b']),
  bank('ASN_BANK_ASNBNL21', 'ASN Bank', [730, 90], ['ASN', '#005f9e']),
  bank('BUNQ_BUNQNL2A', 'bunq', [730, 180], ['b', '#1d1d1b']),
  bank('ING_INGBNL2A', 'ING', [730, 180], ['ING', '#c74a00']),
  bank('KNAB_KNABNL2H', 'Knab', [730, 90], ['K', '#00527a']),
  bank('RABOBANK_RABONL2U', 'Rabobank', [730, 180], ['R', '#000099']),
  bank('REGIOBANK_RBRBNL21', 'RegioBank', [730, 90], ['RB', '#b3001b']),
  bank('REVOLUT_REVOLT21', 'Revolut', [730, 180], ['Rv', '#0050c8'], EEA),
  bank('SNS_BANK_SNSBNL2A', 'SNS', [730, 90], ['SNS', '#5c2483']),
  bank('TRIODOS_TRIONL2U', 'Triodos Bank', [730, 180], ['T', '#00664f']),
  {
    ...bank('SANDBOXFINANCE_SFIN0000', 'Sandbox Finance', [90, 90], ['SF', '#3949ab']),
    ibanBank: 'SNDB',
  },
  bank('BELFIUS_GKCCBEBB', 'Belfius', [540, 180], ['B', '#a6003c'], ['BE']),
  bank('KBC_KREDBEBB', 'KBC', [730, 180], ['KBC', '#005aa0'], ['BE']),
];

/** Countries the real service accepts in `?country=`; any other code is a 400 there. */
export const FAKE_COUNTRIES = new Set([...EEA, 'BG', 'CY', 'CZ', 'EE', 'GB', 'GR', 'HR', 'HU']);

/**
 * The sandbox is in the real list only on request; the fake lists it for NL, so the client's
 * fallback for other countries is exercised too.
 */
export function institutionsOf(country: string): FakeInstitution[] {
  return FAKE_INSTITUTIONS.filter(
    (i) => i.countries.includes(country) && (i.id !== SANDBOX_INSTITUTION_ID || country === 'NL'),
  ).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function findInstitution(id: string): FakeInstitution | undefined {
  return FAKE_INSTITUTIONS.find((i) => i.id === id);
}

/** One account a bank offers on the consent page. */
export interface OfferedAccount {
  slot: number;
  iban: string;
  name: string;
  product: string;
  ownerName: string;
}

const OWNERS = [
  'Stichting Buurtmoestuin De Wilg',
  'Vereniging Speeltuin Het Klimrek',
  'Stichting Voedselbank Oost',
  'Buurtvereniging Lombok',
];
const PRODUCTS = [
  { name: 'Zakelijke rekening', product: 'Zakelijk Betalen' },
  { name: 'Spaarrekening', product: 'Zakelijk Sparen' },
  { name: 'Projectrekening', product: 'Zakelijk Betalen' },
];

/**
 * The accounts behind a login at this bank: the same IBANs every time (a renewal or a second
 * user finds the same accounts), new account ids per requisition.
 */
export function offeredAccounts(institution: FakeInstitution): OfferedAccount[] {
  const ownerIndex = [...institution.id].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  return PRODUCTS.map((p, slot) => ({
    slot,
    iban: ibanFor(institution.ibanBank, `${institution.id}:${slot}`),
    name: p.name,
    product: p.product,
    ownerName: OWNERS[(ownerIndex + (slot === 2 ? 1 : 0)) % OWNERS.length]!,
  }));
}

/** A Dutch IBAN with valid check digits; the account number comes from the seed. */
export function ibanFor(bankCode: string, seed: string): string {
  const n = createHash('sha256').update(seed).digest().readBigUInt64BE(0) % 10_000_000_000n;
  const account = String(n).padStart(10, '0');
  const bban = `${bankCode}${account}`;
  const digits = [...`${bban}NL00`]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  const check = 98 - Number(BigInt(digits) % 97n);
  return `NL${String(check).padStart(2, '0')}${bban}`;
}

const SVG_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** A small square logo: the bank's letters on its colour, no external resources. */
export function logoSvg(institution: FakeInstitution): string {
  const letters = institution.monogram.replace(/[&<>]/g, (c) => SVG_ESCAPES[c]!);
  const size = letters.length > 2 ? 20 : 26;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="12" fill="${institution.colour}"/>`,
    `<text x="32" y="${32 + size * 0.36}" font-family="Arial, Helvetica, sans-serif"`,
    ` font-size="${size}" font-weight="700" text-anchor="middle" fill="#ffffff">${letters}</text>`,
    '</svg>',
  ].join('');
}
