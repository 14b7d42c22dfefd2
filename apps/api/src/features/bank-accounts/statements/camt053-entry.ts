/**
 * Reading the parts of a CAMT.053 statement (account, balance, entry) from small element trees.
 * The streaming reader in camt053.ts keeps only one such tree at a time, so these helpers may
 * look around freely without the file ever being held whole.
 */
import {
  StatementError,
  decimalToCents,
  foldText,
  isoDate,
  normaliseIban,
  type SkippedLine,
  type StatementLine,
} from './statement';

/** One element kept from the stream, by local name (the namespace differs per version). */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  /** Line of the element's start tag. */
  line: number;
}

/** The only currency the ledger books; lines in others are listed as skipped. */
const HOME_CURRENCY = 'EUR';

/** Every element reached by following `path` from `node`, fanning out over repeated elements. */
function select(node: XmlNode, ...path: string[]): XmlNode[] {
  let found = [node];
  for (const name of path) {
    const next: XmlNode[] = [];
    for (const parent of found) {
      for (const child of parent.children) if (child.name === name) next.push(child);
    }
    found = next;
  }
  return found;
}

/** The first element `select` would give, without building the lists (this runs per field). */
function first(node: XmlNode, ...path: string[]): XmlNode | null {
  return firstFrom(node, path, 0);
}

function firstFrom(node: XmlNode, path: string[], at: number): XmlNode | null {
  if (at === path.length) return node;
  for (const child of node.children) {
    if (child.name !== path[at]) continue;
    const found = firstFrom(child, path, at + 1);
    if (found) return found;
  }
  return null;
}

/** Trimmed text at `path`, null when the element is absent or blank. */
function textOf(node: XmlNode, ...path: string[]): string | null {
  const text = first(node, ...path)?.text.trim();
  return text ? text : null;
}

const malformed = (message: string, line: number) =>
  new StatementError('statement_malformed', message, line);

interface Amount {
  currency: string;
  /** Unsigned: the direction lives in CdtDbtInd. */
  cents: number;
}

function readAmount(amt: XmlNode): Amount {
  const currency = amt.attrs.Ccy?.trim().toUpperCase();
  if (!currency) throw malformed('<Amt> has no Ccy attribute', amt.line);
  // The schema allows five decimals; zeros past the cent are harmless, other digits cannot be
  // booked in cents and still fail below.
  const text = amt.text.trim().replace(/(\.\d\d)0+$/, '$1');
  if (text.startsWith('-')) {
    throw new StatementError(
      'statement_bad_amount',
      `"${text}" is negative; CAMT amounts carry their sign in CdtDbtInd`,
      amt.line,
    );
  }
  return { currency, cents: decimalToCents(text, '.', amt.line) };
}

function requireAmount(node: XmlNode, what: string): Amount {
  const amt = first(node, 'Amt');
  if (!amt) throw malformed(`<${what}> has no <Amt>`, node.line);
  return readAmount(amt);
}

/** +1 for CRDT, -1 for DBIT, null when there is no (or a blank) indicator. */
function signOf(indicator: XmlNode | null): 1 | -1 | null {
  const text = indicator?.text.trim();
  if (!indicator || !text) return null;
  if (text === 'CRDT') return 1;
  if (text === 'DBIT') return -1;
  throw malformed(`CdtDbtInd "${text}" is neither CRDT nor DBIT`, indicator.line);
}

function requireSign(node: XmlNode): 1 | -1 {
  const sign = signOf(first(node, 'CdtDbtInd'));
  if (sign === null) throw malformed(`<${node.name}> has no CdtDbtInd`, node.line);
  return sign;
}

export interface AccountInfo {
  iban: string | null;
  holderName: string | null;
  /** The servicing bank's BIC, where the file names it. */
  bankBic: string | null;
}

