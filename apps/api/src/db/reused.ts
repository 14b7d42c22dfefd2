import { Column, is, SQL, sql, Subquery } from 'drizzle-orm';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from './client';

/**
 * Statements built once and run many times (ADR 0023). Building a statement with the ORM (its
 * select object, the SQL text from the tree of columns and subqueries, the query config) cost
 * logged-in reads more CPU than running it; a hot read's text depends only on a few facts about
 * the request (whether there is a caller and their role, which filters are set), its values on
 * the rest. So each read builds its statement once per such shape, with placeholders where the
 * values go, and runs it with the request's values.
 */

/** What the ORM's prepared query offers: run with the placeholders' values. */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
/** A query builder that can be prepared. */
interface Preparable<R> {
  prepare(name: string): Runnable<R>;
}

/** A value's conversion from what the driver gives, as the ORM keeps it per selected field. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** What a prepared query of the ORM holds that its mapping of rows reads (both drivers'). */
interface RowMapping {
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder the ORM applies to a selected field (its mapResultRow). */
function decoderOf(field: unknown): Decoder {
  // The SQL's decoder is internal to the ORM's types, not to its objects.
  const decoder = (query: unknown) => (query as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder((field._ as unknown as { sql: SQL }).sql);
  return decoder((field as SQL.Aliased).sql);
}

/**
 * Rows of a flat selection (every field a key of its own, no table nested) mapped as the ORM
 * maps them, without its per-cell work: its mapping walks each field's path with an iterator,
 * tests the field's class and tracks joined tables' nulls on every cell of every row. On a
 * page of payments that was a quarter of the bytes a request allocated, young garbage that made
 * the collector promote the requests in flight. A selection with nested objects keeps the ORM's.
 * Says whether it took the statement over (the ORM's internals are as this expects).
 */
export function mapFlatRows(statement: RowMapping): boolean {
  const { fields } = statement;
  // In an object literal "__proto__" would set the prototype, not a field.
  const flat = fields?.every((f) => f.path.length === 1 && f.path[0] !== '__proto__');
  if (!fields || !flat || statement.customResultMapper) return false;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  // One object literal with every key, so that a row is allocated once with its fields in
  // place rather than grown key by key (−10 % server CPU on a payments page, paired). The keys
  // are the selection's, from our code, and go in quoted by JSON.stringify.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
  const toRow = new Function(
    'row',
    'decoders',
    `return { ${keys
      .map(
        (key, i) =>
          `${JSON.stringify(key)}: row[${i}] === null ? null : decoders[${i}].mapFromDriverValue(row[${i}])`,
      )
      .join(', ')} };`,
  ) as (row: unknown[], decoders: Decoder[]) => Record<string, unknown>;
  statement.customResultMapper = (rows) => rows.map((row) => toRow(row, decoders));
  return true;
}

/**
 * A statement of `build` per database handle (the pool, or a transaction while it lasts) and
 * shape. `shape` must name everything `build` reads that is not a placeholder: two requests of
 * the same shape run the same SQL text.
 */
export function reused<S, R>(build: (db: Executor, shape: S) => Preparable<R>) {
  const byDb = new WeakMap<Executor, Map<string, Runnable<R>>>();
  return (db: Executor, key: string, shape: S, values: Record<string, unknown>): Promise<R> => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map<string, Runnable<R>>()));
    let statement = statements.get(key);
    if (!statement) {
      // Without a name: db/prepared.ts names it by its text, or leaves it unnamed (an OFFSET).
      statement = build(db, shape).prepare(undefined as unknown as string);
      mapFlatRows(statement as RowMapping);
      statements.set(key, statement);
    }
    return statement.execute(values);
  };
}

/** The caller as a statement is built for it: its id a placeholder (`actor`), its role as is. */
export interface ActorShape {
  key: string;
  actor: Actor | null;
}

const shapes = new Map<string, ActorShape>();

/**
 * The actor's shape: what the visibility SQL reads of a caller besides their id (whether there is
 * one, their role, superuser or not), with the id as the placeholder `actor`.
 */
export function actorShape(actor: Actor | null): ActorShape {
  const key = actor === null ? 'anonymous' : `${actor.role ?? ''}:${actor.isSuperuser}`;
  let shape = shapes.get(key);
  if (!shape) {
    shape = {
      key,
      actor:
        actor === null
          ? null
          : // The SQL builders only ever put the id into SQL, where a placeholder takes its place.
            {
              id: sql.placeholder('actor') as unknown as number,
              role: actor.role,
              isSuperuser: actor.isSuperuser,
            },
    };
    shapes.set(key, shape);
  }
  return shape;
}

/** The `actor` placeholder's value. */
export const actorValue = (actor: Actor | null) => actor?.id ?? null;
