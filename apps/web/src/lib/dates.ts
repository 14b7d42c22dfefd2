/**
 * Dates on the web, all read in Europe/Amsterdam like the API does (docs/spec-map.md §9,
 * docs/api-rules.md §1): the web shows and types a day as dd-MM-yyyy, filters send it as
 * YYYY-MM-DD, a booking date travels as ISO 8601 with an offset, and other dates show as
 * dd MMM yyyy.
 */

const TIME_ZONE = 'Europe/Amsterdam';

/** A calendar day as the API's date filters write it. */
export type IsoDay = `${number}-${number}-${number}`;

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function amsterdamParts(instant: Date) {
  const parts = dayParts.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A real calendar day from its numbers (no 31-02), as YYYY-MM-DD; null otherwise. */
function isoDay(year: number, month: number, day: number): IsoDay | null {
  if (![year, month, day].every(Number.isInteger) || year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}` as IsoDay;
}

/** YYYY-MM-DD → dd-MM-yyyy. */
export function dayToText(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}-${month}-${year}`;
}

/**
 * A day as the user types it: dd-mm-jjjj, also d-m-jjjj and with '/' or '.' between; null when
 * it is not a real day.
 */
export function parseDayText(text: string): IsoDay | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  return isoDay(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** A YYYY-MM-DD text that is a real day (a filter read from the URL). */
export function isIsoDay(text: string): text is IsoDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isoDay(Number(match[1]), Number(match[2]), Number(match[3])) === text;
}

/** The Amsterdam day of an instant; null for an invalid date. */
export function amsterdamDay(instant: Date): IsoDay | null {
  if (Number.isNaN(instant.getTime())) return null;
  const { year, month, day } = amsterdamParts(instant);
  return isoDay(year, month, day);
}

/** dd-MM-yyyy of a booking date in Amsterdam; the text itself when it is no date. */
export function formatBookingDate(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { year, month, day } = amsterdamParts(instant);
  return `${pad(day)}-${pad(month)}-${pad(year, 4)}`;
}

/** dd-MM-yyyy HH:mm of an instant in Amsterdam; the text itself when it is no date. */
export function formatDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { hour, minute } = amsterdamParts(instant);
  return `${formatBookingDate(iso)} ${pad(hour)}:${pad(minute)}`;
}

/**
 * A date as dd MMM yyyy (docs/spec-map.md §9) in the interface language (Frisian uses the Dutch
 * format).
 */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: TIME_ZONE,
  }).format(date);
}

/** Amsterdam's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function amsterdamOffsetMinutes(instant: Date): number {
  const { year, month, day, hour, minute } = amsterdamParts(instant);
  return Math.round((Date.UTC(year, month - 1, day, hour, minute) - instant.getTime()) / 60_000);
}

/**
 * The booking date sent for a chosen day: midday in Amsterdam, with Amsterdam's offset of that
 * day ('2026-03-14T12:00:00+01:00'), so that every reader places it on the same day.
 */
export function middayInAmsterdam(day: IsoDay): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const offset = amsterdamOffsetMinutes(new Date(Date.UTC(year, month - 1, date, 11)));
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${day}T12:00:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
