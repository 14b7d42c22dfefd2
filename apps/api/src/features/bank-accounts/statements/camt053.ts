/**
 * Streaming CAMT.053 (ISO 20022 BankToCustomerStatement, camt.053.001.02 to .08) parser. The
 * file is fed to saxes chunk by chunk; only the elements of the account, balance or entry being
 * read that camt053-limits.ts names are built, within its budgets, so memory grows with the
 * lines produced, not with the file, and a hostile file is refused rather than swallowed.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { readAccount, readBalance, readEntry, type Detail, type XmlNode } from './camt053-entry';
import {
  localName,
  MAX_DEPTH,
  MAX_STRETCH,
  tooComplex,
  UnitBuilder,
  WANTED,
} from './camt053-limits';
import {
  StatementError,
  type LineSink,
  type ParsedStatement,
  type StatementAccount,
} from './statement';

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})$/;
const SUPPORTED_VERSIONS = new Set(['02', '03', '04', '05', '06', '07', '08']);
/** Long enough to hold "<!DOCTYPE" when a chunk boundary cuts through it. */
const SCAN_OVERLAP = 9;
const DTD_MARKUP = /<!(?:DOCTYPE|ENTITY)/i;

interface OpenStatement {
  line: number;
  account: StatementAccount | null;
  /** Whether this is the first statement of its account (only that one's opening counts). */
  first: boolean;
  openingCode: string | null;
}

class Camt053Reader {
  constructor(private readonly onLine: LineSink) {
    this.listen();
  }

  // Namespaces are resolved by hand for the root only (every element of a statement is in its
  // one namespace): saxes' own resolution built a map per tag, the most garbage of a large file.
  private readonly parser = new SaxesParser<{ xmlns: false; position: true }>({
    xmlns: false,
    position: true,
  });
  private readonly accounts = new Map<string | null, StatementAccount>();
  private readonly result: ParsedStatement = {
    format: 'camt053',
    flavour: null,
    accounts: [],
    skipped: [],
  };
  private depth = 0;
  private tagLine = 1;
  private rootClosed = false;
  private statements = 0;
  private statement: OpenStatement | null = null;
  /** The account, balance or entry being built. */
  private unit: UnitBuilder | null = null;
  /** Parser position at its last report; what lies beyond is buffered inside saxes. */
  private reported = 0;
  private sawContent = false;
  private scanTail = '';
  /** While closing, saxes reports end-of-input problems here instead of failing at once. */
  private closeErrors: string[] | null = null;

  private listen(): void {
    const { parser } = this;
    parser.on('error', (error) => {
      if (this.closeErrors) {
        this.closeErrors.push(error.message);
        return;
      }
      // saxes prefixes "line:column: "; the line is reported separately.
      const reason = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
      throw new StatementError(
        'statement_malformed',
        `XML is not well-formed: ${reason}`,
        parser.line,
      );
    });
    // The pre-scan in write() normally refuses first; this catches any DOCTYPE it did not see.
    parser.on('doctype', () => {
      throw new StatementError('statement_doctype', 'a DOCTYPE is not allowed', parser.line);
    });
    // saxes takes one handler per event; each notes that the parser has reported progress.
    const at =
      <T>(handle: (value: T) => void) =>
      (value: T) => {
        this.reported = parser.position;
        handle(value);
      };
    parser.on(
      'opentagstart',
      at(() => {
        this.tagLine = parser.line;
      }),
    );
    parser.on(
      'opentag',
      at((tag) => this.open(tag)),
    );
    parser.on(
      'text',
      at((text) => this.text(text)),
    );
    parser.on(
      'cdata',
      at((text) => this.text(text)),
    );
    parser.on(
      'closetag',
      at(() => this.close()),
    );
    parser.on(
      'comment',
      at(() => undefined),
    );
    parser.on(
      'processinginstruction',
      at(() => undefined),
    );
  }

  write(text: string): void {
    if (text === '') return;
    this.refuseDtd(text);
    if (!this.sawContent && text.trim() !== '') this.sawContent = true;
    this.parser.write(text);
    if (this.parser.position - this.reported > MAX_STRETCH) {
      throw tooComplex(
        `a single text, comment or tag runs past ${MAX_STRETCH / 1024 / 1024} MB`,
        this.parser.line,
      );
    }
  }

  /**
   * DTDs are where entity bombs and external entities live. saxes reports a DOCTYPE only once
   * it has read all of it, so a huge internal subset would be buffered first; looking at the
   * raw text refuses it before a byte of it is parsed.
   */
  private refuseDtd(text: string): void {
    const window = this.scanTail + text;
    const match = DTD_MARKUP.exec(window);
    if (match) {
      const before = window.slice(
        this.scanTail.length,
        Math.max(match.index, this.scanTail.length),
      );
      const line = this.parser.line + (before.match(/\n/g)?.length ?? 0);
      throw new StatementError(
        'statement_doctype',
        'DOCTYPE and entity declarations are refused (never resolved)',
        line,
      );
    }
    this.scanTail = window.slice(-SCAN_OVERLAP);
  }

  /** After the last chunk: the statement, or why there is none. */
  finish(): ParsedStatement {
    if (!this.sawContent) throw new StatementError('statement_empty', 'the file is empty');
    if (this.depth > 0) {
      throw new StatementError('statement_truncated', 'the file ends before the statement does');
    }
    if (!this.rootClosed) {
      // Either only a declaration or comments (nothing to read) or cut inside the first tag.
      this.closeErrors = [];
      this.parser.close();
      if (this.closeErrors.some((m) => /unexpected end|unclosed tag/.test(m))) {
        throw new StatementError('statement_truncated', 'the file ends before the statement does');
      }
      throw new StatementError('statement_empty', 'the file holds no XML element');
    }
    this.parser.close();
    if (this.statements === 0) {
      throw new StatementError('statement_empty', 'the file holds no statement (Stmt)');
    }
    this.result.accounts = [...this.accounts.values()];
    return this.result;
  }

