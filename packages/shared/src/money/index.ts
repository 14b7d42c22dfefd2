/**
 * Money moves through the code as integer cents; the API exposes euros as JSON numbers with at
 * most two decimals (docs/api-rules.md §8).
 */
export const MAX_BUDGET_EUROS = 999_999;
export const MAX_AMOUNT_EUROS = 999_999_999.99;

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

export function centsToEuros(cents: number | bigint | string): number {
  return Number(cents) / 100;
}

/** True when a euro number has at most two decimals (guards against 12.345). */
export function hasAtMostTwoDecimals(euros: number): boolean {
  return Math.abs(Math.round(euros * 100) - euros * 100) < 1e-6;
}

/**
 * The one reader of a euro amount typed by a Dutch user, for every form: '1234,56', '1.234,56',
 * '1234.56', '-12,50', '€ 1.000'. A comma is the decimal separator (dots are then thousands
 * separators); without a comma a dot is the decimal point, except in the Dutch thousands
 * pattern ('1.000', '12.500.000').
 *
 * Returns `null` for an empty field and `NaN` for text that is not an amount. More than two
 * decimals still parse, so a form can name that mistake after the others: check them with
 * `hasAtMostTwoDecimals`.
 */
export function parseAmount(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (compact === '') return null;
  let normal = compact;
  if (compact.includes(',')) normal = compact.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) normal = compact.replace(/\./g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return NaN;
  return Number(normal);
}

const euroFormat = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEuro(euros: number): string {
  return euroFormat.format(euros);
}
