import { describe, expect, it } from 'vitest';
import { counterpartySide, maskAccountNumbers, SHIELDED_NAME, shieldName } from './privacy';

const masks = (text: string, expected: string) => expect(maskAccountNumbers(text)).toBe(expected);
const keeps = (text: string) => expect(maskAccountNumbers(text)).toBe(text);

describe('maskAccountNumbers', () => {
  it('masks a Dutch IBAN compact, grouped or lower case, to its last four', () => {
    masks('REK: NL65INGB0123456789/NAAM: J. Jansen', 'REK: ••••6789/NAAM: J. Jansen');
    masks('IBAN NL65 INGB 0123 4567 89 betaald', 'IBAN ••••6789 betaald');
    masks('naar nl65ingb0123456789.', 'naar ••••6789.');
    masks('NL65-INGB-0123-4567-89', '••••6789');
    masks('NL65INGB 0123456789', '••••6789');
    masks(
      '/TRTP/SEPA/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/',
      '/TRTP/SEPA/IBAN/••••4300/BIC/ABNANL2A/',
    );
  });

  it('masks foreign IBANs of their own lengths', () => {
    masks('DE89 3704 0044 0532 0130 00', '••••3000');
    masks('BE68539007547034 en GB29NWBK60161331926819', '••••7034 en ••••6819');
    masks('FR14 2004 1010 0505 0001 3M02 606', '••••2606');
    masks('NO9386011117947', '••••7947');
  });

  it('masks an IBAN running into more text only when its check digits hold', () => {
    masks('NL91ABNA0417164300NAAM', '••••4300NAAM');
    keeps('NL12ABNA0417164300NAAM');
  });

  it('masks wholly an IBAN the import cut short', () => {
    masks('Terugbetaling declaratie REK: NL65INGB01234…', 'Terugbetaling declaratie REK: ••••…');
    masks('Declaratie REK: NL65 INGB 01…', 'Declaratie REK: ••••…');
    keeps('Huur NL12 maanden…');
    keeps('eind NL65INGB0123');
  });

  it('masks card numbers, whole or already partly masked by the bank', () => {
    masks(
      'Betaald met kaart 4111 1111 1111 1111 bij Bakker',
      'Betaald met kaart ••••1111 bij Bakker',
    );
    masks('kaart 4111111111111111', 'kaart ••••1111');
    masks('Amex 3782 822463 10005', 'Amex ••••0005');
    masks('PAS 5412 **** **** 1234', 'PAS ••••1234');
    masks('kaartnr 541234******1234 ok', 'kaartnr ••••1234 ok');
    masks('XXXX XXXX XXXX 9876', '••••9876');
  });

  it('masks a Dutch account number after its label only', () => {
    masks('REK: 123456789 Jansen', 'REK: ••••6789 Jansen');
    masks('Rekeningnummer 12.34.56.789', 'Rekeningnummer ••••6789');
    masks('tegenrekening: 1234567890', 'tegenrekening: ••••7890');
    masks('rek.nr. 987654321', 'rek.nr. ••••4321');
    masks('Spaarrekening 1234567890 overboeking', 'Spaarrekening ••••7890 overboeking');
    masks('giro 555 en postbank 1234567', 'giro •••• en postbank ••••');
    keeps('factuur 123456789');
  });

  it('leaves card ids, dates, amounts, postcodes, phone, KvK and VAT numbers alone', () => {
    keeps('PAS 123 BAKKERIJ 15-03-2026 10:42');
    keeps('2026-03-15 en 15.03.2026 en 20260315');
    keeps('EUR 1.234.567,89 en € 12345678,90 en 1234567.89');
    keeps('1234 AB Amsterdam, 1234AB');
    keeps('Tel. 06-12345678, +31 6 12345678, 020-1234567, 0031612345678');
    keeps('KvK 12345678, KvK-nummer 87654321');
    keeps('BTW NL123456789B01, BIC INGBNL2A');
    keeps('NL12 maanden huur, DE12 dagen');
    keeps('Rekening 2026-0012 huur zaal');
    // Fails Luhn: a reference number of card length is not a card number.
    keeps('Kenmerk 1234 5678 9012 3456');
    keeps('');
  });
});

describe('shieldName', () => {
  it('replaces the name wherever it stands, ignoring case and spacing', () => {
    expect(shieldName('Declaratie j.  JANSEN maart', 'J. Jansen')).toBe(
      `Declaratie ${SHIELDED_NAME} maart`,
    );
    expect(shieldName('Jansens bakkerij', 'Jansen')).toBe('Jansens bakkerij');
  });

  it('replaces the name after a label as banks write them', () => {
    expect(shieldName('REK: ••••6789/NAAM: P. de Vries/OMSCHR: x', null)).toBe(
      `REK: ••••6789/NAAM: ${SHIELDED_NAME}/OMSCHR: x`,
    );
    expect(shieldName('Naam: P. de Vries Omschrijving: Terug IBAN: x', null)).toBe(
      `Naam: ${SHIELDED_NAME} Omschrijving: Terug IBAN: x`,
    );
    expect(shieldName('/BIC/INGBNL2A/NAME/P. de Vries/REMI/Terug', 'Jan')).toBe(
      `/BIC/INGBNL2A/NAME/${SHIELDED_NAME}/REMI/Terug`,
    );
    expect(shieldName('Overboeking t.n.v. P. de Vries', '')).toBe(
      `Overboeking t.n.v. ${SHIELDED_NAME}`,
    );
  });
});

describe('counterpartySide', () => {
  it('is the receiver of an expense and the sender of income', () => {
    expect(counterpartySide('uitgaven')).toBe('creditor');
    expect(counterpartySide('inkomen')).toBe('debtor');
  });
});
