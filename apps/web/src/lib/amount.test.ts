import { describe, expect, it } from 'vitest';
import { formatAmountInput } from './amount';

describe('formatAmountInput', () => {
  it('shows two decimals with a comma', () => {
    expect(formatAmountInput(1234.5)).toBe('1234,50');
    expect(formatAmountInput(7)).toBe('7,00');
  });
});
