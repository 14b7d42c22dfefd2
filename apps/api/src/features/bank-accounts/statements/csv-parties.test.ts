import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/csv/${name}`, import.meta.url), 'utf8');

async function* chunked(text: string, size = 31): AsyncGenerator<Buffer> {
  const data = Buffer.from(text, 'utf8');
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const partiesOf = async (text: string) =>
  (await parseCsv(chunked(text))).accounts[0]?.lines.map((l) => [
    l.counterpartyName,
    l.counterpartyIban,
    l.description,
  ]);

describe('parseCsv: the other party and description where the usual columns are empty', () => {
  it('Rabobank: the ultimate party when the other has no name, the payment reference as text', async () => {
    const [header = ''] = fixture('rabobank.csv').split('\n');
    const row = (name: string, ultimate: string, kenmerk: string, text: string) =>
      `"NL11RABO0104955555","EUR","RABONL2U","000000000000004201","2024-05-06","2024-05-06",` +
      `"-12,00","+100,00","NL40RABO0327641958","${name}","${ultimate}","","RABONL2U","ei","",` +
      `"","","","${kenmerk}","${text}",""," ","","","",""`;
    const text = [
      header.trim(),
      row('', 'Gemeente Utrecht', '', 'Leges vergunning buurtfeest'),
      row('Energie Coop Oost', '', 'EC-2024-0506-7781', ''),
    ].join('\r\n');
    expect(await partiesOf(text)).toEqual([
      ['Gemeente Utrecht', 'NL40RABO0327641958', 'Leges vergunning buurtfeest'],
      ['Energie Coop Oost', 'NL40RABO0327641958', 'EC-2024-0506-7781'],
    ]);
  });

  it('de Volksbank: the payment reference when the description is empty', async () => {
    const text =
      '05-09-2024,NL56ASNB0708123456,NL29SNSB0912345678,Waterschap Vallei,,,,EUR,6348.50,EUR,' +
      '-42.00,05-09-2024,05-09-2024,8810,IOB,51234611,4400123456789012,,1\n';
    expect(await partiesOf(text)).toEqual([
      ['Waterschap Vallei', 'NL29SNSB0912345678', '4400123456789012'],
    ]);
  });
});
