import type { Endpoint, HttpMethod } from '@helder/shared/http';
import type { NamedEndpoint } from './contracts';
import { DEFAULT_PASSWORD, type Fixture, type Tree } from './fixture';
import {
  asText,
  BAD_ID_LISTS,
  BAD_NUMBERS,
  BAD_STRINGS,
  deepArrays,
  deepObjects,
  encodePairs,
  HUGE,
  INVALID_JSON,
  jsonText,
  multipartBody,
  NUMERIC_STRINGS,
  ODD_CONTENT_TYPES,
  ODD_PATH_IDS,
  ODD_QUERIES,
  type Part,
  PDF_BYTES,
  png,
  RawJson,
  SMALL_PNG,
  WRONG_TYPES,
  wtf8,
} from './payloads';
import { caseSeed, Rng } from './prng';
import {
  defOf,
  isOptional,
  kindOf,
  type Kind,
  type Schema,
  shapeOf,
  unwrap,
  validValue,
  type ValueSource,
} from './schema-values';

type CaseKind =
  | 'valid'
  | 'path-id'
  | 'path-parent'
  | 'query-value'
  | 'query-shape'
  | 'body-field'
  | 'body-shape'
  | 'body-whole'
  | 'content-type'
  | 'multipart'
  | 'auth-header'
  | 'body-on-bodyless';

/** After the systematic pass, mutations of single fields matter most, so they come up most. */
const WEIGHTS: Record<CaseKind, number> = {
  valid: 1,
  'path-id': 2,
  'path-parent': 1,
  'query-value': 2,
  'query-shape': 1,
  'body-field': 4,
  'body-shape': 2,
  'body-whole': 2,
  'content-type': 2,
  multipart: 2,
  'auth-header': 1,
  'body-on-bodyless': 1,
};

export interface FuzzCase {
  index: number;
  endpoint: string;
  /** Whether anonymous callers may succeed (the contract's `public`). */
  isPublic: boolean;
  kind: CaseKind;
  /** What was broken, in words: `body.name ← NUL byte`. */
  label: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The Authorization header of the anonymous send (a broken one), if any. */
  anonAuth?: string;
  /** Why a 2xx would be wrong here (the input must be refused), if it would. */
  mustReject?: string;
}

type Encoding = 'json' | 'form' | 'multipart' | 'none';

/** A request before encoding: mutations change the parts, encode() writes the wire form. */
interface Draft {
  params: Record<string, string>;
  query: Record<string, unknown>;
  extraQuery?: string;
  encoding: Encoding;
  body: unknown;
  files: Part[];
  raw?: { contentType?: string; payload: string | Buffer };
  boundary: string;
}

interface Ctx {
  ep: Endpoint;
  draft: Draft;
  rng: Rng;
  fx: Fixture;
  tree: Tree;
  src: ValueSource;
  /** Set by a mutation whose input the API must refuse (see FuzzCase.mustReject). */
  mustReject?: string;
}

type Labeled = readonly [string, unknown];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawJson);

const show = (s: string) =>
  s.length > 40 ? `${JSON.stringify(s.slice(0, 20))}…(${s.length})` : JSON.stringify(s);

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/**
 * Number() reads it, yet it is no decimal number: hex, binary, exponents, padding, Infinity.
 * Numeric strings count as numbers only in plain decimal notation (docs/api-rules.md §1), or a hex
 * path id names another entity than the one the client meant.
 */
const nonDecimalNumber = (s: string) => s !== '' && !DECIMAL.test(s) && !Number.isNaN(Number(s));

const encodingOf = (ep: Endpoint): Encoding => ep.bodyType ?? (ep.body ? 'json' : 'none');

/** Path parameters with the entity each one names, from the segment before it. */
function pathParams(path: string): Array<{ name: string; entity: string }> {
  const segments = path.split('/');
  return segments.flatMap((seg, i) =>
    seg.startsWith(':') ? [{ name: seg.slice(1), entity: segments[i - 1] ?? '' }] : [],
  );
}

function entityId(entity: string, tree: Tree, fx: Fixture, rng: Rng): number {
  switch (entity) {
    case 'funder':
    case 'regulation':
    case 'grant':
    case 'initiative':
    case 'activity':
      return tree[entity];
    case 'user':
      return rng.pick(fx.users).id;
    default:
      return 1;
  }
}

