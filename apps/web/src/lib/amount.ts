/**
 * Reading a euro amount typed by a Dutch user: '1234,56', '1.234,56', '1234.56', '€ 1.000'.
 * A comma is the decimal separator (dots are then thousands separators); without a comma a dot is
 * the decimal point, except in the Dutch thousands pattern ('1.000', '12.500.000').
 *
 * Returns `null` for an empty field and `NaN` for text that is not an amount.
 */
export function parseAmountInput(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (compact === '') return null;
  let normal = compact;
  if (compact.includes(',')) normal = compact.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) normal = compact.replace(/\./g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return NaN;
  return Number(normal);
}

/** An amount as the edit field shows it: two decimals with a comma ('1234,50'). */
export function formatAmountInput(euros: number): string {
  return euros.toFixed(2).replace('.', ',');
}
