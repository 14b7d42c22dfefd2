/**
 * The languages of the whole product: the web's, the mails', the PDF report's and the funder's
 * overview's. Dutch is the default everywhere.
 */
export const LANGUAGES = ['nl', 'en', 'fy'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale each language formats dates and amounts in (Intl's BCP 47 tags). */
export const LOCALE_TAGS: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', fy: 'fy-NL' };
