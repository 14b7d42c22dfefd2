import { sql } from 'drizzle-orm';
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
