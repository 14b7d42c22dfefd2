/**
 * What the CAMT.053 reader builds and how much of it, so that no upload can exhaust memory. Only
 * the elements below are built into trees; every other subtree streams past counted but unbuilt.
 * What is built is still capped, per account, balance or entry, and per transaction detail (a
 * batch entry legitimately holds thousands of those, each small).
 */
import type { SaxesTagPlain } from 'saxes';
import { readDetail, type Detail, type XmlNode } from './camt053-entry';
import { StatementError } from './statement';

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
  'Acct/Svcr/FinInstnId/BICFI',
  'Acct/Svcr/FinInstnId/BIC',
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
const MAX_ELEMENTS = 1000;
/** Characters of text kept for one such unit (a Ustrd line holds 140, AddtlTxInf 500). */
const MAX_TEXT = 32 * 1024;
/** Details of one batch entry: banks split collections far below this. */
const MAX_DETAILS = 100_000;
/**
 * Characters the XML parser may buffer without reporting anything (one text node, comment,
 * CDATA section or start tag with its attributes): it holds them whole until they end.
 */
export const MAX_STRETCH = 1024 * 1024;

/** An element or attribute name without its namespace prefix. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export const tooComplex = (what: string, line: number) =>
  new StatementError(
    'statement_malformed',
    `${what}; this is not a bank statement the import can read`,
    line,
  );

/** An element being built, with the children worth building under it. */
interface Open {
  node: XmlNode;
  wanted: Wanted;
}

/** What one unit (an account, balance, entry outside its details, or a detail) has used. */
interface Budget {
  elements: number;
  text: number;
}

/**
 * Builds the tree of one account, balance or entry from the parser's events, within the limits
 * above. An entry's details are taken out of the tree as each one closes (see `details`).
 */
export class UnitBuilder {
  /** The unit's element and its open descendants, innermost last. */
  private readonly kept: Open[] = [];
  /** Open elements that are not built (nor is anything below them). */
  private skipping = 0;
  private budget: Budget = { elements: 0, text: 0 };
  /** While a detail is open, the entry's budget waits here. */
  private entryBudget: Budget | null = null;
  /** An entry's details, each reduced to its few strings when it closes. */
  readonly details: Detail[] = [];

  constructor(tag: SaxesTagPlain, line: number, wanted: Wanted) {
    this.count(line);
    this.build(tag, line, wanted);
  }

  open(tag: SaxesTagPlain, line: number): void {
    const parent = this.kept.at(-1);
    const name = localName(tag.name);
    const wanted = this.skipping > 0 ? undefined : parent?.wanted.get(name);
    if (!parent || !wanted) {
      this.count(line);
      this.skipping += 1;
      return;
    }
    if (name === 'TxDtls') {
      if (this.details.length >= MAX_DETAILS) {
        throw tooComplex(`the entry has more than ${MAX_DETAILS} transaction details`, line);
      }
      this.entryBudget = this.budget;
      this.budget = { elements: 0, text: 0 };
    }
    this.count(line);
    parent.node.children.push(this.build(tag, line, wanted));
  }

  text(text: string, line: number): void {
    const open = this.kept.at(-1);
    if (!open || this.skipping > 0) return;
    this.budget.text += text.length;
    if (this.budget.text > MAX_TEXT) {
      throw tooComplex(`more than ${MAX_TEXT / 1024} KB of text in one entry or detail`, line);
    }
    open.node.text += text;
  }

  /** The unit's element once it closes; null while it is still open. */
  close(): XmlNode | null {
    if (this.skipping > 0) {
      this.skipping -= 1;
      return null;
    }
    const node = this.kept.pop()?.node;
    if (!node || this.kept.length === 0) return node ?? null;
    if (node.name === 'TxDtls') {
      // The detail's tree goes; what the entry needs of it stays, and its budget returns.
      this.kept.at(-1)?.node.children.pop();
      this.details.push(readDetail(node));
      if (this.entryBudget) this.budget = this.entryBudget;
      this.entryBudget = null;
    }
    return null;
  }

  /** Skipped elements count too: a real entry or detail has a few dozen of either kind. */
  private count(line: number): void {
    this.budget.elements += 1;
    if (this.budget.elements > MAX_ELEMENTS) {
      throw tooComplex(`more than ${MAX_ELEMENTS} elements in one entry or detail`, line);
    }
  }

  private build(tag: SaxesTagPlain, line: number, wanted: Wanted): XmlNode {
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attrs[localName(name)] = value;
    const node = { name: localName(tag.name), attrs, children: [], text: '', line };
    this.kept.push({ node, wanted });
    return node;
  }
}
