import { crc32, deflateSync } from 'node:zlib';

/** Big enough to hit every length limit, small enough to stay under the 1 MB body limit. */
export const HUGE = 100_000;
/** Deep enough to break a recursive parser or validator. */
const DEEP = 5000;

/** A piece of JSON text spliced verbatim into an otherwise normal JSON body. */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON text of `value`, with every RawJson spliced in as is: deep nesting and non-JSON number
 * tokens (1e400, NaN) cannot go through JSON.stringify.
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@fuzz-raw-${raws.length - 1}@@`;
    }
    return v;
  });
  return raws.reduce((acc, raw, i) => acc.replace(`"@@fuzz-raw-${i}@@"`, () => raw), text ?? '');
}

export const deepArrays = (depth = DEEP) => new RawJson('['.repeat(depth) + ']'.repeat(depth));
export const deepObjects = (depth = DEEP) =>
  new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/**
 * UTF-8 that keeps lone surrogates as their three-byte form (WTF-8). Buffer.from would replace
 * them with U+FFFD, and then the server never sees the broken text we mean to send.
 */
export function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      bytes.push(...Buffer.from(text.slice(i, i + 2), 'utf8'));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      bytes.push(0xed, 0xa0 | ((unit >> 6) & 0x1f), 0x80 | (unit & 0x3f));
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

const UNRESERVED = /[A-Za-z0-9\-_.!~*'()]/;
/** encodeURIComponent that does not throw on lone surrogates (their WTF-8 bytes, escaped). */
function encodeComponent(text: string): string {
  let out = '';
  for (const byte of wtf8(text)) {
    const ch = String.fromCharCode(byte);
    out +=
      byte < 0x80 && UNRESERVED.test(ch)
        ? ch
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A query string or form body; array values repeat the key. */
export function encodePairs(pairs: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(pairs)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const v of values) parts.push(`${encodeComponent(key)}=${encodeComponent(asText(v))}`);
  }
  return parts.join('&');
}

/** How a JSON value travels in a text-only channel (query, form, multipart field). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  return value === undefined ? '' : jsonText(value);
}

export interface Part {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
  /** Replaces the generated part headers (for broken ones). */
  rawHeaders?: string;
}

/** A multipart/form-data body written by hand, so that it can be broken on purpose. */
export function multipartBody(
  boundary: string,
  parts: Part[],
  options: { closing?: boolean } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.rawHeaders !== undefined) {
      chunks.push(wtf8(part.rawHeaders));
    } else {
      let disposition = 'Content-Disposition: form-data';
      if (part.name !== undefined) disposition += `; name="${part.name}"`;
      if (part.filename !== undefined) disposition += `; filename="${part.filename}"`;
      chunks.push(wtf8(`${disposition}\r\n`));
      if (part.contentType) chunks.push(Buffer.from(`Content-Type: ${part.contentType}\r\n`));
    }
    chunks.push(Buffer.from('\r\n'));
    chunks.push(typeof part.data === 'string' ? wtf8(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  if (options.closing !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An RGB PNG that claims `width`×`height`; the pixel data covers `rows` rows only, so a huge
 * claimed size stays a tiny file (a decompression bomb header).
 */
export function png(width: number, height: number, rows = height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3, 0x7f);
  row[0] = 0; // filter: none
  const pixels = Buffer.concat(Array.from({ length: Math.min(rows, height) }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SMALL_PNG = png(4, 4);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');

/** Strings that have broken text handling somewhere: limits, encodings, storage, escaping. */
export const BAD_STRINGS: ReadonlyArray<readonly [string, string]> = [
  ['empty string', ''],
  ['single space', ' '],
  ['only whitespace', ' \t\r\n '],
  ['huge string', 'x'.repeat(HUGE)],
  ['huge multibyte string', '€'.repeat(HUGE)],
  ['huge whitespace', ' '.repeat(HUGE)],
  ['NUL byte', '\u0000'],
  ['NUL inside', 'Fuzz\u0000name'],
  ['NUL at end', 'fuzz\u0000'],
  ['lone high surrogate', '\uD800'],
  ['lone low surrogate', 'a\uDC00b'],
  ['reversed surrogate pair', '\uDC00\uD800'],
  ['noncharacters', '\uFFFE\uFFFF'],
  ['byte order mark', '\uFEFFfuzz'],
  ['zero-width space', '\u200B'],
  ['RTL override', '\u202Efuzz'],
  ['emoji ZWJ sequence', '👩‍👩‍👧‍👦'],
  ['combining marks', 'e\u0301'.repeat(100)],
  ['control characters', '\u0001\u0007\u001b[31m'],
  ['mixed newlines', 'a\r\nb\rc\nd'],
  ['SQL quote', "' OR '1'='1'; --"],
  ['HTML', '<script>alert(1)</script>'],
  ['template syntax', '${7*7}{{7*7}}'],
  ['percent escapes', '%00%ff%'],
  ['backslash', '\\'],
  ['"__proto__"', '__proto__'],
  ['"null"', 'null'],
  ['"undefined"', 'undefined'],
  ['"[object Object]"', '[object Object]'],
  ['invalid e-mail', 'not-an-email'],
  ['e-mail with NUL', 'fuzz\u0000@example.test'],
  ['huge e-mail', `${'a'.repeat(HUGE)}@example.test`],
  ['javascript: URL', 'javascript:alert(1)'],
  ['ftp URL', 'ftp://fuzz.example/x'],
  ['huge URL', `https://fuzz.example/${'a'.repeat(HUGE)}`],
];

