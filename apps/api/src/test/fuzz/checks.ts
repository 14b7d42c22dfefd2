import { ERROR_CODES } from '@helder/shared/http';

/**
 * What a response must never show, whatever was sent: internals help an attacker and mean an
 * error escaped the error handler. JSON escapes newlines, hence `\\n` next to `\n`.
 */
const LEAKS: ReadonlyArray<readonly [string, RegExp]> = [
  ['stack trace', /(?:^|\n|\\n)\s*at [^\n]*?:\d+:\d+\)?/],
  ['stack trace', /(?:^|\n|\\n) {4}at \S/],
  ['node_modules path', /node_modules/],
  ['source file path', /(?:^|[\s"'(=:])(?:\/[\w.@+-]+){2,}\.(?:[cm]?[jt]sx?|node)\b/],
  ['file path', /\/(?:home|root|usr|opt|var|tmp|srv|private|Users)\/[\w.-]+/],
  ['file path', /\b[A-Za-z]:\\\\?[\w.-]+\\/],
  ['file URL', /file:\/\/\//],
  [
    'SQL error text',
    /Failed query|syntax error at or near|violates (?:not-null|foreign key|check|unique) constraint|invalid input syntax for|out of range for type/i,
  ],
  [
    'JavaScript error text',
    /\b(?:TypeError|ReferenceError|RangeError)\b|Cannot read propert|Maximum call stack/,
  ],
];

const KNOWN_CODES = new Set<string>(ERROR_CODES);

export interface Observed {
  status: number;
  contentType: string | undefined;
  body: string;
  /** The contract's `public`: anonymous callers may succeed. */
  isPublic: boolean;
  /** Sent without a valid token (maybe with a broken one). */
  anonymous: boolean;
  /** Why the input must be refused: a 2xx is then a failure too. */
  mustReject?: string;
}

/** Everything wrong with one response; empty when it is fine. */
export function problemsOf(r: Observed): string[] {
  const problems: string[] = [];
  if (r.status >= 500) problems.push(`status ${r.status}`);
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(r.body) && !problems.includes(`leaks ${what}`)) problems.push(`leaks ${what}`);
  }
  if (r.status >= 400 && r.status < 500) problems.push(...errorBodyProblems(r));
  if (r.status >= 200 && r.status < 300 && r.anonymous && !r.isPublic) {
    problems.push('non-public endpoint succeeded without a valid token');
  }
  if (r.status >= 200 && r.status < 300 && r.mustReject) {
    problems.push(`accepted although ${r.mustReject}`);
  }
  return problems;
}

function errorBodyProblems(r: Observed): string[] {
  if (!r.contentType?.startsWith('application/json')) {
    return [`error body is ${r.contentType ?? 'untyped'}, not JSON`];
  }
  let body: unknown;
  try {
    body = JSON.parse(r.body);
  } catch {
    return ['error body is not valid JSON'];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return ['error body is not an object'];
  }
  const { detail, code } = body as { detail?: unknown; code?: unknown };
  const problems: string[] = [];
  if (typeof detail !== 'string') problems.push('error body lacks a string "detail"');
  if (typeof code !== 'string') problems.push('error body lacks a string "code"');
  else if (!KNOWN_CODES.has(code)) problems.push(`error code ${code} is not one of ERROR_CODES`);
  return problems;
}
