/**
 * The column mapping of a CSV statement whose layout the server does not know: a sample of the
 * file read in the browser (its first lines, UTF-8 or else Windows-1252), the delimiter and
 * columns guessed from it, and the mapping sent back with the upload as the `mapping` field
 * (JSON; columns are 0-based indexes).
 */
import type { CsvMapping } from '@helder/shared/bank-accounts';
import {
  CSV_DELIMITERS,
  CSV_SNIFF_BYTES,
  type CsvDateFormat,
  type CsvDecimal,
  type CsvDelimiter,
} from '@helder/shared/bank-accounts/client';

/** The first lines of a file as text, and the delimiter they seem to use. */
export interface CsvSample {
  lines: string[];
  delimiter: CsvDelimiter;
}

const SAMPLE_LINES = 10;

function decode(bytes: Uint8Array): string {
  try {
    // `stream`: a character cut off at the end of the slice is not an error.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The file's first non-blank lines (a line cut off by the sample's end is left out). */
export async function readCsvSample(file: File, maxLines = SAMPLE_LINES): Promise<CsvSample> {
  const bytes = new Uint8Array(await readBytes(file.slice(0, CSV_SNIFF_BYTES)));
  const lines = decode(bytes).split(/\r\n|\n|\r/);
  if (file.size > CSV_SNIFF_BYTES) lines.pop();
  const sample = lines.filter((line) => line.trim() !== '').slice(0, maxLines);
  return { lines: sample, delimiter: guessDelimiter(sample) };
}

/** One line's fields: quoted fields may hold the delimiter and doubled quotes. */
export function splitLine(line: string, delimiter: CsvDelimiter): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === delimiter) {
      fields.push(field.trim());
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field.trim());
  return fields;
}

/**
 * The delimiter that splits every line into the same number (> 1) of fields, the most fields
 * winning; else the one that gives the first line the most fields.
 */
export function guessDelimiter(lines: readonly string[]): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; fields: number; steady: boolean } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = lines.map((line) => splitLine(line, delimiter).length);
    const fields = counts[0] ?? 1;
    const steady = fields > 1 && counts.every((count) => count === fields);
    const better =
      best === null || (steady && !best.steady) || (steady === best.steady && fields > best.fields);
    if (better) best = { delimiter, fields, steady };
  }
  return best?.delimiter ?? ',';
}

/** The sample as rows of fields. */
export function sampleRows(lines: readonly string[], delimiter: CsvDelimiter): string[][] {
  return lines.map((line) => splitLine(line, delimiter));
}

/** The form's choices: column indexes as strings, '' = none. */
export interface MappingDraft {
  delimiter: CsvDelimiter;
  hasHeader: boolean;
  date: string;
  dateFormat: CsvDateFormat;
  amount: string;
  decimal: CsvDecimal;
  debitCredit: string;
  debitValues: string;
  counterpartyName: string;
  counterpartyIban: string;
  description: number[];
  account: string;
  currency: string;
}

const HEADER_GUESSES: [keyof MappingDraft, RegExp][] = [
  ['date', /^(boek|transactie|rente)?datum$|date/i],
  ['amount', /bedrag|amount/i],
  ['debitCredit', /af.?bij|debet.?credit|credit.?debet|debit.?credit|^d\/?c$/i],
  ['counterpartyIban', /tegenrekening|counterparty.*(iban|account)|iban.*tegen/i],
  ['counterpartyName', /naam|name|begunstigde|tegenpartij/i],
  ['description', /omschrijving|description|mededeling/i],
  ['account', /rekening|iban|account/i],
  ['currency', /valuta|munt|currency/i],
];

/** The letters a language writes a date notation with ('jjjj' for the year in Dutch). */
export interface DateLetters {
  day: string;
  month: string;
  year: string;
}