/** Strings that Number() reads in surprising ways, and ones it should not read at all. */
export const NUMERIC_STRINGS: readonly string[] = [
  '0',
  '-1',
  '-0',
  '0x38',
  '0b11',
  '0o7',
  '1e3',
  '1E3',
  '9999999999',
  '2147483648',
  '99999999999999999999999',
  ' 1',
  '1 ',
  ' 12 ',
  '\t1',
  '+1',
  '.5',
  '5.',
  '1.5',
  '12.345',
  '1,5',
  '1_000',
  'NaN',
  'Infinity',
  '-Infinity',
  '١٢',
  '１',
  '00001',
  '1e-7',
  '1\u00001',
  'Ⅷ',
];

/** JSON numbers at and beyond every edge; RawJson for tokens JSON.stringify cannot write. */
export const BAD_NUMBERS: ReadonlyArray<readonly [string, unknown]> = [
  ['-1', -1],
  ['0', 0],
  ['-0', new RawJson('-0')],
  ['0.5', 0.5],
  ['1.5', 1.5],
  ['12.345', 12.345],
  ['1e-7', 1e-7],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['2^31', 2 ** 31],
  ['2^31-1', 2 ** 31 - 1],
  ['2^53+2', 2 ** 53 + 2],
  ['2^64', 2 ** 64],
  ['MIN_VALUE', Number.MIN_VALUE],
  ['999999.99', 999999.99],
  ['1000000', 1_000_000],
  ['1e400 (Infinity once parsed)', new RawJson('1e400')],
  ['-1e400', new RawJson('-1e400')],
  ['400-digit integer', new RawJson(`1${'0'.repeat(400)}`)],
  ['1.0', new RawJson('1.0')],
  ['1E2', new RawJson('1E2')],
];

/** Values of the wrong JSON type, whatever the field wants. */
export const WRONG_TYPES: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['number 1', 1],
  ['string "1"', '1'],
  ['string "true"', 'true'],
  ['empty object', {}],
  ['empty array', []],
  ['array with null', [null]],
  ['array of numbers', [1, 2, 3]],
  ['operator object', { $gt: '' }],
  ['nested object', { a: { b: { c: 1 } } }],
  ['5000-deep arrays', deepArrays()],
  ['5000-deep objects', deepObjects()],
  ['10 000-element array', Array.from({ length: 10_000 }, (_, i) => i)],
];

/** Values for id lists (user_ids): lengths, duplicates, mixed types. */
export const BAD_ID_LISTS: ReadonlyArray<readonly [string, unknown]> = [
  ['501 ids', Array.from({ length: 501 }, (_, i) => i + 1)],
  ['duplicates', [1, 1, 1]],
  ['mixed types', [1, '2', '0x3', null, true, {}]],
  ['zero and negatives', [0, -1]],
  ['huge ids', [2 ** 31, 9_999_999_999]],
  ['float ids', [1.5]],
  ['numeric strings', [' 1', '1e0', '0x1']],
  ['unknown ids', [999_999]],
  ['nested arrays', [[1], [[2]]]],
];

/** Path segments standing in for an id; already URL-encoded as they go on the wire. */
export const ODD_PATH_IDS: readonly string[] = [
  '0',
  '-1',
  '0x38',
  '1e3',
  '9999999999',
  '%00',
  'abc',
  '1.5',
  '%201',
  '1%20',
  '+1',
  '01',
  '2147483647',
  '2147483648',
  '-0',
  'NaN',
  'Infinity',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '%2e%2e',
  '1;x',
  '%0A1',
  '1'.repeat(400),
  '%EF%BC%91',
  '%D9%A1',
  '1%00',
  '1%2F2',
];

/** Raw query strings that are not what a URL encoder would write. */
export const ODD_QUERIES: readonly string[] = [
  '%',
  '%zz',
  '=',
  '&&&',
  '=1',
  '%00=1',
  '%ED%A0%80=1',
  `x=${'a'.repeat(HUGE)}`,
  '__proto__=1',
  'constructor[prototype][x]=1',
  'a[]=1&a[]=2',
];

/** Content types that a JSON route should refuse or at least survive. */
export const ODD_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/x-www-form-urlencoded; charset=utf-8',
  `application/json; x=${'a'.repeat(5000)}`,
];

/** Bodies that claim to be JSON and are not. */
export const INVALID_JSON: readonly string[] = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2,]',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":0x38}',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  'undefined',
  '"unterminated',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '\u0000',
  '{"a":"\u0000"}',
];
