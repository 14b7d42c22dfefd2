import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseMt940 } from './mt940';

const FIXTURES = new URL('./fixtures/mt940/', import.meta.url);

/** Odd-sized pieces, so chunk borders fall inside lines and CRLFs. */
async function* piecesOf(data: Buffer | string, size: number): AsyncGenerator<Buffer | string> {
  for (let at = 0; at < data.length; at += size) yield data.slice(at, at + size);
}

const parseFixture = async (name: string) =>
  parseMt940(piecesOf(await readFile(new URL(name, FIXTURES)), 53));
const parseText = (text: string) => parseMt940(piecesOf(text, 17));

/** Each line as [line, cents, counterparty, account, description, reference]. */
async function linesOf(name: string) {
  const parsed = await parseFixture(name);
  const [account] = parsed.accounts;
  const moved = account?.lines.reduce((sum, l) => sum + l.amountCents, 0) ?? NaN;
  expect((account?.openingBalanceCents ?? NaN) + moved).toBe(account?.closingBalanceCents);
  return {
    flavour: parsed.flavour,
    iban: account?.iban,
    lines: account?.lines.map((l) => [
      l.line,
      l.amountCents,
      l.counterpartyName,
      l.counterpartyIban,
      l.description,
      l.bankReference,
    ]),
  };
}

describe('parseMt940: every counterparty and description line', () => {
  it('reads Knab: "REK: …/NAAM: …" before or after the description', async () => {
    expect(await linesOf('knab.sta')).toEqual({
      flavour: 'knab',
      iban: 'NL43KNAB0612345678',
      lines: [
        [5, -8995, 'Drukkerij Het Anker', 'NL40RABO0327641958',
          'FACTUUR 2024-118 POSTERS WIJKFEEST', 'K061000123'], // prettier-ignore
        [8, 25000, 'Bewonerscommissie Vijverhof', 'NL06INGB0008765123',
          'Bijdrage buurtbarbecue juni, bewonerscommissie Vijverhof', 'K061000124'], // prettier-ignore
      ],
    });
  });

  it('reads ASN: the account in the reference, the name on the :61: second line', async () => {
    expect(await linesOf('asn.sta')).toEqual({
      flavour: 'asn',
      iban: 'NL61ASNB0871234567',
      lines: [
        [5, -3500, 'J. Vermeulen', 'NL06INGB0008765123',
          'Terugbetaling materialen moestuindag', 'ASN0805001'], // prettier-ignore
        // The first :86: line fills its 61 characters: "hartelij|ke" is one word.
        [8, 12000, 'Vereniging Groen Dichtbij', 'NL97RABO0156789012',
          'Bijdrage zaaigoed voorjaar 2024, lidnummer 4471, met hartelijke dank aan de werkgroep',
          'ASN0806002'], // prettier-ignore
      ],
    });
  });

  it('reads SNS: a card payment without a party, and the party in :61: and :86:', async () => {
    expect(await linesOf('sns.sta')).toEqual({
      flavour: 'sns',
      iban: 'NL22SNSB0912345678',
      lines: [
        [5, -1595, null, null,
          'Betaalautomaat 14:32 pasnr. 012 Bakkerij Korrel Utrecht', 'SNS0902771'], // prettier-ignore
        [7, 7500, 'P. de Wit', 'NL71INGB0004561234',
          'NL71INGB0004561234 P. de Wit Contributie seizoen 2024-2025', 'SNS0903772'], // prettier-ignore
      ],
    });
  });

  it('reads older Rabobank: account and name on the :61: second line, one :86: per line', async () => {
    expect(await linesOf('rabobank-old.swi')).toEqual({
      flavour: 'rabobank',
      iban: '0156789012',
      lines: [
        [6, -2550, 'J. DE BOER', '0327641958',
          'DECLARATIE KOFFIE EN THEE VRIJWILLIGERSAVOND 19 SEPTEMBER', null], // prettier-ignore
        [10, 10000, 'BUURTHUIS DE SCHAKEL', 'NL06INGB0008765123',
          'HUUR ZAAL SEPTEMBER 2024 KENMERK BS-0924', null], // prettier-ignore
      ],
    });
  });

  it('reads Triodos subfields, joining words cut at the 27-character width', async () => {
    expect(await linesOf('triodos-subfields.sta')).toEqual({
      flavour: 'triodos',
      iban: '0198765432',
      lines: [
        [5, -4500, 'Stichting Speelnatuur Oosterpark Zuid', 'NL40RABO0327641958',
          'Maandelijkse bijdrage onderhoud speeltuin juli 2024, factuur 24-118', null], // prettier-ignore
        // Subfields shorter than their width end between words.
        [9, 120, null, null, 'Rente tweede kwartaal', null],
      ],
    });
  });

  it("reads ABN AMRO's newer card text: the shop after the card is the counterparty", async () => {
    expect(await linesOf('abnamro-cards.sta')).toEqual({
      flavour: 'abnamro',
      iban: 'NL26ABNA0612309876',
      lines: [
        [6, -2347, 'ALBERT HEIJN 1234', null,
          'BEA, Betaalpas ALBERT HEIJN 1234,PAS123 NR:5J7K2L, 10.10.24/14:32 AMSTERDAM', null], // prettier-ignore
        [9, -680, 'CCV*BAKKERIJ DE ZON', null,
          'BEA, Google Pay CCV*BAKKERIJ DE ZON,PAS123 NR:CT123456, 10.10.24/09:05 UTRECHT', null], // prettier-ignore
        [12, -5000, 'Geldmaat Station', null,
          'GEA, Betaalpas Geldmaat Station,PAS123 NR:GM991X, 10.10.24/17:45 UTRECHT', null], // prettier-ignore
      ],
    });
  });

  it('joins /KEY/ lines without a space at a full line or a slash, with one where the bank broke', async () => {
    const parsed = await parseText(
      [':20:X', ':25:NL43KNAB0612345678', ':60F:C240801EUR10,00',
        ':61:2408010801D5,00NTRFNONREF//R1',
        // 55 characters: the bank broke the line between "Het" and "Drukhuis".
        ':86:/TRTP/SEPA OVERBOEKING/IBAN/NL40RABO0327641958/NAME/Het',
        'Drukhuis/REMI/Factuur 2024-118 posters',
        'wijkfeest/EREF/DHA-118', ':62F:C240801EUR5,00', '-',
      ].join('\n'), // prettier-ignore
    );
    expect(parsed.accounts[0]?.lines[0]).toMatchObject({
      counterpartyName: 'Het Drukhuis',
      counterpartyIban: 'NL40RABO0327641958',
      description: 'Factuur 2024-118 posters wijkfeest',
    });
  });

  it('never takes an account in the reference for the booking reference', async () => {
    // Were the party's IBAN the reference, a second payment to it in a later file would be taken
    // for this one and skipped as a duplicate.
    const parsed = await parseText(
      [':20:X', ':25:NL46RBRB0687654321', ':60F:C240801EUR10,00',
        ':61:2408010801D5,00NOVBNL06INGB0008765123', 'J. Vermeulen', ':62F:C240801EUR5,00', '-',
      ].join('\n'), // prettier-ignore
    );
    expect(parsed.flavour).toBe('regiobank');
    expect(parsed.accounts[0]?.lines.map((l) => [l.counterpartyIban, l.bankReference])).toEqual([
      ['NL06INGB0008765123', null],
    ]);
  });
});