  /** Inside the root element, where an end of input means a cut-off file. */
  get inside(): boolean {
    return this.depth > 0;
  }

  private open(tag: SaxesTagPlain): void {
    this.depth += 1;
    const line = this.tagLine;
    if (this.depth > MAX_DEPTH) {
      throw tooComplex(`elements are nested more than ${MAX_DEPTH} deep`, line);
    }
    const name = localName(tag.name);
    const wanted = WANTED.get(name);
    if (this.unit) {
      this.unit.open(tag, line);
    } else if (this.depth === 1) {
      this.checkRoot(tag, line);
    } else if (this.depth === 2 && name !== 'BkToCstmrStmt') {
      throw new StatementError(
        'statement_malformed',
        `not a CAMT.053 statement: <Document> holds <${name}> instead of <BkToCstmrStmt>`,
        line,
      );
    } else if (this.depth === 3 && name === 'Stmt') {
      this.statement = { line, account: null, first: false, openingCode: null };
    } else if (this.depth === 4 && this.statement && wanted) {
      this.unit = new UnitBuilder(tag, line, wanted);
    }
  }

  private checkRoot(tag: SaxesTagPlain, line: number): void {
    const colon = tag.name.indexOf(':');
    const binding = colon < 0 ? 'xmlns' : `xmlns:${tag.name.slice(0, colon)}`;
    const uri = tag.attributes[binding] ?? '';
    const local = localName(tag.name);
    const version = NAMESPACE.exec(uri)?.[1];
    if (local !== 'Document' || version === undefined) {
      const where = uri ? ` in namespace ${uri}` : ' without a namespace';
      throw new StatementError(
        'statement_malformed',
        `not a CAMT.053 statement: the root is <${local}>${where}`,
        line,
      );
    }
    if (!SUPPORTED_VERSIONS.has(version)) {
      throw new StatementError(
        'statement_malformed',
        `camt.053.001.${version} is not supported (versions .02 to .08 are)`,
        line,
      );
    }
  }

  private text(text: string): void {
    this.unit?.text(text, this.parser.line);
  }

  private close(): void {
    const unit = this.unit;
    if (unit) {
      const done = unit.close();
      if (done) {
        this.unit = null;
        this.take(done, unit.details);
      }
    } else if (this.depth === 3 && this.statement) {
      this.endStatement(this.statement);
    } else if (this.depth === 1) {
      this.rootClosed = true;
    }
    this.depth -= 1;
  }

  private take(node: XmlNode, details: Detail[]): void {
    const statement = this.statement;
    if (!statement) return;
    if (node.name === 'Acct') {
      this.startAccount(statement, node);
      return;
    }
    // The schema puts Acct before Bal and Ntry; without it there is no account to book on.
    const account = statement.account;
    if (!account) {
      throw new StatementError('statement_malformed', `<${node.name}> before <Acct>`, node.line);
    }
    if (node.name === 'Bal') this.balance(statement, account, node);
    else {
      const entry = readEntry(node, details);
      for (const line of entry.lines) this.onLine(account, line);
      for (const skipped of entry.skipped) this.result.skipped.push(skipped);
    }
  }

  private startAccount(statement: OpenStatement, node: XmlNode): void {
    const { iban, holderName, bankBic } = readAccount(node);
    const known = this.accounts.get(iban);
    if (known) {
      known.holderName ??= holderName;
      if (bankBic) known.bankBic ??= bankBic;
      // A later statement's closing supersedes; absent one, an earlier closing would not
      // include this statement's lines, so none is better than a wrong one.
      known.closingBalanceCents = null;
      statement.account = known;
      return;
    }
    const account: StatementAccount = {
      iban,
      ...(bankBic ? { bankBic } : {}),
      holderName,
      openingBalanceCents: null,
      closingBalanceCents: null,
      lines: [],
    };
    this.accounts.set(iban, account);
    statement.account = account;
    statement.first = true;
  }

  private balance(statement: OpenStatement, account: StatementAccount, node: XmlNode): void {
    const balance = readBalance(node);
    if (!balance) return;
    if (balance.code === 'CLBD') {
      account.closingBalanceCents = balance.cents;
    } else if (statement.first && statement.openingCode !== 'OPBD') {
      // PRCD (the previous closing) stands in for OPBD when a bank gives only that.
      account.openingBalanceCents = balance.cents;
      statement.openingCode = balance.code;
    }
  }

  private endStatement(statement: OpenStatement): void {
    if (!statement.account) {
      throw new StatementError('statement_malformed', '<Stmt> without <Acct>', statement.line);
    }
    this.statement = null;
    this.statements += 1;
  }
}

/** Parses a CAMT.053 file given as a stream of chunks (UTF-8, as ISO 20022 prescribes). */
export async function parseCamt053(
  input: AsyncIterable<Buffer | string>,
  onLine: LineSink = (account, line) => void account.lines.push(line),
): Promise<ParsedStatement> {
  const reader = new Camt053Reader(onLine);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      // A character cut off at the very end is a truncated file, not a wrong encoding.
      if (chunk === undefined && reader.inside) {
        throw new StatementError('statement_truncated', 'the file ends inside a character');
      }
      throw new StatementError('statement_malformed', 'the file is not valid UTF-8');
    }
  };
  for await (const chunk of input) {
    reader.write(typeof chunk === 'string' ? chunk : decode(chunk));
  }
  reader.write(decode());
  return reader.finish();
}
