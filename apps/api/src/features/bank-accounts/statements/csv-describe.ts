/**
 * The description fields of the banks' CSV layouts, where a bank packs the counterparty's name
 * and IBAN and the remittance text into one field.
 */
import { cardShop } from './mt940-text';
import { foldText } from './statement';

/** Name, IBAN and remittance text a bank packs into one description field. */
export interface DescriptionParts {
  description: string | null;
  name?: string | null;
  iban?: string | null;
}

/** Splits "Label: value Label: value" text on the given labels (case-insensitive). */
function labelled(labels: string[]): (text: string) => Map<string, string> {
  const escaped = labels.map((l) => l.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  // Built once per bank: a statement has thousands of rows to split.
  const re = new RegExp(`(?:^|\\s)(${escaped.join('|')}):`, 'gi');
  const canonical = new Map(labels.map((l) => [l.toLowerCase(), l]));
  return (text) => {
    const hits = [...text.matchAll(re)];
    const found = new Map<string, string>();
    hits.forEach((hit, i) => {
      const start = (hit.index ?? 0) + hit[0].length;
      const end = hits[i + 1]?.index ?? text.length;
      const label = canonical.get(hit[1]?.toLowerCase() ?? '') ?? '';
      if (!found.has(label)) found.set(label, text.slice(start, end).trim());
    });
    return found;
  };
}

const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

/** ING "Mededelingen": "Naam: … Omschrijving: … IBAN: … Kenmerk: … Valutadatum: …". */
const ingLabels = labelled(
  (
    'Naam|Omschrijving|IBAN|Kenmerk|Machtiging ID|Incassant ID|Valutadatum|' +
    'Name|Description|Reference|Mandate ID|Creditor ID|Value date'
  ).split('|'),
);
export function describeIng(text: string): DescriptionParts {
  const parts = ingLabels(text);
  const remittance = nonEmpty(parts.get('Omschrijving') ?? parts.get('Description'));
  // Card payments and fees carry no labels; their whole text is the description.
  return { description: remittance ?? text };
}

/** SEPA fields ABN AMRO writes as "/TRTP/…/IBAN/…/BIC/…/NAME/…/REMI/…/EREF/…". */
const ABN_SLASH_KEYS =
  /\/(TRTP|CSID|IBAN|BIC|NAME|MARF|REMI|EREF|ORDP|BENM|ID|ADDR|ISDT|RTRN|CNTP|PREF|SWOC)\//g;
/** Older ABN AMRO exports pad labelled fields: "SEPA Overboeking  IBAN: … Naam: … Omschrijving: …". */
const abnLabels = labelled(
  'IBAN|BIC|Naam|Omschrijving|Kenmerk|Machtiging|Incassant|Betalingskenm.|Voor'.split('|'),
);
export function describeAbnAmro(text: string): DescriptionParts {
  if (/^\s*\/[A-Z]{2,4}\//.test(text)) {
    const keys = [...text.matchAll(ABN_SLASH_KEYS)];
    const fields = new Map<string, string>();
    keys.forEach((key, i) => {
      const start = (key.index ?? 0) + key[0].length;
      const end = keys[i + 1]?.index ?? text.length;
      fields.set(key[1] ?? '', text.slice(start, end).replace(/\/$/, ''));
    });
    return {
      description: nonEmpty(fields.get('REMI')) ?? text,
      name: nonEmpty(fields.get('NAME')),
      iban: nonEmpty(fields.get('IBAN')),
    };
  }
  const parts = abnLabels(text);
  if (parts.has('IBAN') || parts.has('Naam')) {
    return {
      description: nonEmpty(parts.get('Omschrijving')) ?? text,
      name: nonEmpty(parts.get('Naam')),
      iban: nonEmpty(parts.get('IBAN')),
    };
  }
  // Card payments (BEA/GEA) name the shop after the card; interest and fees name no one.
  return { description: text, name: cardShop(foldText(text) ?? '') };
}
