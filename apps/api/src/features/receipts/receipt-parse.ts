/**
 * What a receipt's text proposes: its date, total, shop and VAT, each with how sure the reader is.
 * Pure: the text comes from OCR or a PDF's text layer, with a confidence (0..1) per line where
 * the OCR gave one.
 */

export interface ReceiptLine {
  text: string;
  /** How well the OCR read this line, 0..1; 1 for a PDF's text. */
  confidence?: number;
}

export interface Proposed<T> {
  value: T;
  /** 0..1: the rule's certainty times the OCR's confidence in the line it came from. */
  confidence: number;
  /** Below UNSURE_BELOW: the person is asked to check it. */
  unsure: boolean;
}

export interface ReceiptFields {
  /** yyyy-mm-dd */
  date: Proposed<string> | null;
  /** The total in euro cents; null when none is found or the receipt is in another currency. */
  amountCents: Proposed<number> | null;
  shop: Proposed<string> | null;
  /** The VAT in euro cents, summed over its rates. */
  vatCents: Proposed<number> | null;
  vatRates: number[];
  /** ISO code of the receipt's currency: 'EUR', or another, for which no amount is proposed. */
  currency: string;
}

const UNSURE_BELOW = 0.75;

const propose = <T>(value: T, rule: number, line?: ReceiptLine): Proposed<T> => {
  // The OCR's own confidence is low even on lines it read right: it tempers the rule, no more.
  const ocr = 0.5 + 0.5 * (line?.confidence ?? 1);
  const confidence = Math.round(rule * ocr * 100) / 100;
  return { value, confidence, unsure: confidence < UNSURE_BELOW };
};

// --- amounts -----------------------------------------------------------------------------------

/**
 * Money as receipts print it: '12,50', '12.50', '1.234,50', '1 234,50', '1,234.50', with an
 * optional sign; always two decimals, so that quantities and times are not taken for money.
 */
const AMOUNT =
  /(?<![\d.,])-?(\d{1,3}(?:[.\s]\d{3})+|\d{1,3}(?:,\d{3})+(?=\.\d{2})|\d+)\s?[,.]\s?(\d{2})(?![\d%])/g;

/** The amounts on a line, in cents, left to right. */
export function amountsIn(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const whole = Number(match[1]!.replace(/[.,\s]/g, ''));
    const cents = whole * 100 + Number(match[2]);
    found.push(match[0].trimStart().startsWith('-') ? -cents : cents);
  }
  return found;
}

const FOREIGN: Array<[string, RegExp]> = [
  ['USD', /US\s?\$|\$|\bUSD\b/],
  ['GBP', /£|\bGBP\b/],
  ['CHF', /\bCHF\b/],
];
const EURO = /€|\bEUR\b|\beuro\b/i;

function currencyOf(lines: ReceiptLine[], totalLine: ReceiptLine | undefined) {
  const foreignIn = (text: string) => FOREIGN.find(([, pattern]) => pattern.test(text))?.[0];
  const onTotal = totalLine && foreignIn(totalLine.text);
  if (onTotal) return onTotal;
  if (lines.some((line) => EURO.test(line.text))) return 'EUR';
  for (const line of lines) {
    const code = foreignIn(line.text);
    if (code) return code;
  }
  return 'EUR';
}

// --- total -------------------------------------------------------------------------------------

const VAT_WORD = /\b(btw|b\.t\.w\.?|vat|tva|mwst)\b/i;
/** Labels of the total, most telling first. */
const TOTAL_LABELS: Array<[RegExp, number]> = [
  [/\bte\s*betalen\b|\btotaal\s*bedrag\b|\bamount\s*due\b/i, 0.95],
  [/(?<!sub\s?)\btota[a]?l\b|\bgrand\s*total\b/i, 0.9],
  [/\b(pinnen|pin|betaald|contant|maestro|v\s?pay|visa|mastercard|bankpas)\b/i, 0.8],
];

function findTotal(lines: ReceiptLine[]) {
  for (const [label, rule] of TOTAL_LABELS) {
    for (const [i, line] of lines.entries()) {
      if (!label.test(line.text) || VAT_WORD.test(line.text)) continue;
      // The amount is on the label's line, or on the next when the till wraps it.
      const own = amountsIn(line.text).filter((c) => c > 0);
      const next = lines[i + 1];
      const wrapped = own.length === 0 && next ? amountsIn(next.text).filter((c) => c > 0) : [];
      const amounts = own.length > 0 ? own : wrapped;
      if (amounts.length > 0) {
        return { cents: amounts.at(-1)!, rule, line: own.length > 0 ? line : next! };
      }
    }
  }
  // No label read: the largest amount is a guess the person must check.
  let best: { cents: number; line: ReceiptLine } | undefined;
  for (const line of lines) {
    if (VAT_WORD.test(line.text)) continue;
    for (const cents of amountsIn(line.text)) {
      if (cents > 0 && (!best || cents > best.cents)) best = { cents, line };
    }
  }
  return best && { ...best, rule: 0.5 };
}

/** The total is surer when the payment line repeats it. */
function confirmed(lines: ReceiptLine[], total: { cents: number; line: ReceiptLine }) {
  return lines.some(
    (line) =>
      line !== total.line &&
      !VAT_WORD.test(line.text) &&
      amountsIn(line.text).includes(total.cents),
  );
}

// --- date --------------------------------------------------------------------------------------

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mrt: 3,
  maa: 3,
  mar: 3,
  apr: 4,
  mei: 5,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  okt: 10,
  oct: 10,
  nov: 11,
  dec: 12,
};