function applicableKinds(ep: Endpoint): CaseKind[] {
  const kinds: CaseKind[] = ['valid', 'auth-header'];
  const params = pathParams(ep.path);
  if (params.length > 0) kinds.push('path-id');
  if (params.length > 1) kinds.push('path-parent');
  if (shapeOf(ep.query)) kinds.push('query-value');
  if (ep.query || ep.method === 'GET') kinds.push('query-shape');
  const encoding = encodingOf(ep);
  if (shapeOf(ep.body)) kinds.push('body-field', 'body-shape');
  if (encoding === 'json' && ep.body) kinds.push('body-whole');
  if (encoding !== 'none') kinds.push('content-type');
  if (encoding === 'multipart') kinds.push('multipart');
  if (encoding === 'none') kinds.push('body-on-bodyless');
  return kinds;
}

export interface PlannedCase {
  endpoint: NamedEndpoint;
  kind: CaseKind;
}

/** Every (endpoint, kind) pair once, in a seeded order: the first cases of a run cover them all. */
export function planSchedule(endpoints: NamedEndpoint[], seed: number): PlannedCase[] {
  const pairs = endpoints.flatMap((endpoint) =>
    applicableKinds(endpoint.endpoint).map((kind) => ({ endpoint, kind })),
  );
  return new Rng(seed ^ 0x2545f491).shuffle(pairs);
}

function randomPair(endpoints: NamedEndpoint[], rng: Rng): PlannedCase {
  const endpoint = rng.pick(endpoints);
  const kinds = applicableKinds(endpoint.endpoint);
  return { endpoint, kind: rng.weighted(kinds.map((k) => [WEIGHTS[k], k] as const)) };
}

function valueSource(index: number, rng: Rng, fx: Fixture): ValueSource {
  let n = 0;
  return {
    rng,
    unique: () => `${index.toString(36)}${(n++).toString(36)}`,
    hint: (name, schema) => {
      switch (name) {
        case 'user_ids':
          return rng.shuffle(fx.users.map((u) => u.id)).slice(0, rng.int(1, fx.users.length));
        case 'username':
          return rng.pick(fx.users).email;
        case 'password':
          return DEFAULT_PASSWORD;
        case 'email':
          // A plain-text e-mail (forgot-password) should name a real account now and then.
          return defOf(unwrap(schema)).format === 'email' ? undefined : rng.pick(fx.users).email;
        case 'entity_id':
          return rng.int(1, 3);
        default:
          return undefined;
      }
    },
  };
}

function validDraft(ep: Endpoint, ctx: Omit<Ctx, 'draft' | 'ep'>, index: number): Draft {
  const { rng, fx, tree, src } = ctx;
  const params: Record<string, string> = {};
  for (const { name, entity } of pathParams(ep.path)) {
    params[name] = String(entityId(entity, tree, fx, rng));
  }
  const query = ep.query ? validValue(ep.query, src) : {};
  if (isRecord(query) && typeof query.entity_class === 'string' && query.entity_id !== undefined) {
    // entity-access asks about one entity: name one that exists.
    query.entity_id = entityId(query.entity_class.toLowerCase(), tree, fx, rng);
  }
  const encoding = encodingOf(ep);
  const body = ep.body ? validValue(ep.body, src) : undefined;
  const files: Part[] =
    encoding === 'multipart' && !ep.body
      ? [{ name: 'file', filename: 'fuzz.png', contentType: 'image/png', data: SMALL_PNG }]
      : [];
  return {
    params,
    query: isRecord(query) ? query : {},
    encoding,
    body,
    files,
    boundary: `----fuzz${index.toString(36)}`,
  };
}

function fieldParts(body: unknown): Part[] {
  if (body === undefined) return [];
  if (!isRecord(body)) return [{ name: 'body', data: asText(body) }];
  return Object.entries(body).flatMap(([name, value]) =>
    (Array.isArray(value) ? (value as unknown[]) : [value]).map((v) => ({ name, data: asText(v) })),
  );
}