/** Accounts without an IBAN (some savings or foreign accounts) still have a proprietary id. */
export function readAccount(acct: XmlNode): AccountInfo {
  return {
    iban: normaliseIban(textOf(acct, 'Id', 'IBAN') ?? textOf(acct, 'Id', 'Othr', 'Id')),
    holderName: foldText(textOf(acct, 'Ownr', 'Nm')),
    bankBic: normaliseIban(
      textOf(acct, 'Svcr', 'FinInstnId', 'BICFI') ?? textOf(acct, 'Svcr', 'FinInstnId', 'BIC'),
    ),
  };
}

export interface Balance {
  code: 'OPBD' | 'PRCD' | 'CLBD';
  /** Signed; null for a balance in another currency, which cents of euros cannot express. */
  cents: number | null;
}

/** Only the opening and closing balances matter; others (ITBD, CLAV, …) are not even parsed. */
export function readBalance(bal: XmlNode): Balance | null {
  const code = textOf(bal, 'Tp', 'CdOrPrtry', 'Cd');
  if (code !== 'OPBD' && code !== 'PRCD' && code !== 'CLBD') return null;
  const amount = requireAmount(bal, 'Bal');
  const sign = requireSign(bal);
  return { code, cents: amount.currency === HOME_CURRENCY ? sign * amount.cents : null };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}/;

function readBookingDate(ntry: XmlNode): string {
  const date = first(ntry, 'BookgDt', 'Dt');
  const node = date ?? first(ntry, 'BookgDt', 'DtTm');
  if (!node)
    throw new StatementError('statement_bad_date', 'booked entry has no BookgDt', ntry.line);
  const text = node.text.trim();
  const match = (node === date ? DATE : DATE_TIME).exec(text);
  if (!match) throw new StatementError('statement_bad_date', `"${text}" is not a date`, node.line);
  // A DtTm's date part is the bank's own day, which is what the ledger books on.
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]), node.line);
}

interface Party {
  name: string | null;
  iban: string | null;
}

/**
 * What the ledger needs of one `TxDtls`, taken when it closes so that a batch entry holds these
 * few strings per detail rather than each detail's element tree. Nothing is checked yet: an
 * entry that turns out not to be booked must not fail on its details.
 */
export interface Detail {
  line: number;
  /** `Amt` (from .03) or `AmtDtls/TxAmt/Amt`: a leaf, kept as it is. */
  amount: XmlNode | null;
  /** The detail's own CdtDbtInd, as a node so that a bad value can name its line. */
  indicator: XmlNode | null;
  reference: string | null;
  creditor: Party;
  debtor: Party;
  /** Remittance information; the entry's AddtlNtryInf is the fallback, added later. */
  description: string | null;
}

/**
 * A party in `RltdPties`. Up to .07 the name sits directly in Cdtr/Dbtr; from .08 it is wrapped
 * in a Pty choice. A payment on behalf of someone else may name only the ultimate party.
 */
function party(tx: XmlNode, role: 'Cdtr' | 'Dbtr'): Party {
  const name =
    textOf(tx, 'RltdPties', role, 'Nm') ??
    textOf(tx, 'RltdPties', role, 'Pty', 'Nm') ??
    textOf(tx, 'RltdPties', `Ultmt${role}`, 'Nm') ??
    textOf(tx, 'RltdPties', `Ultmt${role}`, 'Pty', 'Nm');
  const account = `${role}Acct`;
  const iban =
    textOf(tx, 'RltdPties', account, 'Id', 'IBAN') ??
    textOf(tx, 'RltdPties', account, 'Id', 'Othr', 'Id');
  return { name: foldText(name), iban: normaliseIban(iban) };
}

/** Each element's text as one line of a description (Ustrd lines are 140-character pieces). */
const joined = (nodes: XmlNode[]) => foldText(nodes.map((n) => n.text).join(' '));

/**
 * Unstructured lines first; a structured one gives its creditor reference (the RF or
 * betalingskenmerk a payer quotes) and any additional text, in that order.
 */
