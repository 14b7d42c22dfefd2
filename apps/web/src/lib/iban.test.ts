import { describe, expect, it } from 'vitest';
import { formatIban } from './iban';

describe('formatIban', () => {
  it('groups an IBAN in fours, whatever spacing and case it came in', () => {
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('nl91 abna 0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('leaves an older account number and a masked one as they are', () => {
    expect(formatIban('1291.99.348')).toBe('1291.99.348');
    expect(formatIban('••••6789')).toBe('••••6789');
  });
});