/** The wire form of the body under `encoding`: content type and payload. */
function encodeBody(
  draft: Draft,
  encoding: Encoding,
): { contentType?: string; payload?: string | Buffer } {
  switch (encoding) {
    case 'none':
      return {};
    case 'json':
      return draft.body === undefined
        ? {}
        : { contentType: 'application/json', payload: jsonText(draft.body) };
    case 'form':
      return {
        contentType: 'application/x-www-form-urlencoded',
        payload: isRecord(draft.body) ? encodePairs(draft.body) : asText(draft.body),
      };
    case 'multipart':
      return {
        contentType: `multipart/form-data; boundary=${draft.boundary}`,
        payload: multipartBody(draft.boundary, [...fieldParts(draft.body), ...draft.files]),
      };
  }
}

function encode(ep: Endpoint, draft: Draft): Pick<FuzzCase, 'url' | 'headers' | 'payload'> {
  const path = ep.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => draft.params[name] ?? '1');
  const query = [encodePairs(draft.query), draft.extraQuery].filter(Boolean).join('&');
  const url = `/api${path}${query ? `?${query}` : ''}`;
  const { contentType, payload } = draft.raw ?? encodeBody(draft, draft.encoding);
  const headers: Record<string, string> =
    contentType === undefined ? {} : { 'content-type': contentType };
  return payload === undefined ? { url, headers } : { url, headers, payload };
}

const labeled = (values: readonly string[]): Labeled[] =>
  values.map((v) => [`string ${show(v)}`, v]);

const BOOLEAN_ODD = labeled([
  'TRUE',
  'True',
  '1',
  '0',
  'yes',
  'on',
  ' true',
  'true ',
  'true\u0000',
  '',
]);

function enumOdd(schema: Schema): Labeled[] {
  const values = Object.values(defOf(unwrap(schema)).entries ?? {}).map(String);
  const first = values[0] ?? 'x';
  return labeled([
    first.toUpperCase(),
    ` ${first}`,
    `${first} `,
    `${first}\u0000`,
    first.replace(/ /g, '  '),
    first.replace(/ /g, '-'),
    values.join(','),
  ]);
}

/** A bad value for a field of `kind`, mostly of the kind's own trouble, sometimes any other. */
function badValue(kind: Kind, schema: Schema, rng: Rng): Labeled {
  const numbers = BAD_NUMBERS;
  const numericStrings = labeled(NUMERIC_STRINGS);
  type Pools = ReadonlyArray<readonly [number, readonly Labeled[]]>;
  const pools = (
    {
      string: [
        [6, BAD_STRINGS],
        [2, WRONG_TYPES],
        [1, numbers],
      ],
      number: [
        [4, numbers],
        [4, numericStrings],
        [2, WRONG_TYPES],
        [1, BAD_STRINGS],
      ],
      boolean: [
        [3, BOOLEAN_ODD],
        [2, WRONG_TYPES],
        [1, numericStrings],
        [1, BAD_STRINGS],
      ],
      enum: [
        [3, enumOdd(schema)],
        [2, BAD_STRINGS],
        [2, WRONG_TYPES],
      ],
      literal: [
        [2, BAD_STRINGS],
        [2, WRONG_TYPES],
      ],
      array: [
        [3, BAD_ID_LISTS],
        [2, WRONG_TYPES],
        [1, BAD_STRINGS.map(([l, v]) => [`[${l}]`, [v]] as const)],
      ],
      object: [
        [2, WRONG_TYPES],
        [1, BAD_STRINGS],
      ],
      other: [
        [2, WRONG_TYPES],
        [2, BAD_STRINGS],
        [1, numbers],
      ],
    } satisfies Record<Kind, Pools>
  )[kind];
  return rng.pick(rng.weighted(pools));
}

// ---- one function per case kind: each changes the draft and says what it did -------------------

