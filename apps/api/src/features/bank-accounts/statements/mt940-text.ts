/**
 * The `:86:` information that is not in the NVB `/KEY/value` layout: free text (older ABN AMRO
 * and ING, bunq, Knab, de Volksbank) and Triodos' older `>20` subfields.
 *
 * Where the text was cut, words are put back together by one rule: a piece that fills its fixed
 * width (a 65-character SWIFT line, a 27-character subfield) was cut by width, maybe inside a
 * word, and is joined to the next piece as it stands (a space at the cut is the bank's own and
 * stays); a shorter piece ended where the bank chose, between words, and gets a space.
 */
import { isValidIban } from './mt940-fields';
import { foldText, normaliseIban } from './statement';

export interface Info {
  counterpartyName: string | null;
  counterpartyIban: string | null;
  description: string | null;
  /** The end-to-end id (EREF), a reference of last resort. */
  endToEnd: string | null;
  /** Free text in ABN AMRO's own shapes (GIRO, BEA, GEA) names the bank. */
  abnAmroText: boolean;
}

/** SWIFT lines hold 65 characters, the first one's counting its ":86:". */
const LINE_WIDTH = 65;
const FIRST_LINE_WIDTH = LINE_WIDTH - ':86:'.length;
/** A `>2x` description or `>32`/`>33` name subfield holds 27 characters. */
const SUBFIELD_WIDTH = 27;

/**
 * Pieces joined by the rule above, `width(i)` being what piece i holds when full; `boundary`
 * tells a break between two pieces that is no place for a space either.
 */
function joinPieces(
  pieces: string[],
  width: (i: number) => number,
  boundary: (before: string, piece: string) => boolean = () => false,
): string {
  let text = '';
  pieces.forEach((piece, i) => {
    const before = pieces[i - 1] ?? '';
    const joined = i === 0 || before.length >= width(i - 1) || boundary(before, piece);
    text += joined ? piece : ` ${piece}`;
  });
  return text;
}

const lineWidth = (i: number) => (i === 0 ? FIRST_LINE_WIDTH : LINE_WIDTH);

/**
 * The lines of a `/KEY/value` text by the same rule, except that a break next to a slash is a
 * field boundary: a space there would end up inside a key or value.
 */
export const joinKeyedLines = (lines: string[]) =>
  joinPieces(lines, lineWidth, (before, line) => before.endsWith('/') || line.startsWith('/'));

const emptyInfo = (description: string | null): Info => ({
  counterpartyName: null,
  counterpartyIban: null,
  description,
  endToEnd: null,
  abnAmroText: false,
});

/** "000>10…>20…": a three-digit transaction code, then `>` and a two-digit subfield number. */
const SUBFIELDS = /^(?:\d{3})?>\d{2}/;
const SUBFIELD = />(\d{2})([^>]*)/g;

/**
 * Triodos' older layout: `>00` booking text, `>10` batch number, `>20`–`>29` and `>60`–`>63`
 * the description, `>30` the other bank, `>31` the other account, `>32`–`>33` the other name.
 * Null when the text is not in this layout.
 */
export function fromSubfields(lines: string[]): Info | null {
  // A line that starts with a subfield needs no space: the subfield number separates already.
  const text = joinPieces(lines, lineWidth, (_, line) => line.startsWith('>')).trim();
  if (!SUBFIELDS.test(text)) return null;
  const byNumber = new Map<number, string[]>();
  for (const [, number, value] of text.matchAll(SUBFIELD)) {
    const n = Number(number);
    const values = byNumber.get(n) ?? [];
    values.push(value ?? '');
    byNumber.set(n, values);
  }
  const pieces = (numbers: number[]) => numbers.flatMap((n) => byNumber.get(n) ?? []);
  const joined = (numbers: number[]) => foldText(joinPieces(pieces(numbers), () => SUBFIELD_WIDTH));
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return {
    ...emptyInfo(joined([...range(20, 29), ...range(60, 63)]) ?? joined([0])),
    counterpartyName: joined([32, 33]),
    counterpartyIban: normaliseIban(pieces([31])[0]),
  };
}

