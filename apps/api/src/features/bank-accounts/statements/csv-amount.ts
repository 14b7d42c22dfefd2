/**
 * Amount cells of the banks' CSV layouts: each layout names one of these styles, and the parser
 * reads every amount and balance cell of the file with it.
 */
import { StatementError, decimalToCents } from './statement';

/**
 * How a layout writes its amounts:
 * - 'comma' / 'dot': that decimal separator and no thousands separator (decimalToCents rules).
 * - 'comma-grouped': ',' decimal, and '.' thousands separators in groups of three, accepted only
 *   together with a decimal part ("1.234,56"), so that "1.234" is never guessed at.
 * - 'either': one file may use either locale, with grouping ("15,000.00" or "15.000,00"); a
 *   value is read only when its last separator is followed by one or two digits, and every
 *   amount of one file must use the same decimal separator.
 */
export type AmountStyle = 'comma' | 'dot' | 'comma-grouped' | 'either';

const GROUPED_COMMA = /^[+-]?\d{1,3}(\.\d{3})+,\d{1,2}$/;
const EITHER = /^([+-]?)(\d+|\d{1,3}(?:([.,])\d{3})+)([.,])(\d{1,2})$/;

/** Per file: the decimal separator an 'either' layout's first amount settled on. */
export interface AmountState {
  decimal: ',' | '.' | null;
}

/** Signed cents of an amount cell written in `style`. */
export function readAmount(
  text: string,
  style: AmountStyle,
  line: number,
  state: AmountState,
): number {
  const t = text.trim();
  if (style === 'comma') return decimalToCents(t, ',', line);
  if (style === 'dot') return decimalToCents(t, '.', line);
  if (style === 'comma-grouped') {
    return decimalToCents(GROUPED_COMMA.test(t) ? t.replaceAll('.', '') : t, ',', line);
  }
  const m = EITHER.exec(t);
  // Whole amounts have no separator to disagree about; anything else decimalToCents refuses.
  if (!m) return decimalToCents(t, state.decimal ?? '.', line);
  const [, sign = '', whole = '', group, decimal = '.', fraction = ''] = m;
  if (group === decimal || (state.decimal !== null && state.decimal !== decimal)) {
    throw new StatementError(
      'statement_bad_amount',
      `"${t}" is ambiguous or differs in decimal separator from the file's other amounts`,
      line,
    );
  }
  state.decimal = decimal === ',' ? ',' : '.';
  return decimalToCents(`${sign}${whole.replace(/[.,]/g, '')}.${fraction}`, '.', line);
}
