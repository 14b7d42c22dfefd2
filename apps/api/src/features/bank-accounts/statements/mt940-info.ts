/**
 * The `:86:` information of a booking. Dutch banks write it two ways: as `/KEY/value` fields
 * (ING, Rabobank, ABN AMRO SEPA, Triodos; the NVB "gestructureerd" layout) or as free text (older
 * ABN AMRO, bunq). The free text is kept whole; a name or account is only taken from it when a
 * known shape makes it unmistakable.
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

/** The NVB keys (and a few banks' extras). Anything else between slashes is part of a value. */
const KEYS = new Set([
  'TRTP', 'IBAN', 'BIC', 'NAME', 'REMI', 'EREF', 'CNTP', 'MARF', 'CSID', 'PREF', 'RTRN', 'ORDP',
  'BENM', 'ULTC', 'ULTD', 'ULTB', 'PURP', 'ISDT', 'ADDR', 'ID', 'FEES', 'EXCH', 'CHGS', 'SVCL',
  'BUSP', 'ACCW', 'IREF', 'RTYP', 'TRCD', 'CDTRREF', 'CDTRREFTP',
]); // prettier-ignore

/**
 * Keys that only occur inside ORDP/BENM/ULTD groups. Only REMI may contain slashes, and a
 * description that happens to read "/ID/" must not be cut there. NAME, IBAN and BIC do end it:
 * ABN AMRO's direct debits put the creditor's IBAN and BIC after REMI.
 */
const SUB_KEYS = new Set(['ID', 'ADDR']);

/**
 * SWIFT lines hold 65 characters, the first one's counting its ":86:": a full line was wrapped
 * by width (maybe mid-word), a shorter one broken by the bank between words.
 */
const isFull = (lines: string[], i: number) => (lines[i]?.length ?? 0) >= (i === 0 ? 61 : 65);

/** `lines`: the text after the `:86:` tag, then each continuation line as it stands. */
export function parseInfo(lines: string[]): Info {
  const structured = fields(lines.join(''));
  return structured ? fromFields(structured) : fromText(lines);
}

interface Hit {
  key: string;
  start: number;
  end: number;
}

/** Key → raw value (first occurrence), or null when the text is not in the `/KEY/` layout. */
function fields(text: string): Map<string, string> | null {
  const body = text.trim();
  const re = /\/([A-Z]{2,9})\//g;
  const hits: Hit[] = [];
  let inRemi = false;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const key = m[1]!;
    if (!KEYS.has(key) || (inRemi && SUB_KEYS.has(key))) {
      // The closing slash may open the next key ("/USTD//EREF/" has none, "/X/EREF/" has one).
      re.lastIndex = m.index + 1;
      continue;
    }
    hits.push({ key, start: m.index, end: m.index + m[0].length });
    inRemi = key === 'REMI';
    // Back onto the closing slash, so that an empty value ("/IBAN//BIC/") still finds BIC.
    re.lastIndex = m.index + key.length + 1;
  }
  if (hits[0]?.start !== 0) return null;
  const values = new Map<string, string>();
  hits.forEach((hit, i) => {
    if (!values.has(hit.key)) values.set(hit.key, body.slice(hit.end, hits[i + 1]?.start));
  });
  return values;
}

const firstPart = (raw: string | undefined) => foldText(raw?.split('/')[0]);

function fromFields(values: Map<string, string>): Info {
  // CNTP is account/BIC/name/city in one field (ING, Rabobank).
  const cntp = values.get('CNTP')?.split('/') ?? [];
  const eref = firstPart(values.get('EREF'));
  return {
    counterpartyName: firstPart(values.get('NAME')) ?? foldText(cntp[2]),
    counterpartyIban: normaliseIban(firstPart(values.get('IBAN')) ?? cntp[0]),
    description: remittance(values.get('REMI')),
    endToEnd: eref === null || eref.toUpperCase() === 'NOTPROVIDED' ? null : eref,
    abnAmroText: false,
  };
}

/** "USTD//free text/" (ING, Rabobank), "STRD/CUR/RF18…/" (a creditor reference) or plain text. */
function remittance(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const text = raw
    .replace(/^USTD\/\/?/, '')
    .replace(/^STRD\/(?:[A-Z]{3,4}\/)?/, '')
    .replace(/\/+$/, '');
  return foldText(text);
}

const IBAN_ANYWHERE = /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/g;
/** ABN AMRO: "GIRO  123456 J. JANSEN" (a pre-IBAN giro account and its holder). */
const GIRO = /^GIRO\s+(\d{1,10})\s+(.+?)(?:\s{2,}|$)/;
/** ABN AMRO card payment / cash: "BEA NR:XX1234 05.01.24/10.22 SHOP NAME CITY,PAS123". */
const CARD =
  /^(?:BEA|GEA)\s+NR:\s*\S+\s+\d{2}\.\d{2}\.\d{2}\/\d{2}[.:]\d{2}\s+(.+?)(?:,\s*PAS\s*\d+.*)?$/;
/** ABN AMRO's SEPA text: "… Naam: Stichting X Omschrijving: …". */
const LABELLED_NAME = /\bNaam:\s*(.+?)(?=\s+[A-Z][A-Za-z]+:|$)/;

function fromText(lines: string[]): Info {
  // Keep words apart where the bank broke the line itself, join where it wrapped by width.
  let joined = '';
  lines.forEach((l, i) => {
    joined += i === 0 || isFull(lines, i - 1) ? l : ` ${l}`;
  });
  const description = foldText(joined);
  const info: Info = {
    counterpartyName: null,
    counterpartyIban: null,
    description,
    endToEnd: null,
    abnAmroText: false,
  };
  if (description === null) return info;

  const first = lines[0]?.trim() ?? '';
  const giro = GIRO.exec(first);
  const card = CARD.exec(description);
  if (giro) {
    info.counterpartyIban = giro[1]!;
    info.counterpartyName = foldText(giro[2]);
  } else if (card) {
    info.counterpartyName = foldText(card[1]);
  }
  info.abnAmroText = Boolean(giro ?? card);

  info.counterpartyIban ??=
    [...description.matchAll(IBAN_ANYWHERE)].map((m) => m[0]).find(isValidIban) ?? null;
  // bunq: the first line is the other party's IBAN and name, the description follows.
  const lead = /^([A-Z]{2}\d{2}[A-Z0-9]{11,30})\s+(.+)$/.exec(first);
  if (!info.counterpartyName && lead && lines.length > 1 && isValidIban(lead[1]!)) {
    info.counterpartyName = foldText(lead[2]);
  }
  info.counterpartyName ??= foldText(LABELLED_NAME.exec(description)?.[1]);
  return info;
}
