/**
 * What the server's own text catalogs (the receipt reminder mail, the PDF report, the overview
 * file) share: the web's catalogs are not shipped with the API, so each feature keeps its texts
 * in every language and picks the reader's, and writes dates and amounts as that language does.
 */
import { LOCALE_TAGS, type Language } from '@helder/shared/languages';

/** A feature's texts in every language: a language without its catalog does not compile. */
export type Catalogs<T> = Readonly<Record<Language, T>>;

/** The texts of `lang` among a feature's catalogs. */
export function catalog<T>(catalogs: Catalogs<T>, lang: Language): T {
  return catalogs[lang];
}

export interface Formatters {
  /** A YYYY-MM-DD day in digits, as the language orders them ('20-04-2026', '20/04/2026'). */
  day: (iso: string) => string;
  /** The day of a moment in Amsterdam, the month abbreviated ('20 apr 2026', '20 Apr 2026'). */
  date: (at: Date) => string;
  /** Cents as euros, with the euro sign. */
  euros: (cents: number) => string;
  /** A share (0–1) as a percentage with at most one decimal. */
  percent: (share: number) => string;
}

export function formatters(lang: Language): Formatters {
  const locale = LOCALE_TAGS[lang];
  // A YYYY-MM-DD is a calendar day, no moment: read and written in UTC it stays that day.
  const days = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dates = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: 'Europe/Amsterdam',
  });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const shares = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return {
    day: (iso) => days.format(new Date(`${iso}T00:00:00Z`)),
    date: (at) => dates.format(at),
    euros: (cents) => money.format(cents / 100),
    percent: (share) => shares.format(share),
  };
}
