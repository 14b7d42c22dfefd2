import { DUTCH_INSTITUTIONS, SANDBOX_INSTITUTION } from '@helder/shared/bank-accounts';

/**
 * Which bank an account is at. An IBAN says so itself (the four letters after the check digits),
 * so an account made from a statement file has a name on the Banks tab; other countries show
 * their country code. An account number from before the IBAN ('1291.99.348', 'P1234567') does
 * not: its bank is the file's BIC, the bank whose layout the file is in, or the user's choice.
 */
const BY_CODE = new Map<string, { bic: string; name: string }>(
  DUTCH_INSTITUTIONS.map((i) => [i.bic.slice(0, 4), i]),
);
/**
 * The demo bank of the sandbox provider; nobody's account is really there. Clients of the call
 * table find its logo by this name.
 */
const SANDBOX = { code: 'SNDB', name: SANDBOX_INSTITUTION };

export function institutionOfIban(iban: string): string {
  const country = iban.slice(0, 2);
  if (country !== 'NL') return country;
  const code = iban.slice(4, 8);
  if (code === SANDBOX.code) return SANDBOX.name;
  return BY_CODE.get(code)?.name ?? 'Bank';
}

/** The banks whose own export layouts (statement flavours) say where the account is. */
const FLAVOUR_BICS: Record<string, string> = {
  ing: 'INGBNL2A',
  rabobank: 'RABONL2U',
  abnamro: 'ABNANL2A',
  bunq: 'BUNQNL2A',
  triodos: 'TRIONL2U',
  knab: 'KNABNL2H',
};

/**
 * A bank by BIC: a known bank by its own BIC, so 'RABONL2UXXX' and 'RABONL2U' are one bank;
 * another by the BIC's first eight characters, which is also its name.
 */
export function bankOfBic(bic: string): { bic: string; name: string } {
  const upper = bic.trim().toUpperCase().slice(0, 8);
  return BY_CODE.get(upper.slice(0, 4)) ?? { bic: upper, name: upper };
}

/**
 * The shape of an IBAN, checksum or not: an IBAN with a typo is still the account it names,
 * while no account number from before the IBAN starts with a country and two digits.
 */
const looksLikeIban = (number: string) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(number);

/** How the import takes an account of a file: by IBAN, by a bank's own number, or not at all. */
export type AccountNumber =
  | { kind: 'iban'; number: string }
  | { kind: 'national'; number: string; bank: { bic: string; name: string } | null }
  | null;

/**
 * What the file's account number is. Fewer than three digits is no account number at all (some
 * exports put a sequence like '12' or 'B4' in MT940's `:25:`): the user then chooses the account,
 * as for a file that names none. The bank of a number without an IBAN comes from the account's
 * BIC in the file, else the bank whose export the file is, else a Postbank number's ING.
 */
export function readAccountNumber(
  number: string | null,
  bankBic: string | null | undefined,
  flavour: string | null,
): AccountNumber {
  if (number === null) return null;
  if (looksLikeIban(number)) return { kind: 'iban', number };
  if ((number.match(/\d/g)?.length ?? 0) < 3) return null;
  const bic =
    bankBic ?? (flavour ? FLAVOUR_BICS[flavour] : undefined) ?? postbankBic(number) ?? null;
  return { kind: 'national', number, bank: bic ? bankOfBic(bic) : null };
}

/** Postbank's giro numbers ('P1234567') went to ING with the bank itself. */
const postbankBic = (number: string) => (/^P\d+$/.test(number) ? 'INGBNL2A' : undefined);

/**
 * The provider account id of a file account: the IBAN, or the bank's BIC and the number, each
 * after the owner, so the same number at two banks is two accounts.
 */
export const fileAccountKey = (ownerId: number, number: string, bic: string | null) =>
  bic ? `${ownerId}:${bankKey(number, bic)}` : `${ownerId}:${number}`;

/** A number at a bank, as the end of its provider account id: the same for every owner. */
export const bankKey = (number: string, bic: string) => `${bic}:${number}`;
