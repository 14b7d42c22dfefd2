import { describe, expect, it } from 'vitest';
import { fileAccountKey, institutionOfIban, readAccountNumber } from './institutions';

describe('the bank of an account', () => {
  it('an IBAN names its own bank', () => {
    expect(readAccountNumber('NL91ABNA0417164300', 'RABONL2U', 'ing')).toEqual({
      kind: 'iban',
      number: 'NL91ABNA0417164300',
    });
    expect(institutionOfIban('NL91ABNA0417164300')).toBe('ABN AMRO');
    expect(institutionOfIban('NL12SNDB0123456789')).toBe('Sandbox');
    expect(institutionOfIban('DE89370400440532013000')).toBe('DE');
  });

  it("a number's bank is the file's BIC, else the layout's bank, else a Postbank number's ING", () => {
    const rabo = { bic: 'RABONL2U', name: 'Rabobank' };
    expect(readAccountNumber('1291.99.348', 'RABONL2UXXX', 'ing')).toMatchObject({ bank: rabo });
    expect(readAccountNumber('1291.99.348', null, 'rabobank')).toMatchObject({ bank: rabo });
    expect(readAccountNumber('P1234567', null, null)).toMatchObject({
      bank: { bic: 'INGBNL2A', name: 'ING' },
    });
    expect(readAccountNumber('1291.99.348', null, 'mapping')).toEqual({
      kind: 'national',
      number: '1291.99.348',
      bank: null,
    });
    // A bank not on the list is known by its BIC.
    expect(readAccountNumber('12345', 'DEUTDEFFXXX', null)).toMatchObject({
      bank: { bic: 'DEUTDEFF', name: 'DEUTDEFF' },
    });
  });

  it.each(['12', 'B4', '7'])('"%s" is no account number', (number) => {
    expect(readAccountNumber(number, 'RABONL2U', 'rabobank')).toBeNull();
  });

  it('keys a number by its bank, so one number at two banks is two accounts', () => {
    expect(fileAccountKey(3, '0123456789', 'RABONL2U')).toBe('3:RABONL2U:0123456789');
    expect(fileAccountKey(3, 'NL91ABNA0417164300', null)).toBe('3:NL91ABNA0417164300');
  });
});
