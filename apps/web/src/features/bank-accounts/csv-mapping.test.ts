import { describe, expect, it } from 'vitest';
import {
  dateFormatLabel,
  guessDelimiter,
  guessDraft,
  readCsvSample,
  splitLine,
  toMapping,
  type MappingDraft,
} from './csv-mapping';
import { formatIban } from '../../lib/iban';
import { daysUntil } from './format';

describe('date notation', () => {
  it("is written with the reader's letters, the notation itself unchanged", () => {
    const dutch = { day: 'd', month: 'm', year: 'j' };
    expect(dateFormatLabel('dd-mm-yyyy', dutch)).toBe('dd-mm-jjjj');
    expect(dateFormatLabel('yyyymmdd', dutch)).toBe('jjjjmmdd');
    expect(dateFormatLabel('mm/dd/yyyy', { day: 'd', month: 'm', year: 'y' })).toBe('mm/dd/yyyy');
  });
});

describe('CSV sample', () => {
  it('splits quoted fields with delimiters and doubled quotes in them', () => {
    expect(splitLine('"a;b";"say ""hi""";3', ';')).toEqual(['a;b', 'say "hi"', '3']);
    expect(splitLine('1,2,,4', ',')).toEqual(['1', '2', '', '4']);
  });

  it('guesses the delimiter that splits every line alike', () => {
    expect(guessDelimiter(['a;b,c;d', '1;2,5;3'])).toBe(';');
    expect(guessDelimiter(['a\tb\tc', '1\t2\t3'])).toBe('\t');
    expect(guessDelimiter(['"Datum","Bedrag"', '"2024-01-01","1,50"'])).toBe(',');
  });

  it('reads the first lines as UTF-8, else as Windows-1252', async () => {
    const utf8 = new File(['Naam;Bedrag\r\nCafé;1,50\r\n\r\nBakker;2,00\n'], 'a.csv');
    expect(await readCsvSample(utf8)).toEqual({
      lines: ['Naam;Bedrag', 'Café;1,50', 'Bakker;2,00'],
      delimiter: ';',
    });
    // 'Café' in Windows-1252: é is the single byte 0xE9, not valid UTF-8.
    const latin = new File([new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x3b, 0x31])], 'b.csv');
    expect((await readCsvSample(latin)).lines).toEqual(['Café;1']);
  });

  it('drafts a mapping from a header row and the first line', () => {
    const draft = guessDraft({
      lines: [
        'Datum;Naam / Omschrijving;Rekening;Tegenrekening;Af Bij;Bedrag (EUR);Mededelingen',
        '20240105;Bakker;NL91ABNA0417164300;NL02RABO0123456789;Af;12,50;Brood',
      ],
      delimiter: ';',
    });
    expect(draft).toMatchObject({
      hasHeader: true,
      date: '0',
      dateFormat: 'yyyymmdd',
      counterpartyName: '1',
      account: '2',
      counterpartyIban: '3',
      debitCredit: '4',
      debitValues: 'Af',
      amount: '5',
      decimal: ',',
      description: [6],
    });
  });

  it('builds the mapping only with date and amount, leaving out what is not chosen', () => {
    const draft: MappingDraft = {
      delimiter: ',',
      hasHeader: false,
      date: '',
      dateFormat: 'dd-mm-yyyy',
      amount: '2',
      decimal: '.',
      debitCredit: '',
      debitValues: '',
      counterpartyName: '',
      counterpartyIban: '',
      description: [],
      account: '',
      currency: '',
    };
    expect(toMapping(draft)).toBeNull();
    expect(toMapping({ ...draft, date: '0' })).toEqual({
      delimiter: ',',
      hasHeader: false,
      date: 0,
      dateFormat: 'dd-mm-yyyy',
      amount: 2,
      decimal: '.',
    });
    expect(toMapping({ ...draft, date: '0', debitCredit: '3', debitValues: ' , ' })).toBeNull();
    expect(
      toMapping({ ...draft, date: '0', debitCredit: '3', debitValues: 'D, Debet', currency: '4' }),
    ).toMatchObject({ debitCredit: { column: 3, debitValues: ['D', 'Debet'] }, currency: 4 });
  });
});

describe('formatting', () => {
  it('groups an IBAN in fours', () => {
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('nl91 abna 0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('counts the days left', () => {
    const now = new Date('2024-03-01T12:00:00Z');
    expect(daysUntil('2024-03-11T12:00:00Z', now)).toBe(10);
    expect(daysUntil('2024-03-01T18:00:00Z', now)).toBe(1);
    expect(daysUntil('2024-02-28T12:00:00Z', now)).toBe(-2);
    expect(daysUntil('nonsense', now)).toBeNull();
  });
});
