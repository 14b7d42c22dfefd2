import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import plans from 'pg-boss/src/plans.js';
import type { Database } from '../db/client';

/** What pg-boss runs its SQL through when it is handed a `db` instead of a connection string. */
interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface QueueConnection {
  db: QueueDb;
  close(): Promise<void>;
}

/**
 * The queue's own way into the database. On PostgreSQL a small pool of its own, so that polling
 * never waits for, or holds, a connection of the requests' pool. On PGlite the one embedded
 * instance: every statement waits there while a transaction of the app is open, so statements
 * of the queue and of the app never interleave inside one transaction.
 */
export function queueConnection(
  raw: Database['raw'],
  schema: string,
  log: FastifyBaseLogger,
): QueueConnection {
  if ('url' in raw) {
    const pool = new pg.Pool({
      connectionString: raw.url,
      // A few pollers, the cron and the maintenance check: they take turns on four.
      max: 4,
      connectionTimeoutMillis: 10_000,
      application_name: 'helder-jobs',
    });
    // An idle connection that drops must not end the process; the next statement reconnects.
    pool.on('error', (err) => log.warn({ err }, 'job queue connection lost'));
    return {
      db: unrejected(
        {
          async executeSql(text, values) {
            // Several statements at once (pg-boss's schema) answer with one result each.
            const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
            return ([] as pg.QueryResult[]).concat(result).at(-1) ?? { rows: [] };
          },
        },
        schema,
        log,
      ),
      close: () => pool.end(),
    };
  }
  const client = raw.pglite;
  return {
    db: unrejected(
      {
        async executeSql(text, values) {
          if (!values || values.length === 0) {
            // pg-boss sends its schema and its locked maintenance as several statements at once,
            // without parameters, which only exec() runs. A failure inside their BEGIN would
            // leave the one session of the app in an aborted transaction: the transaction
            // around them rolls it back before any other statement gets its turn.
            const results = await client.transaction((tx) => tx.exec(text));
            return { rows: results.at(-1)?.rows ?? [] };
          }
          return client.query(
            text,
            values.map((v) => (v === undefined ? null : v)),
          );
        },
      },
      schema,
      log,
    ),
    // The queue does not own the embedded database: the app closes it.
    close: async () => {},
  };
}

/**
 * pg-boss 10 saves a job's outcome (completed, or failed to be retried) without awaiting it: a
 * statement that fails there, because the database went away or is closing, would reject with
 * no one listening and end the process. Those two statements therefore never reject; the job
 * stays active until it expires, and then runs again.
 */
function unrejected(db: QueueDb, schema: string, log: FastifyBaseLogger): QueueDb {
  const unsaved = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  return {
    async executeSql(text, values) {
      if (!unsaved.has(text)) return db.executeSql(text, values);
      try {
        return await db.executeSql(text, values);
      } catch (err) {
        const [queue, jobIds] = values ?? [];
        log.warn(
          { err, queue, jobIds },
          'job outcome not saved: the job runs again once it expires',
        );
        // What pg-boss reads back: no job changed.
        return { rows: [{ count: 0 }] };
      }
    },
  };
}
