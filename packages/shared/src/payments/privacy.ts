/**
 * What the public may read of a payment's texts (docs/api-rules.md §6): account and card numbers
 * are masked wherever they stand, and a counterparty's name the owner shields is replaced. Pure
 * and zod-free, so the API applies it and the web knows the placeholder.
 */
import type { PaymentRoute } from './payments.constants';

/** What the public reads instead of a shielded name; the web shows its own catalog text. */
export const SHIELDED_NAME = 'afgeschermd';

/** What stands for the hidden part of a number: `••••6789`, or `••••` when too little is left. */
const MASK = '••••';

/**
 * The counterparty's side: the receiver of an expense, the sender of income (as the bank import
 * fills them: the other side is the account's own holder).
 */
export const counterpartySide = (route: PaymentRoute): 'creditor' | 'debtor' =>
  route === 'uitgaven' ? 'creditor' : 'debtor';

/** IBAN lengths of the ISO 13616 registry, by country code. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
}; // prettier-ignore

const isAlnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);
const isSeparator = (c: string | undefined) => c === ' ' || c === '\u00a0' || c === '-';

/** The ISO 7064 mod-97 check of an IBAN. */
function ibanChecks(compact: string): boolean {
  const moved = (compact.slice(4) + compact.slice(0, 4)).toUpperCase();
  let rest = 0;
  for (const c of moved) {
    const value = /\d/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

interface Found {
  end: number;
  masked: string;
}

const lastFour = (compact: string) => MASK + compact.slice(-4).toUpperCase();

/**
 * The IBAN starting at `start` (two letters of a country, two digits) of its country's length,
 * compact or broken by single spaces or hyphens after runs of at least four (`NL65 INGB 0123
 * 4567 89`): its end and its masked form. Running on into more letters or digits, it counts
 * only when it passes the mod-97 check; cut short where the import cut a text (an ellipsis), it
 * is masked whole.
 */
function ibanAt(text: string, start: number): Found | null {
  const length = IBAN_LENGTHS[text.slice(start, start + 2).toUpperCase()];
  if (length === undefined) return null;
  let at = start + 4;
  let compact = text.slice(start, at);
  let run = 4;
  while (compact.length < length) {
    if (isAlnum(text[at])) {
      compact += text[at];
      at++;
      run++;
    } else if (run >= 4 && isSeparator(text[at]) && isAlnum(text[at + 1])) {
      at++;
      run = 0;
    } else break;
  }
  // Every country's account part holds digits; words that happen to follow a country code do not.
  const digits = compact.slice(4).replace(/\D/g, '').length;
  if (compact.length < length) {
    return digits >= 2 && text[at] === '…' ? { end: at, masked: MASK } : null;
  }
  if (digits < 4) return null;
  if (!isAlnum(text[at]) || ibanChecks(compact)) return { end: at, masked: lastFour(compact) };
  return null;
}

/** The Luhn check of a card number. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** IBAN candidates: a country's two letters and two digits, not inside a longer word. */
const IBAN_START = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}/g;
/** Card numbers (PAN): 13–19 digits, compact or grouped; never starting with 0. */
const PAN = /(?<![A-Za-z0-9])[1-9](?:\d{12,18}|\d{3}(?:[ -]\d{3,6}){2,4})(?![A-Za-z0-9])/g;
/** A card number the bank masked already, like `5412 **** **** 1234` or `541234******1234`. */
const MASKED_PAN =
  /(?<![A-Za-z0-9*•#])[\d*•#Xx]{4,6}(?:(?:[ -][\d*•#Xx]{3,6}){2,4}|[\d*•#Xx]{7,15})(?![A-Za-z0-9*•#])/g;
/**
 * A Dutch account number written without its IBAN, which only its label tells from other
 * numbers: 5 to 10 digits after rek(ening)(nummer), tegen-, bank-, spaar- or betaalrekening, iban or
 * account, 1 to 7 after giro or postbank; dots and spaces between digits allowed.
 */
const LABELLED_ACCOUNT =
  /(\b(?:(?:tegen|bank|spaar|betaal)?rek(?:ening)?(?:\.?\s?(?:nummer|nr))?|iban|acc(?:oun)?t(?:\s?(?:nr|no|number))?)\.?\s*[:.#/]?\s*)(\d(?:[ .]?\d){4,9})(?!\d)|(\b(?:giro|postbank)(?:\.?\s?(?:nummer|nr))?\.?\s*[:.#/]?\s*)(\d(?:[ .]?\d){0,6})(?!\d)/giu;

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * The text with every IBAN, card number and labelled account number masked to its last four
 * (`••••6789`), or wholly (`••••`) when it is short or cut. Dates, amounts, postcodes, phone and
 * KvK numbers stay; see docs/api-rules.md §6 for exactly what counts.
 */
export function maskAccountNumbers(text: string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(IBAN_START)) {
    if (match.index < from) continue;
    const found = ibanAt(text, match.index);
    if (!found) continue;
    out += text.slice(from, match.index) + found.masked;
    from = found.end;
  }
  out += text.slice(from);
  return out
    .replace(MASKED_PAN, (pan) => {
      const marks = pan.replace(/[\d -]/g, '').length;
      if (marks < 4 || digitsOf(pan).length < 4) return pan;
      const positions = pan.replace(/[ -]/g, '');
      if (positions.length < 13 || positions.length > 19) return pan;
      return /\d{4}$/.test(positions) ? lastFour(positions) : MASK;
    })
    .replace(PAN, (pan) => {
      const digits = digitsOf(pan);
      return digits.length <= 19 && digits.length >= 13 && luhn(digits) ? lastFour(digits) : pan;
    })
    .replace(
      LABELLED_ACCOUNT,
      (_all, label?: string, account?: string, giroLabel?: string, giro?: string) => {
        const digits = digitsOf(account ?? giro ?? '');
        return (label ?? giroLabel ?? '') + (digits.length >= 8 ? lastFour(digits) : MASK);
      },
    );
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name after a label in a bank description (`NAAM: J. Jansen`, `/NAME/J. Jansen/`), up to the
 * next slash, line end or `Label:`.
 */
const LABELLED_NAME =
  /((?:\b(?:naam|name)\s*:|\bt\.n\.v\.|\/name\/)\s*)([^/\n]+?)(?=\s*(?:\/|\n|$|\b\p{L}+\s?:))/giu;

/**
 * The text with the shielded counterparty's name replaced by SHIELDED_NAME: where it stands
 * (ignoring case and spacing), and after a name label, which banks fill with the counterparty.
 */
export function shieldName(text: string, name: string | null): string {
  let out = text.replace(LABELLED_NAME, (_all, label: string) => label + SHIELDED_NAME);
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.join('').length >= 2) {
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${words.map(escaped).join('\\s+')}(?![\\p{L}\\p{N}])`,
      'giu',
    );
    out = out.replace(pattern, SHIELDED_NAME);
  }
  return out;
}