function mutatePathId(ctx: Ctx): string {
  const { ep, draft, rng } = ctx;
  const { name } = rng.pick(pathParams(ep.path));
  const real = Number(draft.params[name]);
  let value: string;
  let label: string;
  if (rng.chance(0.4)) {
    // The real id in another notation: accepted, it would reach a row that exists.
    value = rng.pick([
      `0x${real.toString(16)}`,
      `${real}e0`,
      `%20${real}`,
      `${real}%20`,
      `%0A${real}`,
      `${real}.0`,
      `0${real}`,
      `${real}.5`,
    ]);
    label = `path :${name} ← ${show(value)} (the real id ${real} disguised)`;
  } else {
    value = rng.pick(ODD_PATH_IDS);
    label = `path :${name} ← ${show(value)}`;
  }
  draft.params[name] = value;
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    decoded = undefined;
  }
  if (decoded !== undefined && nonDecimalNumber(decoded)) {
    ctx.mustReject = 'the path id is not in decimal notation';
  }
  return label;
}

function mutatePathParent({ ep, draft, rng, fx, tree }: Ctx): string {
  const params = pathParams(ep.path);
  const parents = params.slice(0, -1);
  const choice = rng.int(0, 3);
  if (choice === 3) {
    for (const p of parents) draft.params[p.name] = '0';
    return 'every parent id ← 0';
  }
  const { name, entity } = rng.pick(parents);
  if (choice === 0) {
    const other = fx.trees.find((t) => t !== tree);
    if (other) {
      draft.params[name] = String(entityId(entity, other, fx, rng));
      return `path :${name} ← the ${entity} of another tree`;
    }
  }
  draft.params[name] = choice === 1 ? '0' : '999999';
  return `path :${name} ← ${draft.params[name]}`;
}

function mutateQueryValue(ctx: Ctx): string {
  const { ep, draft, rng } = ctx;
  const shape = shapeOf(ep.query)!;
  const key = rng.pick(Object.keys(shape));
  const field = shape[key]!;
  if (rng.chance(0.1)) {
    draft.query[key] = ['1', '2'];
    return `query ${key} repeated`;
  }
  const kind = kindOf(field);
  const pool: readonly Labeled[] =
    kind === 'number'
      ? labeled(NUMERIC_STRINGS)
      : kind === 'boolean'
        ? BOOLEAN_ODD
        : kind === 'enum'
          ? [...enumOdd(field), ...BAD_STRINGS]
          : BAD_STRINGS;
  const [label, value] = rng.chance(0.15) ? rng.pick(BAD_STRINGS) : rng.pick(pool);
  draft.query[key] = asText(value);
  if (kind === 'number' && nonDecimalNumber(asText(value))) {
    ctx.mustReject = 'the query number is not in decimal notation';
  }
  return `query ${key} ← ${label}`;
}

function mutateQueryShape({ ep, draft, rng }: Ctx): string {
  const shape = shapeOf(ep.query);
  const required = shape ? Object.keys(shape).filter((k) => !isOptional(shape[k]!)) : [];
  switch (rng.int(0, 4)) {
    case 0:
      if (required.length > 0) {
        const key = rng.pick(required);
        delete draft.query[key];
        return `query ${key} missing`;
      }
      draft.query = {};
      return 'query empty';
    case 1:
      draft.query.unknown_param = 'x';
      return 'query with an unknown key';
    case 2:
      for (const key of Object.keys(shape ?? {})) draft.query[key] = '';
      return 'every query value empty';
    case 3:
      draft.extraQuery = Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&');
      return '2000 query parameters';
    default: {
      const raw = rng.pick(ODD_QUERIES);
      draft.extraQuery = raw;
      return `raw query ${show(raw)}`;
    }
  }
}

function mutateBodyField(ctx: Ctx): string {
  const { ep, draft, rng } = ctx;
  const shape = shapeOf(ep.body)!;
  const key = rng.pick(Object.keys(shape));
  const field = shape[key]!;
  const kind = kindOf(field);
  const [label, value] = badValue(kind, field, rng);
  draft.body = { ...(isRecord(draft.body) ? draft.body : {}), [key]: value };
  if (kind === 'number' && typeof value === 'string' && nonDecimalNumber(value)) {
    ctx.mustReject = 'the body number is not in decimal notation';
  }
  return `body.${key} ← ${label}`;
}

