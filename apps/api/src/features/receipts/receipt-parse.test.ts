import { describe, expect, it } from 'vitest';
import { generatedReceipt, seeded } from '../../test/receipts';
import { amountsIn, parseReceipt } from './receipt-parse';

const receipt = (...lines: string[]) => parseReceipt(lines.join('\n'));

describe('amounts', () => {
  it('reads Dutch, English and grouped amounts in cents, not quantities or times', () => {
    expect(amountsIn('Totaal € 12,50')).toEqual([1250]);
    expect(amountsIn('TOTAAL 12.50')).toEqual([1250]);
    expect(amountsIn('Te betalen 1.234,50')).toEqual([123450]);
    expect(amountsIn('Total 1,234.50')).toEqual([123450]);
    expect(amountsIn('Korting -2,00')).toEqual([-200]);
    expect(amountsIn('3 x 12:30 Dorpsstraat 12')).toEqual([]);
    expect(amountsIn('BTW 21%')).toEqual([]);
  });
});

describe('total', () => {
  it('takes the amount of the total line over larger amounts elsewhere', () => {
    const fields = receipt('Bakker', 'Taart 45,00', 'Korting -40,00', 'Totaal € 5,00', 'Pin 5,00');
    expect(fields.amountCents).toEqual({ value: 500, confidence: 0.95, unsure: false });
  });

  it("prefers 'Te betalen' to a subtotal and reads thousands", () => {
    const fields = receipt('Gamma', 'Subtotaal 1.300,00', 'Korting 65,50', 'Te betalen 1.234,50');
    expect(fields.amountCents?.value).toBe(123450);
  });

  it('reads an amount wrapped to the line under its label', () => {
    expect(receipt('HEMA', 'TOTAAL', '€ 7,95').amountCents?.value).toBe(795);
  });

  it('guesses the largest amount without a label, marked unsure', () => {
    const fields = receipt('Markt', 'Appels 2,50', 'Peren 3,10');
    expect(fields.amountCents).toMatchObject({ value: 310, unsure: true });
  });

  it('proposes no amount when the text has none', () => {
    const fields = receipt('Bedankt voor uw bezoek', 'Tot ziens');
    expect(fields.amountCents).toBeNull();
    expect(fields.currency).toBe('EUR');
  });

  it('proposes no amount for a receipt in dollars or pounds, and says which currency', () => {
    const usd = receipt('Walmart', '01/15/2026', 'TOTAL $ 23.10', 'TAX 1.50');
    expect(usd.amountCents).toBeNull();
    expect(usd.vatCents).toBeNull();
    expect(usd.currency).toBe('USD');
    expect(receipt('Tesco', 'Total £4.20').currency).toBe('GBP');
  });

  it('lowers the confidence of a line the OCR read poorly', () => {
    const fields = parseReceipt([
      { text: 'Jumbo', confidence: 0.9 },
      { text: 'Totaal 9,99', confidence: 0.5 },
    ]);
    expect(fields.amountCents).toEqual({ value: 999, confidence: 0.68, unsure: true });
  });
});

describe('date', () => {
  it.each([
    ['12-11-2026', '2026-11-12'],
    ['12/11/26', '2026-11-12'],
    ['12 nov 2026', '2026-11-12'],
    ['3 mrt. 2025', '2025-03-03'],
    ['2026-11-12', '2026-11-12'],
    ['12.11.2026', '2026-11-12'],
  ])('reads %s', (text, iso) => {
    expect(receipt('Shop', `Datum ${text} 14:02`, 'Totaal 1,00').date).toMatchObject({
      value: iso,
      unsure: false,
    });
  });

  it('ignores impossible dates and marks a choice between dates unsure', () => {
    expect(receipt('Shop', '31-02-2026').date).toBeNull();
    const two = receipt('Shop', 'Geldig tot 01-12-2026', 'Gekocht 12-11-2026');
    expect(two.date).toMatchObject({ value: '2026-12-01', unsure: true });
    const labelled = receipt('Shop', 'Geldig tot 01-12-2026', 'Datum: 12-11-2026');
    expect(labelled.date).toMatchObject({ value: '2026-11-12', unsure: false });
  });
});

describe('shop', () => {
  it('is the first line that is a name, cleaned of OCR scraps', () => {
    expect(receipt('*** KASSABON ***', 'Albert Heijn ee', 'Dorpsstraat 12').shop?.value).toBe(
      'Albert Heijn',
    );
    expect(receipt('1234 AB Utrecht', 'Tel 030-1234567', 'Bakkerij de Graaf').shop).toMatchObject({
      value: 'Bakkerij de Graaf',
      unsure: true,
    });
    expect(receipt('12-11-2026', '€ 5,00').shop).toBeNull();
  });
});

describe('VAT', () => {
  it('reads the VAT after its rate, sure when it fits the total', () => {
    const fields = receipt('Jumbo', 'Totaal € 12,50', 'BTW 21% € 2,17');
    expect(fields.vatCents).toEqual({ value: 217, confidence: 0.95, unsure: false });
    expect(fields.vatRates).toEqual([21]);
  });

  it('sums two rates and reads the VAT after its base', () => {
    const fields = receipt('AH', 'Totaal 20,00', 'BTW 9% 10,00 0,90', 'BTW 21% 5,00 1,05');
    expect(fields.vatCents?.value).toBe(195);
    expect(fields.vatRates).toEqual([9, 21]);
  });

  it('marks a VAT that does not fit the total unsure, and never takes it for the total', () => {
    const fields = receipt('Jumbo', 'Totaal 12,50', 'BTW 9% 7,00');
    expect(fields.amountCents?.value).toBe(1250);
    expect(fields.vatCents).toMatchObject({ value: 700, unsure: true });
  });
});

describe('generated receipts', () => {
  it('reads every field of 200 generated receipts from their text', () => {
    const random = seeded(33);
    for (let i = 0; i < 200; i++) {
      const { lines, truth } = generatedReceipt(random);
      const fields = parseReceipt(lines.join('\n'));
      expect({
        shop: fields.shop?.value,
        date: fields.date?.value,
        total: fields.amountCents?.value,
        vat: fields.vatCents?.value ?? null,
      }).toEqual({
        shop: truth.shop,
        date: truth.date,
        total: truth.totalCents,
        vat: truth.vatCents,
      });
    }
  });
});
