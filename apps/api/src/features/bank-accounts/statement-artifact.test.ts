import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packStatement, unpackStatement } from './statement-artifact';
import type { ParsedStatement } from './statements/statement';

const parsed: ParsedStatement = {
  format: 'mt940',
  flavour: 'rabobank',
  accounts: [
    {
      iban: 'NL91RABO0123456789',
      holderName: 'Stichting Buurtkracht',
      openingBalanceCents: 1000,
      closingBalanceCents: 720,
      lines: [
        {
          line: 7,
          bookingDate: '2026-03-02',
          amountCents: -280,
          currency: 'EUR',
          counterpartyName: 'Koffiebar "Oost"',
          counterpartyIban: null,
          description: 'Koffie € 2,80',
          bankReference: null,
        },
      ],
    },
  ],
  skipped: [{ line: 12, reason: 'currency', detail: 'USD' }],
};

describe('stored parse', () => {
  it('gives back exactly what was packed', async () => {
    expect(await unpackStatement(await packStatement(parsed))).toEqual(parsed);
  });

  it('is not used when another version of the parsers packed it', async () => {
    const packed = JSON.parse(gunzipSync(await packStatement(parsed)).toString()) as {
      version: number;
    };
    const older = gzipSync(JSON.stringify({ ...packed, version: packed.version - 1 }));
    expect(await unpackStatement(older)).toBeNull();
  });
});
