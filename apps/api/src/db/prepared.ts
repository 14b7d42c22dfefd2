import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many statements one connection keeps prepared. Our statements come from code, so their
 * shapes are few (a few dozen); the bound only stops texts that vary with their input (an
 * `in (…)` list of any length) from piling up on a long-lived connection.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

type QueryConfig = pg.QueryConfig & { name?: string };

/**
 * A statement that skips an unknown number of rows to return an unknown number is planned on
 * every run: its generic plan sees neither, and PostgreSQL switches to that plan after five runs
 * (ADR 0017: the initiatives list at offset 5 000 ran 1.6 ms on its own plan and 4.8 ms on the
 * generic one). With the page size in the text the generic plan is its own (ADR 0033).
 */
const OFFSET = /\blimit \$\d+ offset \$\d+/i;

const isConfig = (value: unknown): value is QueryConfig =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QueryConfig).text === 'string' &&
  typeof (value as { submit?: unknown }).submit !== 'function';

/**
 * A pg client that prepares every parameterised statement once per connection, named by a hash
 * of its text, so PostgreSQL plans it once instead of on every run: the visibility checks of an
 * initiative or a regulation page cost about as much to plan as to run (ADR 0017).
 * Statements without parameters (migrations, LISTEN, SET) go as they are: they may hold several
 * commands, which a prepared statement cannot. So do statements with an OFFSET (above).
 */
/**
 * Statement names by text, shared by every connection: a text built once (db/reused.ts) comes
 * back on every request, and hashing a few kilobytes each time showed in profiles. Bounded like
 * a connection's statements, for the same texts that vary with their input.
 */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `helder_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const params = Array.isArray(values) ? values : isConfig(config) ? config.values : undefined;
    if (
      isConfig(config) &&
      config.name === undefined &&
      params &&
      params.length > 0 &&
      !OFFSET.test(config.text)
    ) {
      const name = nameOf(config.text);
      if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        config = { ...config, name };
      }
    }
    // pg's overloads cannot be restated here; the arguments are passed on as they came.
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}
