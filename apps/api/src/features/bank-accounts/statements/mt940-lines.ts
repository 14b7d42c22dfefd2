/**
 * Bytes of an MT940 file into numbered text lines, without holding the file in memory. Dutch
 * banks hand out both UTF-8 and Windows-1252 exports and say neither, so the encoding is told
 * from the bytes themselves.
 */
import iconv from 'iconv-lite';
import { StatementError } from './statement';

export interface TextLine {
  /** The line without its line break (CRLF, LF or a lone CR). */
  text: string;
  /** 1-based. */
  line: number;
}

/** MT940 lines are at most 65 characters; anything this long is not a statement file. */
const MAX_LINE = 100_000;
/** A UTF-8 sequence is at most 4 bytes: with fewer after the first high byte we wait for more. */
const SEQUENCE = 4;

/**
 * Decides once per file: the bytes up to the first non-ASCII byte read the same either way, and
 * the first non-ASCII sequence decides. Windows-1252 text almost never happens to be valid UTF-8
 * (an accented letter followed by a plain one is not), while real UTF-8 always is.
 */
class ChunkDecoder {
  private mode: 'undecided' | 'utf8' | 'cp1252' = 'undecided';
  private pending = Buffer.alloc(0);
  // Non-fatal once chosen: a stray bad byte later on becomes U+FFFD instead of losing the file.
  private readonly utf8 = new TextDecoder('utf-8');
  private readonly cp1252 = iconv.getDecoder('windows-1252');

  write(chunk: Buffer): string {
    if (this.mode === 'utf8') return this.utf8.decode(chunk, { stream: true });
    if (this.mode === 'cp1252') return this.cp1252.write(chunk);
    return this.undecided(chunk, false);
  }

  end(): string {
    if (this.mode === 'utf8') return this.utf8.decode();
    if (this.mode === 'cp1252') return this.cp1252.end() ?? '';
    return this.undecided(Buffer.alloc(0), true);
  }

  private undecided(chunk: Buffer, final: boolean): string {
    const bytes = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const high = bytes.findIndex((b) => b >= 0x80);
    if (high < 0) {
      this.pending = Buffer.alloc(0);
      return bytes.toString('latin1');
    }
    const ascii = bytes.subarray(0, high).toString('latin1');
    if (!final && bytes.length - high < SEQUENCE) {
      this.pending = Buffer.from(bytes.subarray(high));
      return ascii;
    }
    this.pending = Buffer.alloc(0);
    const rest = bytes.subarray(high);
    this.mode = isUtf8(rest, final) ? 'utf8' : 'cp1252';
    // The BOM can only stand at offset 0, where `ascii` is empty, so the UTF-8 decoder strips it.
    const text =
      this.mode === 'utf8' ? this.utf8.decode(rest, { stream: !final }) : this.cp1252.write(rest);
    return ascii + text;
  }
}

function isUtf8(bytes: Buffer, final: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !final });
    return true;
  } catch {
    return false;
  }
}

/** The lines of a stream of chunks, split anywhere (also inside a CRLF or a UTF-8 sequence). */
export async function* readLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<TextLine> {
  const decoder = new ChunkDecoder();
  let rest = '';
  let line = 0;
  let first = true;

  function* take(final: boolean): Generator<TextLine> {
    if (first && rest.length > 0) {
      if (rest.startsWith('\uFEFF')) rest = rest.slice(1);
      first = false;
    }
    let start = 0;
    // Local: a shared /g regex would be reset by another file parsed at the same time.
    const BREAK = /\r\n|\r|\n/g;
    for (let m = BREAK.exec(rest); m; m = BREAK.exec(rest)) {
      // A CR at the end of the chunk may be the first half of a CRLF.
      if (!final && m[0] === '\r' && m.index === rest.length - 1) break;
      line += 1;
      yield { text: rest.slice(start, m.index), line };
      start = m.index + m[0].length;
    }
    rest = rest.slice(start);
    if (rest.length > MAX_LINE) {
      throw new StatementError('statement_malformed', 'the line is far too long', line + 1);
    }
    if (final && rest.length > 0) {
      line += 1;
      yield { text: rest, line };
      rest = '';
    }
  }

  for await (const chunk of input) {
    rest += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    yield* take(false);
  }
  rest += decoder.end();
  yield* take(true);
}
