import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';

/**
 * U+0000, which PostgreSQL cannot store in text, and UTF-16 surrogates without their partner,
 * which are not Unicode at all (JSON may spell them as "\ud800"). Either would reach the
 * database as a 500 or as silently altered text.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const isUnsafe = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit) {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v?.key != null; v = v.parent) {
    // The offending key itself may be the bad text: the reported name must stay valid Unicode.
    keys.push(v.key.replaceAll(NUL, '\ufffd').replace(LONE_SURROGATES, '\ufffd'));
  }
  return keys.reverse().join('.');
}

/**
 * The field path (`a.0.b`, '' for the value itself) of the first string or object key in
 * `value` that holds U+0000 or an unpaired surrogate; null when all text is safe. Walks arrays
 * and objects with its own stack, so any nesting depth is fine: the work is bounded by the
 * size of the parsed request, which the body and URL limits already bound.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (isUnsafe(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], key: String(i), parent: visit });
      }
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      // Parsed queries and forms are objects of their own prototype, so any object counts;
      // binary data has no text to check.
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child: Visit = { value: record[key], key, parent: visit };
        if (isUnsafe(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * The one boundary rule for text: params, query and body of every route, contract or not, are
 * refused with 422 when they hold text PostgreSQL cannot store. Runs as an app-wide
 * preValidation hook, and again once a multipart body has been read into `body`.
 */
export function assertSafeText(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const field = findUnsafeText(part);
    if (field !== null) {
      throw invalid(
        field,
        'invalid_characters',
        'Text may not contain NUL characters or unpaired surrogates',
      );
    }
  }
}
