import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { queueConnection } from './connection';

/** The background jobs (bank sync, reminders), shared by every instance on one database. */
export interface Jobs {
  /** Define a queue and its worker; `handler` gets the job data. */
  work<T extends object>(
    queue: string,
    handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Queue a job; with singletonKey at most one such job is queued or active at a time (null
   * when one is). On PGlite it waits for any open transaction of the app, so it must not be
   * called inside one.
   */
  send<T extends object>(
    queue: string,
    data: T,
    options?: {
      singletonKey?: string;
      startAfter?: Date;
      retryLimit?: number;
      retryDelaySeconds?: number;
      expireInSeconds?: number;
    },
  ): Promise<string | null>;
  /**
   * A cron schedule (UTC) that queues `data` on `queue`; several instances share it. One
   * schedule per queue: scheduling the queue again replaces it.
   */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** The PostgreSQL schema of the queue's tables. */
  schema?: string;
  /** How often, in seconds, the queue looks for work; tests shorten them. */
  intervals?: {
    /** An idle worker asks for a job. */
    poll?: number;
    /** A due cron schedule is queued (at most this late). */
    cron?: number;
    /** Jobs active past their expiry are failed, to be retried. */
    maintenance?: number;
  };
  /**
   * How long stop() lets running jobs finish, in seconds (at least 1), before it fails them to be
   * retried, here after a restart or at once by another instance.
   */
  graceSeconds?: number;
}

/**
 * Starts pg-boss on the app's database (its schema is created or migrated on first start) and
 * returns the queue. Polling is light: an idle worker asks every 2 seconds, the cron every 30
 * and the expiry check every 2 minutes, whichever instance comes first; a job sent by this
 * instance, and the next job of a backlog, start without waiting for a poll.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { log, intervals = {} } = options;
  const schema = options.schema ?? 'pgboss';
  const connection = queueConnection(options.database.raw, schema, log);
  const cron = intervals.cron ?? 30;
  const boss = new PgBoss({
    db: connection.db,
    schema,
    pollingIntervalSeconds: intervals.poll ?? 2,
    cronMonitorIntervalSeconds: cron,
    // A due schedule first becomes a job of pg-boss's own queue, which this worker turns into
    // the job itself.
    cronWorkerIntervalSeconds: Math.min(cron, 5),
    maintenanceIntervalSeconds: intervals.maintenance ?? 120,
  });
  // An 'error' event without a listener would end the process; pg-boss reports its failed
  // polls and maintenance here and carries on.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  try {
    await boss.start();
    await oneQueuedOrActivePerKey(connection.db, schema);
  } catch (err) {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await connection.close();
    throw err;
  }

  const queues = new Map<string, Promise<void>>();
  // Two instances starting at once can create the same queue together, and PostgreSQL may end
  // one of them as a deadlock (40P01); the queue exists then or soon, so asking again is safe.
  const createQueue = async (queue: string, attempt = 1): Promise<void> => {
    try {
      await boss.createQueue(queue);
    } catch (err) {
      const deadlock = (err as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      await createQueue(queue, attempt + 1);
    }
  };
  // A job sent to a queue that does not exist yet would be dropped without a word.
  const ensureQueue = (queue: string) => {
    let created = queues.get(queue);
    if (!created) {
      created = createQueue(queue).catch((err: unknown) => {
        queues.delete(queue);
        throw err;
      });
      queues.set(queue, created);
    }
    return created;
  };

  // This instance's workers per queue: a job it sends is started at once by its own worker
  // rather than at that worker's next poll (a receipt read while its form is open).
  const workers = new Map<string, string[]>();

  let stopping: Promise<void> | undefined;
  return {
    async work<T extends object>(
      queue: string,
      handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>,
      { concurrency = 1 }: { concurrency?: number } = {},
    ) {
      await ensureQueue(queue);
      const run = async ([job]: PgBoss.JobWithMetadata<T>[]) => {
        if (!job) return;
        try {
          await handler(job.data, { id: job.id, retryCount: job.retryCount });
        } catch (err) {
          log.error({ err, queue, jobId: job.id, retryCount: job.retryCount }, 'job failed');
          // pg-boss records the failure and queues the retry, if any is left.
          throw err;
        }
      };
      for (let i = 0; i < concurrency; i++) {
        let self = '';
        // A worker that has just done a job asks for the next one at once: a backlog (twenty
        // receipts dropped together) drains at the pace of its jobs, not one job per poll.
        self = await boss.work<T>(queue, { includeMetadata: true, batchSize: 1 }, (jobs) =>
          run(jobs).finally(() => {
            if (jobs.length > 0) boss.notifyWorker(self);
          }),
        );
        workers.set(queue, [...(workers.get(queue) ?? []), self]);
      }
    },

    async send(queue, data, sendOptions = {}) {
      await ensureQueue(queue);
      const { retryDelaySeconds, ...rest } = sendOptions;
      const id = await boss.send(queue, data, defined({ ...rest, retryDelay: retryDelaySeconds }));
      // A worker woken for a job that is not due yet just polls once more.
      for (const worker of workers.get(queue) ?? []) boss.notifyWorker(worker);
      return id;
    },

    async schedule(queue, cron, data = {}) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },

    stop() {
      stopping ??= (async () => {
        try {
          const timeout = (options.graceSeconds ?? 5) * 1000;
          await boss.stop({ graceful: true, timeout, wait: true });
        } catch (err) {
          log.error({ err }, 'job queue did not stop cleanly');
        }
        await connection.close();
      })();
      return stopping;
    },
  };
}

/** pg-boss refuses an option that is present but undefined. */
function defined<T extends object>(options: T): T {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as T;
}

const ONE_PER_KEY_INDEX = 'job_one_per_singleton_key';

/**
 * pg-boss 10 keys its singletons per queue policy, and none of its policies means "one queued or
 * active": `stately` allows one of each. A partial unique index on its job table says exactly
 * that, for every queue; its inserts already skip a conflicting job (ON CONFLICT DO NOTHING),
 * and a retry replaces its row in the statement that fails it, so no retry is ever refused.
 */
async function oneQueuedOrActivePerKey(db: PgBoss.Db, schema: string) {
  const create = `CREATE UNIQUE INDEX IF NOT EXISTS ${ONE_PER_KEY_INDEX}
    ON ${schema}.job (name, singleton_key)
    WHERE state < 'completed' AND singleton_key IS NOT NULL`;
  try {
    await db.executeSql(create, []);
  } catch (err) {
    // Two instances starting together both create it; the one that lost finds it there.
    const { rows } = await db.executeSql(`SELECT to_regclass($1) AS found`, [
      `${schema}.${ONE_PER_KEY_INDEX}`,
    ]);
    if (!(rows[0] as { found: unknown } | undefined)?.found) throw err;
  }
}
