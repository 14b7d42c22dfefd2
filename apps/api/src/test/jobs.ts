import { sql } from 'drizzle-orm';
import pino from 'pino';
import { expect, vi } from 'vitest';
import type { Database } from '../db/client';

/** A logger that keeps what it writes, as parsed JSON lines. */
export function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

/** A promise the test resolves when it chooses: a handler waits on it to stay active. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

interface JobRow {
  state: string;
  retryCount: number;
}

/** A job as pg-boss keeps it, or undefined when there is none with that id. */
export async function jobRow(database: Database, schema: string, id: string) {
  const result = (await database.db.execute(
    sql`select state, retry_count as "retryCount" from ${sql.identifier(schema)}.job where id = ${id}`,
  )) as { rows: JobRow[] };
  return result.rows[0];
}

/** Waits, up to a deadline, until `check` passes. */
export const eventually = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 20_000, interval: 100 });

/** Waits, up to a deadline, until the job is in `state`. */
export const untilState = (database: Database, schema: string, id: string, state: string) =>
  eventually(async () => expect((await jobRow(database, schema, id))?.state).toBe(state));
