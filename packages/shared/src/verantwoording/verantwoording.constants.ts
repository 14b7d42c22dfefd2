/** The files of a verantwoording package (docs/api-rules.md §15). */
export const VERANTWOORDING_FORMATS = ['pdf', 'zip', 'xlsx', 'csv'] as const;
export type VerantwoordingFormat = (typeof VERANTWOORDING_FORMATS)[number];
/** The longest period a package may cover: a longer one is a 422. */
export const VERANTWOORDING_MAX_YEARS = 10;
