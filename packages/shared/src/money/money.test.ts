import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, formatEuro, hasAtMostTwoDecimals } from './index';

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