function mutateBodyShape({ ep, draft, rng }: Ctx): string {
  const shape = shapeOf(ep.body)!;
  const body = isRecord(draft.body) ? { ...draft.body } : {};
  const keys = Object.keys(shape);
  const required = keys.filter((k) => !isOptional(shape[k]!));
  switch (rng.int(0, 5)) {
    case 0: {
      if (required.length === 0) break;
      const key = rng.pick(required);
      delete body[key];
      draft.body = body;
      return `body.${key} missing`;
    }
    case 1:
      draft.body = {};
      return 'body {}';
    case 2: {
      const extras: Labeled[] = [
        ['unknown_field', 'x'],
        ['id', 999],
        ['income', 5],
        ['is_superuser', true],
        ['role', 'administrator'],
        ['constructor', { prototype: { polluted: true } }],
      ];
      const [key, value] = rng.pick(extras);
      draft.body = { ...body, [key]: value };
      // An own "__proto__" key survives only when it comes from JSON.parse.
      if (rng.chance(0.3)) {
        draft.body = { ...(JSON.parse('{"__proto__":{"polluted":true}}') as object), ...body };
        return 'body with an own "__proto__" key';
      }
      return `body with extra key ${key}`;
    }
    case 3: {
      const key = rng.pick(keys);
      const variant = rng.pick([key.toUpperCase(), `${key} `, `${key}\u0000`, `\uD800${key}`]);
      const { [key]: value, ...rest } = body;
      draft.body = { ...rest, [variant]: value ?? 'x' };
      return `body key ${show(key)} renamed to ${show(variant)}`;
    }
    case 4:
      draft.body = Object.fromEntries(keys.map((k) => [k, null]));
      return 'every body field null';
    default:
      break;
  }
  draft.body = {
    ...body,
    ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`extra${i}`, i])),
  };
  return 'body with 1000 unknown keys';
}

