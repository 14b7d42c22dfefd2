/**
 * What the CAMT.053 reader builds and how much of it, so that no upload can exhaust memory. Only
 * the elements below are built into trees; every other subtree streams past counted but unbuilt.
 * What is built is still capped, per account, balance or entry, and per transaction detail (a
 * batch entry legitimately holds thousands of those, each small).
 */

/** Element names by local name, each with the children worth building under it. */
export interface Wanted extends ReadonlyMap<string, Wanted> {
  get(name: string): Wanted | undefined;
}
type Building = Map<string, Building>;

function tree(paths: string[]): Wanted {
  const root: Building = new Map();
  for (const path of paths) {
    let node = root;
    for (const name of path.split('/')) {
      const next: Building = node.get(name) ?? new Map<string, Building>();
      node.set(name, next);
      node = next;
    }
  }
  return root;
}

const PARTY_PATHS = ['Cdtr', 'Dbtr', 'UltmtCdtr', 'UltmtDbtr'].flatMap((role) => [
  `RltdPties/${role}/Nm`,
  `RltdPties/${role}/Pty/Nm`,
]);
const ACCOUNT_PATHS = ['CdtrAcct', 'DbtrAcct'].flatMap((role) => [
  `RltdPties/${role}/Id/IBAN`,
  `RltdPties/${role}/Id/Othr/Id`,
]);
const DETAIL_PATHS = [
  'Amt',
  'AmtDtls/TxAmt/Amt',
  'CdtDbtInd',
  'Refs/AcctSvcrRef',
  ...PARTY_PATHS,
  ...ACCOUNT_PATHS,
  'RmtInf/Ustrd',
  'RmtInf/Strd/CdtrRefInf/Ref',
  'RmtInf/Strd/AddtlRmtInf',
  'AddtlTxInf',
];

/** The children of `Stmt` that are read, and within them what camt053-entry.ts looks at. */
export const WANTED = tree([
  'Acct/Id/IBAN',
  'Acct/Id/Othr/Id',
  'Acct/Ownr/Nm',
  'Bal/Tp/CdOrPrtry/Cd',
  'Bal/Amt',
  'Bal/CdtDbtInd',
  'Ntry/Amt',
  'Ntry/CdtDbtInd',
  'Ntry/Sts/Cd',
  'Ntry/Sts/Prtry',
  'Ntry/BookgDt/Dt',
  'Ntry/BookgDt/DtTm',
  'Ntry/AcctSvcrRef',
  'Ntry/NtryRef',
  'Ntry/AddtlNtryInf',
  ...DETAIL_PATHS.map((path) => `Ntry/NtryDtls/TxDtls/${path}`),
]);

/**
 * Nesting of the whole document. The deepest path read is 10 levels down and real statements
 * (addresses, structured remittance) stay under 20; the parser keeps a stack entry per level.
 */
export const MAX_DEPTH = 40;
/**
 * Elements, built or skipped, in one account, balance, entry (outside its details) or detail.
 * A full detail (references, parties with addresses, codes, remittance) has well under 100.
 */
export const MAX_ELEMENTS = 1000;
/** Characters of text kept for one such unit (a Ustrd line holds 140, AddtlTxInf 500). */
export const MAX_TEXT = 32 * 1024;
/** Details of one batch entry: banks split collections far below this. */
export const MAX_DETAILS = 100_000;
/**
 * Characters the XML parser may buffer without reporting anything (one text node, comment,
 * CDATA section or start tag with its attributes): it holds them whole until they end.
 */
export const MAX_STRETCH = 1024 * 1024;