function remittance(tx: XmlNode): string | null {
  const structured = select(tx, 'RmtInf', 'Strd').map((strd) =>
    joined([...select(strd, 'CdtrRefInf', 'Ref'), ...select(strd, 'AddtlRmtInf')]),
  );
  return (
    joined(select(tx, 'RmtInf', 'Ustrd')) ??
    foldText(structured.join(' ')) ??
    foldText(textOf(tx, 'AddtlTxInf'))
  );
}

export function readDetail(tx: XmlNode): Detail {
  return {
    line: tx.line,
    amount: first(tx, 'Amt') ?? first(tx, 'AmtDtls', 'TxAmt', 'Amt'),
    indicator: first(tx, 'CdtDbtInd'),
    reference: textOf(tx, 'Refs', 'AcctSvcrRef'),
    creditor: party(tx, 'Cdtr'),
    debtor: party(tx, 'Dbtr'),
    description: remittance(tx),
  };
}

/** The other party is the one the money goes to (debit) or comes from (credit). */
function counterparty(detail: Detail, sign: 1 | -1) {
  const { name, iban } = sign < 0 ? detail.creditor : detail.debtor;
  return { counterpartyName: name, counterpartyIban: iban };
}

export interface EntryResult {
  lines: StatementLine[];
  skipped: SkippedLine[];
}

/**
 * One `Ntry` (its details already taken out as `details`): nothing (skipped), one line, or one
 * line per detail of a batch.
 */
export function readEntry(ntry: XmlNode, details: Detail[]): EntryResult {
  // .02–.07 write the status as text, .08 as a Cd (or Prtry) choice.
  const status = textOf(ntry, 'Sts', 'Cd') ?? textOf(ntry, 'Sts', 'Prtry') ?? textOf(ntry, 'Sts');
  if (status !== 'BOOK') {
    return {
      lines: [],
      skipped: [{ line: ntry.line, reason: 'not_booked', detail: status ?? '' }],
    };
  }
  const amount = requireAmount(ntry, 'Ntry');
  if (amount.currency !== HOME_CURRENCY) {
    return {
      lines: [],
      skipped: [{ line: ntry.line, reason: 'currency', detail: amount.currency }],
    };
  }
  const bookingDate = readBookingDate(ntry);
  const sign = requireSign(ntry);
  // Only the servicer's reference names a booking for good. NtryRef numbers the entries of one
  // statement, so the next day's file starts again at the same values: keyed by it, a new
  // booking would pass for one imported the day before.
  const entryRef = textOf(ntry, 'AcctSvcrRef');
  const entryInfo = textOf(ntry, 'AddtlNtryInf');
  const base = { bookingDate, currency: HOME_CURRENCY };

  if (details.length <= 1) {
    const tx = details[0];
    // A single detail describes the entry itself: the entry's Amt is what was booked on the
    // account, whereas the detail's amount may be the instructed one in another currency.
    const line: StatementLine = {
      ...base,
      line: ntry.line,
      amountCents: sign * amount.cents,
      ...(tx ? counterparty(tx, sign) : { counterpartyName: null, counterpartyIban: null }),
      description: tx?.description ?? foldText(entryInfo),
      bankReference: tx?.reference ?? entryRef,
    };
    return { lines: [line], skipped: [] };
  }

  const result: EntryResult = { lines: [], skipped: [] };
  details.forEach((tx, index) => {
    const amt = tx.amount;
    if (!amt) throw malformed('batch detail <TxDtls> has no amount', tx.line);
    const own = readAmount(amt);
    if (own.currency !== HOME_CURRENCY) {
      result.skipped.push({ line: tx.line, reason: 'currency', detail: own.currency });
      return;
    }
    const txSign = signOf(tx.indicator) ?? sign;
    result.lines.push({
      ...base,
      line: tx.line,
      amountCents: txSign * own.cents,
      ...counterparty(tx, txSign),
      description: tx.description ?? foldText(entryInfo),
      // The entry's reference is shared by the whole batch; the index makes it unique per line.
      bankReference: tx.reference ?? (entryRef === null ? null : `${entryRef}#${index + 1}`),
    });
  });
  return result;
}
