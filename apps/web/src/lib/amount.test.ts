import { describe, expect, it } from 'vitest';
import { formatAmountInput, parseAmountInput } from './amount';

describe('parseAmountInput', () => {
  it.each([
    ['1234,56', 1234.56],
    ['1.234,56', 1234.56],
    ['1234.56', 1234.56],
    ['€ 1.000', 1000],
    ['12.500.000', 12500000],
    ['0,5', 0.5],
    ['-10,00', -10],
    [' 250 ', 250],
    ['1.5', 1.5],
  ])('%s → %s', (text, expected) => {
    expect(parseAmountInput(text)).toBe(expected);
  });

  it('gives null for an empty field and NaN for text', () => {
    expect(parseAmountInput('  ')).toBeNull();
    expect(parseAmountInput('tien')).toBeNaN();
    expect(parseAmountInput('1,2,3')).toBeNaN();
    expect(parseAmountInput('12-3')).toBeNaN();
  });
});

describe('formatAmountInput', () => {
  it('shows two decimals with a comma', () => {
    expect(formatAmountInput(1234.5)).toBe('1234,50');
    expect(formatAmountInput(7)).toBe('7,00');
  });
});
