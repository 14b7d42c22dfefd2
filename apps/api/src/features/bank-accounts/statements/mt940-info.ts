/**
 * The `:86:` information of a booking. Dutch banks write it three ways: as `/KEY/value` fields
 * (ING, Rabobank, ABN AMRO SEPA, Triodos; the NVB "gestructureerd" layout), as Triodos' older
 * `>20` subfields, or as free text (older ABN AMRO and ING, bunq, Knab, de Volksbank; see
 * mt940-text.ts). Free text is kept whole; a name or account is only taken from it when a known
 * shape makes it unmistakable.
 */
import { fromSubfields, fromText, joinKeyedLines, type Info } from './mt940-text';
import { foldText, normaliseIban } from './statement';

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
 * `lines`: the text after the `:86:` tag, then each continuation line as it stands. Triodos'
 * older `>20` subfields come first: their values may hold slashes that look like NVB keys.
 */
export function parseInfo(lines: string[]): Info {
  const sub = fromSubfields(lines);
  if (sub) return sub;
  const structured = fields(joinKeyedLines(lines));
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
