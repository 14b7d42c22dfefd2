/**
 * Money moves through the code as integer cents; the API exposes euros as JSON numbers with at
 * most two decimals (server-rules §8).
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

const euroFormat = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEuro(euros: number): string {
  return euroFormat.format(euros);
}