const DATE_PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => [number, number, number]]> = [
  [/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?![\d])/g, (m) => [year(m[3]!), +m[2]!, +m[1]!]],
  [
    /\b(\d{1,2})\s*(jan|feb|mrt|maa|mar|apr|mei|may|jun|jul|aug|sep|okt|oct|nov|dec)[a-z]*\.?\s*(\d{4}|\d{2})\b/gi,
    (m) => [year(m[3]!), MONTHS[m[2]!.toLowerCase()]!, +m[1]!],
  ],
];

function year(text: string) {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function validDate(y: number, m: number, d: number) {
  if (y < 2000 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

function findDate(lines: ReceiptLine[]) {
  const found: Array<{ iso: string; line: ReceiptLine; labelled: boolean }> = [];
  for (const line of lines) {
    for (const [pattern, parts] of DATE_PATTERNS) {
      for (const match of line.text.matchAll(pattern)) {
        const iso = validDate(...parts(match));
        if (iso) found.push({ iso, line, labelled: /\b(datum|date|dd)\b/i.test(line.text) });
      }
    }
  }
  if (found.length === 0) return null;
  const chosen = found.find((f) => f.labelled) ?? found[0]!;
  const distinct = new Set(found.map((f) => f.iso)).size;
  const rule = distinct > 1 && !chosen.labelled ? 0.6 : 0.95;
  return propose(chosen.iso, rule, chosen.line);
}

// --- shop --------------------------------------------------------------------------------------

/** Lines that are never the shop's name: addresses, numbers, greetings, the receipt's title. */
const NOT_A_NAME = [
  /\b\d{4}\s?[A-Z]{2}\b/, // postcode
  /^(.*\b(straat|weg|laan|plein|markt|kade|gracht|dijk|singel|steeg)\b.*\d)/i,
  /\b(tel|telefoon|www|http|kvk|btw|iban|bon|kassa|kassabon|factuur|welkom|bedankt)\b/i,
  /\d{2}[-/.:]\d{2}/,
];

function findShop(lines: ReceiptLine[]) {
  for (const [i, line] of lines.slice(0, 6).entries()) {
    const text = line.text
      .replace(/[^\p{L}\p{N}&'.\- ]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const letters = text.replace(/[^\p{L}]/gu, '').length;
    if (letters < 3 || letters < text.length / 2) continue;
    if (NOT_A_NAME.some((pattern) => pattern.test(text)) || amountsIn(text).length > 0) continue;
    // OCR noise trails a name as short lowercase scraps ('Albert Heijn ee').
    const words = text.split(' ');
    while (words.length > 1 && /^[a-z]{1,2}$|^[^\p{L}]+$/u.test(words.at(-1)!)) words.pop();
    return propose(words.join(' '), i === 0 ? 0.85 : 0.7, line);
  }
  return null;
}

// --- VAT ---------------------------------------------------------------------------------------

function findVat(lines: ReceiptLine[], totalCents: number | null) {
  const rates: number[] = [];
  let cents = 0;
  let weakest: ReceiptLine | undefined;
  let expected = 0;
  for (const line of lines) {
    if (!VAT_WORD.test(line.text)) continue;
    const rate = /(\d{1,2})(?:[.,]0)?\s?%/.exec(line.text);
    // The percentage is not money: read the amounts after it.
    const after = rate ? line.text.slice(rate.index + rate[0].length) : line.text;
    const amounts = amountsIn(after).filter((c) => c > 0);
    if (amounts.length === 0) continue;
    const amount = amounts.at(-1)!;
    if (rate && !rates.includes(Number(rate[1]))) rates.push(Number(rate[1]));
    cents += amount;
    if (rate && totalCents !== null) {
      const r = Number(rate[1]);
      // With a base printed before it the VAT follows from the base; else from the total.
      const base = amounts.length > 1 ? amounts.at(-2)! : totalCents;
      expected += Math.round(amounts.length > 1 ? (base * r) / 100 : (base * r) / (100 + r));
    }
    if (!weakest || (line.confidence ?? 1) < (weakest.confidence ?? 1)) weakest = line;
  }
  if (!weakest) return null;
  const fits = expected > 0 && Math.abs(expected - cents) <= 2 * Math.max(1, rates.length);
  // Several rates on one receipt: each covers part of the total, so the check above says less.
  const rule = fits && rates.length === 1 ? 0.95 : rates.length > 0 ? 0.7 : 0.5;
  return { vat: propose(cents, rule, weakest), rates: rates.sort((a, b) => a - b) };
}

// --- all ---------------------------------------------------------------------------------------

export function parseReceipt(input: string | ReceiptLine[]): ReceiptFields {
  const lines = (typeof input === 'string' ? input.split(/\r?\n/).map((text) => ({ text })) : input)
    .map((line) => ({ ...line, text: line.text.trim() }))
    .filter((line) => line.text.length > 0);
  const total = findTotal(lines);
  const currency = currencyOf(lines, total?.line);
  const amountCents =
    total && currency === 'EUR'
      ? propose(
          total.cents,
          confirmed(lines, total) ? Math.max(total.rule, 0.95) : total.rule,
          total.line,
        )
      : null;
  const vat = currency === 'EUR' ? findVat(lines, amountCents?.value ?? null) : null;
  return {
    date: findDate(lines),
    amountCents,
    shop: findShop(lines),
    vatCents: vat?.vat ?? null,
    vatRates: vat?.rates ?? [],
    currency,
  };
}
