/**
 * How bank accounts and statement files are shown: days left, how long until or since a sync,
 * file kinds (IBANs: lib/iban.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `now` until `iso` (0 on the day itself, negative once passed); null if unreadable. */
export function daysUntil(iso: string, now: Date = new Date()): number | null {
  const end = new Date(iso).getTime();
  if (Number.isNaN(end)) return null;
  return Math.ceil((end - now.getTime()) / DAY_MS);
}

/** Whole minutes from `now` until `iso` (negative once passed); null if unreadable. */
export function minutesUntil(iso: string, now: Date = new Date()): number | null {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return null;
  return Math.round((at - now.getTime()) / 60_000);
}

/**
 * Statement files the import reads (CAMT.053, MT940, CSV); the file input offers these. The
 * server tells the format from the content, so this list only has to let every bank's name for
 * its files through (.mt940x is the extended MT940 some banks hand out).
 */
export const STATEMENT_ACCEPT = '.xml,.053,.sta,.940,.mt940,.mt940x,.swi,.csv,.tab,.txt';

/** The largest statement file the server takes (100 MB), checked before uploading. */
export const STATEMENT_MAX_BYTES = 100 * 1024 * 1024;

/** A file whose columns can be mapped by hand when its layout is unknown. */
export function isCsvFile(file: File): boolean {
  return /\.(csv|tab|txt)$/i.test(file.name) || file.type === 'text/csv';
}
