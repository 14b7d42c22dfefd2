import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The response schema as fast-json-stringify reads it best. `T | null` becomes `nullable`, which it
 * writes with one comparison, where a union is tried against each value (ajv) on every answer.
 * `additionalProperties: false` goes: the serializer writes the declared properties only either
 * way, and inside a union it would make a row with more columns than the answer match no branch.
 */
function toSerializerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSerializerSchema);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'additionalProperties' || value !== false) out[key] = toSerializerSchema(value);
  }
  const options: unknown = out.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const other = (options as unknown[]).filter(
      (option) => !(isObject(option) && option.type === 'null'),
    );
    const [only] = other;
    if (other.length === 1 && isObject(only) && only.nullable !== true) {
      delete out.anyOf;
      return { ...only, ...out, nullable: true };
    }
  }
  return out;
}

/** The response schema compiled into a function that writes the declared fields only. */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  // A 204's: Fastify sends no body, so it never asks.
  if (schema instanceof z.ZodUndefined) return () => '';
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
  });
  return fastJson(toSerializerSchema(json) as Parameters<typeof fastJson>[0]);
}

/**
 * Fastify's serializer compiler for the contracts' zod response schemas (ADR 0034). Zod's own
 * parses every answer against the schema before JSON.stringify, a sixth of a list's CPU; the
 * types are the compiler's to check (routes.ts types each handler's answer by its schema). Each
 * route's is compiled when it first answers: at start-up, a hundred compiles would cost every
 * test's app 50 ms (serializer.test.ts compiles every contract's).
 */
export function serializerCompiler({ schema }: { schema: unknown }) {
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => (serialize ??= compileSerializer(schema as z.ZodType))(data);
}
