import type { Rng } from './prng';

/**
 * Just enough of zod 4's internal definitions (`schema._zod.def`) to walk a contract schema.
 * zod's own types for these are a deep union that buys nothing here; the fuzzer only reads.
 */
interface CheckDef {
  check: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
}
interface Def {
  type: string;
  format?: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  in?: Schema;
  out?: Schema;
  innerType?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: Schema[];
}
export interface Schema {
  _zod: { def: Def };
}

export const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly']);

/**
 * The schema that decides what a value must look like: wrappers peeled off, and of a pipe the
 * side that is not a transform (preprocess puts the transform in front, `.transform()` behind;
 * `.pipe(z.url())` puts the stricter check behind, so the output side wins when both are real).
 */
export function unwrap(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 50; i++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      s = defOf(def.out).type === 'transform' ? def.in : def.out;
    } else return s;
  }
  return s;
}

/** May the key be left out of an object (optional, defaulted, or an optional behind a pipe)? */
export function isOptional(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if ((def.type === 'nullable' || def.type === 'readonly' || def.type === 'catch') && def.innerType)
    return isOptional(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) {
    return defOf(def.in).type === 'transform' ? isOptional(def.out) : isOptional(def.in);
  }
  return false;
}

export type Kind =
  'string' | 'number' | 'boolean' | 'enum' | 'literal' | 'array' | 'object' | 'other';

export function kindOf(schema: Schema): Kind {
  const type = defOf(unwrap(schema)).type;
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'array':
    case 'object':
      return type;
    default:
      return 'other';
  }
}

/** The keys of an object schema (after unwrapping), or null when it is not an object. */
export function shapeOf(schema: Schema | undefined): Record<string, Schema> | null {
  if (!schema) return null;
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? def.shape : null;
}

const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

export interface ValueSource {
  rng: Rng;
  /** A short token unique within the run: names and e-mails must not collide (409). */
  unique: () => string;
  /** A value that a field name calls for (an existing user id, a real e-mail…), or undefined. */
  hint?: (name: string, schema: Schema) => unknown;
}

function stringValue(def: Def, src: ValueSource): string {
  const token = src.unique();
  switch (def.format) {
    case 'email':
      return `fuzz-${token}@example.test`;
    case 'url':
      return `https://fuzz.example/${token}`;
    case 'uuid':
    case 'guid':
      return '00000000-0000-4000-8000-000000000000';
    case 'datetime':
      return '2026-01-01T00:00:00Z';
    case 'date':
      return '2026-01-01';
    default:
      break;
  }
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = c.minimum;
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = c.maximum;
    if (c.check === 'length_equals' && typeof c.length === 'number') min = max = c.length;
  }
  let text = `Fuzz ${token}`.slice(0, max);
  if (text.length < min) text = text.padEnd(min, 'x');
  return text;
}

function numberValue(def: Def, src: ValueSource): number {
  let lo = -Infinity;
  let hi = Infinity;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format' && c.format?.includes('int')) int = true;
    if (c.check === 'greater_than' && typeof c.value === 'number') {
      lo = c.inclusive ? c.value : c.value + (int ? 1 : 0.01);
    }
    if (c.check === 'less_than' && typeof c.value === 'number') {
      hi = c.inclusive ? c.value : c.value - (int ? 1 : 0.01);
    }
  }
  // The number_format check may come after the bounds: settle exclusivity once more.
  if (int) {
    lo = Math.ceil(lo);
    hi = Math.floor(hi);
  }
  // Small values: ids 1..3 exist, and budgets stay far from their limits.
  const from = Number.isFinite(lo) ? lo : 1;
  const to = Math.min(Number.isFinite(hi) ? hi : from + 1000, from + (int ? 2 : 1000));
  if (int) return src.rng.int(from, Math.max(from, to));
  return Math.round((from + src.rng.next() * (to - from)) * 100) / 100 || from;
}

/**
 * A value the schema should accept (an "input" value: what a client sends). Optional keys are
 * sometimes left out; field-name hints win over the generic walk.
 */
export function validValue(schema: Schema, src: ValueSource, name = ''): unknown {
  const hinted = name && src.hint ? src.hint(name, schema) : undefined;
  if (hinted !== undefined) return hinted;
  const base = unwrap(schema);
  const def = defOf(base);
  switch (def.type) {
    case 'string':
      return stringValue(def, src);
    case 'number':
      return numberValue(def, src);
    case 'boolean':
      return src.rng.chance(0.5);
    case 'enum':
      return src.rng.pick(Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return def.values?.[0];
    case 'array':
      return def.element ? [validValue(def.element, src, name)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (isOptional(field) && src.rng.chance(0.3)) continue;
        const value = validValue(field, src, key);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'union':
      return def.options?.[0] ? validValue(def.options[0], src, name) : undefined;
    case 'undefined':
    case 'void':
      return undefined;
    case 'null':
      return null;
    default:
      return 'fuzz';
  }
}