function mutateBodyWhole({ draft, rng }: Ctx): string {
  switch (rng.int(0, 5)) {
    case 0: {
      const [label, value] = rng.pick(WRONG_TYPES);
      draft.body = value;
      return `whole body ← ${label}`;
    }
    case 1: {
      const text = rng.pick(INVALID_JSON);
      draft.raw = { contentType: 'application/json', payload: text };
      return `odd JSON text ${show(text)}`;
    }
    case 2: {
      const payload = rng.pick(['', ' ', '\r\n']);
      draft.raw = { contentType: 'application/json', payload };
      return `JSON body ${show(payload)}`;
    }
    case 3:
      draft.body = { ...(isRecord(draft.body) ? draft.body : {}), padding: 'x'.repeat(1_100_000) };
      return 'body over the 1 MB limit';
    case 4:
      draft.raw = {
        contentType: 'application/json',
        payload: Buffer.concat([
          Buffer.from('{"name":"'),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
      };
      return 'invalid UTF-8 bytes in a JSON string';
    default:
      draft.body = rng.chance(0.5) ? deepArrays() : deepObjects();
      return 'whole body 5000 levels deep';
  }
}

function mutateContentType({ ep, draft, rng }: Ctx): string {
  const own = encodingOf(ep);
  const others = (['json', 'form', 'multipart'] as const).filter((e) => e !== own);
  switch (rng.int(0, 4)) {
    case 0: {
      const contentType = rng.pick(ODD_CONTENT_TYPES);
      draft.raw = { contentType, payload: encodeBody(draft, own).payload ?? '{}' };
      return `content type ${show(contentType)}`;
    }
    case 1:
      draft.raw = { payload: encodeBody(draft, own).payload ?? '{}' };
      return 'no content type';
    case 2: {
      const encoding = rng.pick(others);
      if (encoding === 'multipart' && own === 'json') draft.files = [];
      // A picture upload has no body of its own: give the other encodings something to carry.
      draft.body ??= { file: SMALL_PNG.toString('base64') };
      draft.encoding = encoding;
      return `body sent as ${encoding} instead of ${own}`;
    }
    case 3:
      draft.raw = { contentType: 'multipart/form-data; boundary=xyz', payload: 'garbage' };
      return 'multipart content type with garbage';
    default:
      draft.raw = { contentType: 'multipart/form-data', payload: jsonText(draft.body ?? {}) };
      return 'multipart without boundary, JSON payload';
  }
}

let bigFile: Buffer | undefined;

function mutateMultipart({ draft, rng }: Ctx): string {
  const b = draft.boundary;
  const fields = fieldParts(draft.body);
  const file = (data: Buffer, extra: Partial<Part> = {}): Part => ({
    name: 'file',
    filename: 'fuzz.png',
    contentType: 'image/png',
    data,
    ...extra,
  });
  const variants: Array<[string, () => void]> = [
    [
      'multipart without boundary',
      () =>
        (draft.raw = {
          contentType: 'multipart/form-data',
          payload: encodeBody(draft, 'multipart').payload!,
        }),
    ],
    [
      'boundary mismatch',
      () =>
        (draft.raw = {
          contentType: 'multipart/form-data; boundary=other',
          payload: encodeBody(draft, 'multipart').payload!,
        }),
    ],
    [
      'no closing boundary',
      () =>
        (draft.raw = {
          contentType: `multipart/form-data; boundary=${b}`,
          payload: multipartBody(b, [...fields, ...draft.files], { closing: false }),
        }),
    ],
    [
      'random bytes',
      () =>
        (draft.raw = {
          contentType: `multipart/form-data; boundary=${b}`,
          payload: Buffer.from(Array.from({ length: 2000 }, () => rng.int(0, 255))),
        }),
    ],
    [
      'empty multipart body',
      () => (draft.raw = { contentType: `multipart/form-data; boundary=${b}`, payload: '' }),
    ],
    [
      'only the closing boundary',
      () =>
        (draft.raw = {
          contentType: `multipart/form-data; boundary=${b}`,
          payload: `--${b}--\r\n`,
        }),
    ],
    ['part without headers', () => (draft.files = [file(SMALL_PNG, { rawHeaders: '' })])],
    [
      'malformed part header',
      () =>
        (draft.files = [
          file(SMALL_PNG, { rawHeaders: 'Content-Disposition form-data name=file\r\n' }),
        ]),
    ],
    [
      '100 000-char part header',
      () =>
        (draft.files = [
          file(SMALL_PNG, {
            rawHeaders: `Content-Disposition: form-data; name="${'a'.repeat(HUGE)}"\r\n`,
          }),
        ]),
    ],
    ['part without a name', () => (draft.files = [file(SMALL_PNG, { name: undefined })])],
    ['NUL in the field name', () => (draft.files = [file(SMALL_PNG, { name: 'fi\u0000le' })])],
    [
      'lone surrogate in the file name',
      () => (draft.files = [file(SMALL_PNG, { filename: '\uD800.png' })]),
    ],
    [
      'path traversal in the file name',
      () => (draft.files = [file(SMALL_PNG, { filename: '../../fuzz.png' })]),
    ],
    [
      'file of random bytes',
      () => (draft.files = [file(Buffer.from(Array.from({ length: 512 }, () => rng.int(0, 255))))]),
    ],
    ['empty file', () => (draft.files = [file(Buffer.alloc(0))])],
    [
      'PDF as a picture',
      () => (draft.files = [file(PDF_BYTES, { contentType: 'application/pdf' })]),
    ],
    ['truncated PNG', () => (draft.files = [file(SMALL_PNG.subarray(0, 40))])],
    [
      'PNG claiming 100 000 × 100 000 pixels',
      () => (draft.files = [file(png(100_000, 100_000, 1))]),
    ],
    ['PNG claiming 0 × 0 pixels', () => (draft.files = [file(png(0, 0))])],
    ['two files', () => (draft.files = [file(SMALL_PNG), file(SMALL_PNG, { filename: 'b.png' })])],
    ['file in another field', () => (draft.files = [file(SMALL_PNG, { name: 'picture' })])],
    [
      'file sent as a text field',
      () => (draft.files = [file(SMALL_PNG, { filename: undefined, contentType: undefined })]),
    ],
    ['no file at all', () => (draft.files = [])],
    [
      '1001 parts',
      () => (draft.files = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, data: 'x' }))),
    ],
    [
      'same text field twice',
      () => (draft.files = [...fields.slice(0, 1), ...fields, ...draft.files]),
    ],
    [
      'file over 10 MB',
      () =>
        (draft.files = [
          file((bigFile ??= Buffer.concat([SMALL_PNG, Buffer.alloc(10 * 1024 * 1024)]))),
        ]),
    ],
  ];
  // The 10 MB file is slow to send: rarely.
  const [label, apply] = rng.chance(0.02)
    ? variants[variants.length - 1]!
    : rng.pick(variants.slice(0, -1));
  apply();
  return label;
}

