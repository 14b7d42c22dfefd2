import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepeated } from '../../../test/repeated-file';
import { streamStatementFile } from './parse';
import { StatementError, type StatementLine } from './statement';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'camt-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt>\n' +
  '<Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></Acct>\n';
const TAIL = '</Stmt></BkToCstmrStmt></Document>\n';
const ENTRY_HEAD =
  '<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>' +
  '<BookgDt><Dt>2024-02-01</Dt></BookgDt><AcctSvcrRef>R1</AcctSvcrRef>';

/** A generated file in the test's directory (see writeRepeated). */
const generated = (name: string, head: string, piece: string, times: number, tail: string) =>
  writeRepeated(join(dir, name), head, piece, times, tail);

async function parseFile(path: string) {
  const lines: StatementLine[] = [];
  const parsed = await streamStatementFile(path, undefined, (_, line) => lines.push(line));
  return { parsed, lines };
}

async function refusal(input: Promise<unknown>): Promise<StatementError> {
  const error: unknown = await input.then(
    () => new Error('expected the parser to refuse the input'),
    (e: unknown) => e,
  );
  if (!(error instanceof StatementError)) throw error;
  return error;
}

describe('parseCamt053: a file built to exhaust memory is refused early', () => {
  it('refuses 16 MB of empty elements inside one entry', async () => {
    const path = await generated(
      'empties.xml',
      HEAD + ENTRY_HEAD + '<NtryDtls><TxDtls><RmtInf>',
      '<Ustrd/>',
      2_000_000,
      '</RmtInf></TxDtls></NtryDtls></Ntry>' + TAIL,
    );
    const error = await refusal(parseFile(path));
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toMatch(/^Line 4: more than 1000 elements in one entry or detail/);
  });

  it('refuses 16 MB of unknown empty elements inside one entry, though none is built', async () => {
    const path = await generated(
      'unknown.xml',
      HEAD + ENTRY_HEAD,
      '<X/>',
      4_000_000,
      '</Ntry>' + TAIL,
    );
    expect((await refusal(parseFile(path))).message).toMatch(/more than 1000 elements/);
  });

  it('refuses 7 MB of nesting', async () => {
    const depth = 1_200_000;
    const path = await generated('deep.xml', HEAD + ENTRY_HEAD, '<a>', depth, '');
    // The closing half is not even needed: the refusal comes on the way down.
    const error = await refusal(parseFile(path));
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toMatch(/^Line 4: elements are nested more than 40 deep/);
  });

  it('refuses a text, a comment or a tag that runs on for megabytes', async () => {
    const cases: [string, string, string][] = [
      ['<AddtlNtryInf>', 'x', '</AddtlNtryInf>'],
      ['<!--', 'x', '-->'],
      ['<Other ', 'a', '="1"/>'],
      ['<RmtInf><Ustrd>', 'x', '</Ustrd></RmtInf>'],
    ];
    for (const [open, piece, close] of cases) {
      const path = await generated(
        'long.xml',
        HEAD + ENTRY_HEAD + open,
        piece,
        3 * 1024 * 1024,
        close + '</Ntry>' + TAIL,
      );
      const error = await refusal(parseFile(path));
      expect(error.code).toBe('statement_malformed');
      expect(error.message).toMatch(/a single text, comment or tag runs past 1 MB/);
    }
  });

  it('refuses more than 32 KB of text kept for one detail', async () => {
    const path = await generated(
      'ustrd.xml',
      HEAD + ENTRY_HEAD + '<NtryDtls><TxDtls><RmtInf>',
      `<Ustrd>${'y'.repeat(140)}</Ustrd>`,
      300,
      '</RmtInf></TxDtls></NtryDtls></Ntry>' + TAIL,
    );
    expect((await refusal(parseFile(path))).message).toMatch(/more than 32 KB of text/);
  });
});

describe('parseCamt053: large legitimate entries stay within the limits', () => {
  it('reads a batch entry of 5000 details, each with its parties, address and remittance', async () => {
    const detail = (i: number) =>
      '<TxDtls><Refs><EndToEndId>E2E</EndToEndId><TxId>T</TxId></Refs>' +
      '<Amt Ccy="EUR">2.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>' +
      '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>' +
      `<RltdPties><Dbtr><Nm>Donateur ${i}</Nm><PstlAdr><StrtNm>Dorpsstraat</StrtNm>` +
      '<BldgNb>1</BldgNb><PstCd>1234 AB</PstCd><TwnNm>Ergens</TwnNm><Ctry>NL</Ctry></PstlAdr></Dbtr>' +
      '<DbtrAcct><Id><IBAN>NL44RABO0123456789</IBAN></Id></DbtrAcct></RltdPties>' +
      '<RltdAgts><DbtrAgt><FinInstnId><BIC>RABONL2U</BIC></FinInstnId></DbtrAgt></RltdAgts>' +
      '<RmtInf><Ustrd>Gift</Ustrd><Ustrd>met dank</Ustrd></RmtInf></TxDtls>';
    const count = 5000;
    // The same detail each time but for the name, so the file can be written in blocks.
    const details = Array.from({ length: count }, (_, i) => detail(i)).join('');
    const path = await generated(
      'batch.xml',
      HEAD + ENTRY_HEAD.replace('10.00', (count * 2).toFixed(2)) + '<NtryDtls>',
      details,
      1,
      '</NtryDtls></Ntry>' + TAIL,
    );
    const { lines } = await parseFile(path);
    expect(lines).toHaveLength(count);
    expect(lines.at(-1)).toMatchObject({
      amountCents: 200,
      counterpartyName: `Donateur ${count - 1}`,
      counterpartyIban: 'NL44RABO0123456789',
      description: 'Gift met dank',
      bankReference: `R1#${count}`,
    });
  });
});