/** A date notation as the reader writes it: 'dd-mm-yyyy' is 'dd-mm-jjjj' to a Dutch reader. */
export function dateFormatLabel(format: CsvDateFormat, letters: DateLetters): string {
  const of = { d: letters.day, m: letters.month, y: letters.year } as const;
  return format.replace(/[dmy]/g, (letter) => of[letter as keyof typeof of]);
}

function guessDateFormat(value: string | undefined): CsvDateFormat {
  if (!value) return 'yyyy-mm-dd';
  if (/^\d{8}$/.test(value)) return 'yyyymmdd';
  if (/^\d{1,2}-\d{1,2}-\d{4}/.test(value)) return 'dd-mm-yyyy';
  if (/^\d{1,2}\/\d{1,2}\/\d{4}/.test(value)) {
    const [, second] = value.split('/');
    return Number(second) > 12 ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
  }
  return 'yyyy-mm-dd';
}

const DEBIT_WORDS = ['Af', 'D', 'Debet', 'Debit', 'DBIT'];

/** A first draft from the sample: a header row's names, and the date and amount it shows. */
export function guessDraft(sample: CsvSample): MappingDraft {
  const rows = sampleRows(sample.lines, sample.delimiter);
  const header = rows[0] ?? [];
  const hasHeader = header.length > 0 && header.every((name) => !/^[-+]?\d/.test(name));
  const draft: MappingDraft = {
    delimiter: sample.delimiter,
    hasHeader,
    date: '',
    dateFormat: 'yyyy-mm-dd',
    amount: '',
    decimal: ',',
    debitCredit: '',
    debitValues: '',
    counterpartyName: '',
    counterpartyIban: '',
    description: [],
    account: '',
    currency: '',
  };
  if (hasHeader) {
    const taken = new Set<number>();
    for (const [key, pattern] of HEADER_GUESSES) {
      const index = header.findIndex((name, column) => !taken.has(column) && pattern.test(name));
      if (index < 0) continue;
      taken.add(index);
      if (key === 'description') draft.description = [index];
      else (draft as unknown as Record<string, string>)[key] = String(index);
    }
  }
  const first = rows[hasHeader ? 1 : 0] ?? [];
  if (draft.date) draft.dateFormat = guessDateFormat(first[Number(draft.date)]);
  if (draft.amount) {
    const amount = first[Number(draft.amount)] ?? '';
    draft.decimal = /\.\d{1,2}$/.test(amount) && !/,\d{1,2}$/.test(amount) ? '.' : ',';
  }
  if (draft.debitCredit) {
    const values = new Set(
      rows.slice(hasHeader ? 1 : 0).map((row) => row[Number(draft.debitCredit)]),
    );
    draft.debitValues = DEBIT_WORDS.find((word) => values.has(word)) ?? '';
  }
  return draft;
}

/** The mapping a complete draft stands for; null while date or amount is not chosen. */
export function toMapping(draft: MappingDraft): CsvMapping | null {
  if (draft.date === '' || draft.amount === '') return null;
  const column = (value: string) => (value === '' ? undefined : Number(value));
  const debitValues = draft.debitValues
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (draft.debitCredit !== '' && debitValues.length === 0) return null;
  const mapping: CsvMapping = {
    delimiter: draft.delimiter,
    hasHeader: draft.hasHeader,
    date: Number(draft.date),
    dateFormat: draft.dateFormat,
    amount: Number(draft.amount),
    decimal: draft.decimal,
  };
  if (draft.debitCredit !== '') {
    mapping.debitCredit = { column: Number(draft.debitCredit), debitValues };
  }
  const optional = {
    account: column(draft.account),
    counterpartyName: column(draft.counterpartyName),
    counterpartyIban: column(draft.counterpartyIban),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) mapping[key as keyof typeof optional] = value;
  }
  if (draft.description.length > 0) mapping.description = [...draft.description];
  const currency = column(draft.currency);
  if (currency !== undefined) mapping.currency = currency;
  return mapping;
}