const IBAN_ANYWHERE = /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/g;
/** ABN AMRO: "GIRO  123456 J. JANSEN" (a pre-IBAN giro account and its holder). */
const GIRO = /^GIRO\s+(\d{1,10})\s+(.+?)(?:\s{2,}|$)/;
/** ABN AMRO card payment / cash: "BEA NR:XX1234 05.01.24/10.22 SHOP NAME CITY,PAS123". */
const CARD =
  /^(?:BEA|GEA)\s+NR:\s*\S+\s+\d{2}\.\d{2}\.\d{2}\/\d{2}[.:]\d{2}\s+(.+?)(?:,\s*PAS\s*\d+.*)?$/;
/**
 * ABN AMRO's newer card text: "BEA, Betaalpas   SHOP NAME 12,PAS123 NR:…, 10.04.24/14:32 CITY"
 * (also "BEA, Google Pay" and other wallets, "GEA" for cash): the shop comes after the card.
 */
const CARD_NEW = /^(?:BEA|GEA),\s+(?:Betaalpas|[A-Z][A-Za-z]*\s+Pay)\s+(.+?),\s*PAS\s*\d+/;
/** The shop (or cash machine) of an ABN AMRO card payment's text, folded; null for other text. */
export function cardShop(description: string): string | null {
  const card = CARD_NEW.exec(description) ?? CARD.exec(description);
  return card ? foldText(card[1]) : null;
}

/** ABN AMRO's SEPA text: "… Naam: Stichting X Omschrijving: …". */
const LABELLED_NAME = /\bNaam:\s*(.+?)(?=\s+[A-Z][A-Za-z]+:|$)/;
/** Knab: "REK: NL…/NAAM: J. Jansen" on a line of its own, before or after the description. */
const KNAB = /\bREK:\s*([A-Z]{2}\d{2}[A-Z0-9]{11,30}|\d{1,10})\s*(?:\/\s*NAAM:\s*(.*?))?\s*$/;

export function fromText(lines: string[]): Info {
  const knabAt = lines.findIndex((l) => KNAB.test(l));
  if (knabAt >= 0) {
    const [, account, name] = KNAB.exec(lines[knabAt]!)!;
    // What stands before "REK:" on its line is description; the account and name are not.
    const rest = lines
      .map((l, i) => (i === knabAt ? l.replace(KNAB, '') : l))
      .filter((l) => l.trim() !== '');
    return {
      ...emptyInfo(foldText(joinPieces(rest, lineWidth))),
      counterpartyName: foldText(name),
      counterpartyIban: normaliseIban(account),
    };
  }
  const info = emptyInfo(foldText(joinPieces(lines, lineWidth)));
  const description = info.description;
  if (description === null) return info;

  const first = lines[0]?.trim() ?? '';
  const giro = GIRO.exec(first);
  const card = cardShop(description);
  if (giro) {
    info.counterpartyIban = giro[1]!;
    info.counterpartyName = foldText(giro[2]);
  } else if (card) {
    info.counterpartyName = card;
  }
  info.abnAmroText = Boolean(giro ?? card);

  info.counterpartyIban ??=
    [...description.matchAll(IBAN_ANYWHERE)].map((m) => m[0]).find(isValidIban) ?? null;
  // bunq, de Volksbank: the first line is the other party's IBAN and name, the description follows.
  const lead = /^([A-Z]{2}\d{2}[A-Z0-9]{11,30})\s+(.+)$/.exec(first);
  if (!info.counterpartyName && lead && lines.length > 1 && isValidIban(lead[1]!)) {
    info.counterpartyName = foldText(lead[2]);
  }
  info.counterpartyName ??= foldText(LABELLED_NAME.exec(description)?.[1]);
  return info;
}
