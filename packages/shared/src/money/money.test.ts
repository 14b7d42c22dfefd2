import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, formatEuro, hasAtMostTwoDecimals, parseAmount } from './index';

describe('money', () => {
  it('converts euros and cents without float drift', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(-12.5)).toBe(-1250);
    expect(centsToEuros(123456n)).toBe(1234.56);
    expect(centsToEuros('-5')).toBe(-0.05);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(999999.99)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
  });

  it('formats as Dutch euros', () => {
    expect(formatEuro(1234.5).replace(/\s/g, ' ')).toBe('€ 1.234,50');
    expect(formatEuro(-3).replace(/\s/g, ' ')).toMatch(/^€ -3,00$|^-€ 3,00$|^€ −3,00$/);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1234,56', 1234.56],
    ['1.234,56', 1234.56],
    ['1234.56', 1234.56],
    ['-12,50', -12.5],
    ['€ 1.000', 1000],
    ['12.500.000', 12500000],
    ['0,5', 0.5],
    ['-10,00', -10],
    [' 250 ', 250],
    ['1.5', 1.5],
    ['1\u00a0234,56', 1234.56],
  ])('%s → %s', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it('gives null for an empty field and NaN for text', () => {
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('€')).toBeNull();
    expect(parseAmount('tien')).toBeNaN();
    expect(parseAmount('1,2,3')).toBeNaN();
    expect(parseAmount('12-3')).toBeNaN();
  });

  it('leaves more than two decimals to hasAtMostTwoDecimals', () => {
    const amount = parseAmount('12,345');
    expect(amount).toBe(12.345);
    expect(hasAtMostTwoDecimals(amount ?? 0)).toBe(false);
    expect(hasAtMostTwoDecimals(parseAmount('999.999,99') ?? 0)).toBe(true);
  });
});