function authHeaders(token: string): Labeled[] {
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return [
    ['Bearer', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['Bearer x', 'Bearer x'],
    ['Bearer a.b.c', 'Bearer a.b.c'],
    ['10 000-char token', `Bearer ${'x'.repeat(10_000)}`],
    ['Basic credentials', 'Basic Zm9vOmJhcg=='],
    ['token with a broken signature', `Bearer ${head}.${payload}.${signature.slice(0, -3)}AAA`],
    [
      'token with a forged subject',
      `Bearer ${head}.${b64({ ...claims, sub: '0x1' })}.${signature}`,
    ],
    ['unsigned token (alg none)', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['two tokens', `Bearer ${token}x ${token}x`],
    ['token with a %00 suffix', `Bearer ${token}%00`],
    ['"Bearer undefined"', 'Bearer undefined'],
  ];
}

function mutateAuthHeader(ctx: Ctx): { label: string; header: string } {
  const [label, header] = ctx.rng.pick(authHeaders(ctx.fx.admin.token));
  return { label: `anonymous Authorization: ${label}`, header: String(header) };
}

function mutateBodyOnBodyless({ draft, rng }: Ctx): string {
  const variants: Array<[string, string, string | Buffer]> = [
    ['JSON object', 'application/json', '{"a":1}'],
    ['invalid JSON', 'application/json', rng.pick(INVALID_JSON)],
    ['5000-deep arrays', 'application/json', deepArrays().text],
    ['huge text', 'text/plain', 'x'.repeat(HUGE)],
    ['multipart garbage', 'multipart/form-data; boundary=xyz', 'garbage'],
    ['form with NUL', 'application/x-www-form-urlencoded', 'a=%00'],
    ['lone surrogate bytes', 'application/json', wtf8('"\uD800"')],
  ];
  const [label, contentType, payload] = rng.pick(variants);
  draft.raw = { contentType, payload };
  return `unexpected body: ${label}`;
}

/** Case `index` of a run: the same request for the same seed, index and fixture. */
export function buildCase(
  seed: number,
  index: number,
  schedule: PlannedCase[],
  endpoints: NamedEndpoint[],
  fx: Fixture,
): FuzzCase {
  const rng = new Rng(caseSeed(seed, index));
  const { endpoint, kind } = schedule[index] ?? randomPair(endpoints, rng);
  const ep = endpoint.endpoint;
  const tree = rng.pick(fx.trees);
  const src = valueSource(index, rng, fx);
  const draft = validDraft(ep, { rng, fx, tree, src }, index);
  const ctx: Ctx = { ep, draft, rng, fx, tree, src };
  let label = 'valid request';
  let anonAuth: string | undefined;
  switch (kind) {
    case 'valid':
      break;
    case 'path-id':
      label = mutatePathId(ctx);
      break;
    case 'path-parent':
      label = mutatePathParent(ctx);
      break;
    case 'query-value':
      label = mutateQueryValue(ctx);
      break;
    case 'query-shape':
      label = mutateQueryShape(ctx);
      break;
    case 'body-field':
      label = mutateBodyField(ctx);
      break;
    case 'body-shape':
      label = mutateBodyShape(ctx);
      break;
    case 'body-whole':
      label = mutateBodyWhole(ctx);
      break;
    case 'content-type':
      label = mutateContentType(ctx);
      break;
    case 'multipart':
      label = mutateMultipart(ctx);
      break;
    case 'auth-header': {
      const auth = mutateAuthHeader(ctx);
      label = auth.label;
      anonAuth = auth.header;
      break;
    }
    case 'body-on-bodyless':
      label = mutateBodyOnBodyless(ctx);
      break;
  }
  return {
    index,
    endpoint: endpoint.name,
    isPublic: ep.public === true,
    kind,
    label,
    method: ep.method,
    ...encode(ep, draft),
    ...(anonAuth === undefined ? {} : { anonAuth }),
    ...(ctx.mustReject === undefined ? {} : { mustReject: ctx.mustReject }),
  };
}
