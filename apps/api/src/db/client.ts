import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { packageRoot } from '../lib/package-root';
import * as schema from './schema';
import { lockDirectory } from './lock';
import { PreparingClient } from './prepared';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the pool or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Follows NOTIFY on `channel` (sent on commit, by any process). On PostgreSQL the listener has
   * a connection of its own; while it is down, notifications are missed: `lost` says so, and
   * `restored` once it listens again. Returns the function that stops listening.
   */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  /**
   * The database beneath drizzle, for a library that brings its SQL (the job queue): on
   * PostgreSQL its URL, to open connections of its own; on PGlite the one embedded instance.
   */
  raw: { url: string } | { pglite: PGlite };
  close(): Promise<void>;
}

interface ListenEvents {
  notify(): void;
  lost(): void;
  restored(): void;
}

export interface DatabaseOptions {
  /** Set → node-postgres pool; unset → embedded PGlite. */
  url?: string | undefined;
  /** The pool's connections (PostgreSQL only); unset → DEFAULT_POOL_SIZE. */
  poolSize?: number | undefined;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** A PGlite without a database yet starts from this dump of one (tests: a migrated one). */
  loadDataDir?: Blob | undefined;
  /**
   * Called for every SQL statement with its parameters: lets tests count queries (N+1 guard)
   * and the load bench replay a request's statements.
   */
  onQuery?: (sql: string, params: unknown[]) => void;
  /** How often the LISTEN connection is checked (PostgreSQL only; tests shorten it). */
  listenHeartbeatMs?: number;
  /** Told when a pooled connection fails, idle or in use (PostgreSQL only). */
  onConnectionError?: (err: Error) => void;
}

export const migrationsFolder = path.join(packageRoot, 'drizzle');

/**
 * A lost connection (server restart, terminated backend) makes pg emit 'error' on its client,
 * and an unhandled 'error' event kills the process. The pool listens on idle clients only, so
 * every client gets a listener of its own for as long as it lives. A client in use is also
 * handed back to the pool at once, broken, so that the pool closes it and frees its slot:
 * drizzle's transaction() never releases a client whose BEGIN failed, and ten such clients
 * would leave the pool without connections for good. The holder still learns of the failure
 * from its next query; its own release becomes a no-op.
 */
function watchConnections(pool: pg.Pool, onError: (err: Error) => void = () => {}) {
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_err, client) => inUse.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      onError(err);
      if (!inUse.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => {};
      release(err);
    });
  });
  // The pool re-emits idle clients' errors, which the listener above has already reported.
  pool.on('error', () => {});
}

const RELISTEN_MS = [100, 500, 2_000, 5_000];
/** How often the LISTEN connection is asked whether it still answers, and how long it may take. */
const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection outside the pool, connecting again for as long as it is wanted. A
 * connection can also die silently (a NAT or firewall forgetting it, a host that vanished):
 * no error, no end, just no more notifications. TCP keep-alive notices that within minutes; a
 * query every `heartbeatMs` that must answer within a few seconds notices it sooner, and either
 * counts as a loss, so that nothing is kept while notifications may be missing.
 */
async function listenPostgres(
  url: string,
  channel: string,
  events: ListenEvents,
  heartbeatMs: number,
) {
  let stopped = false;
  let failures = 0;
  const open = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Until watch() takes over: an 'error' event without a listener would end the process.
    client.on('error', () => {});
    client.on('notification', () => events.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return client;
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
  };
  const watch = (client: pg.Client) => {
    let down = false;
    const heartbeat = setInterval(() => {
      const timeout = Math.min(HEARTBEAT_TIMEOUT_MS, heartbeatMs);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('heartbeat unanswered')), timeout).unref();
      });
      Promise.race([client.query('select 1'), late])
        .catch(onDown)
        .finally(() => clearTimeout(timer));
    }, heartbeatMs).unref();
    const onDown = () => {
      if (down || stopped) return;
      down = true;
      clearInterval(heartbeat);
      events.lost();
      // A silently dead socket never finishes a polite end: it is destroyed instead.
      (
        client as unknown as { connection?: { stream?: { destroy(): void } } }
      ).connection?.stream?.destroy();
      void client.end().catch(() => {});
      retry();
    };
    client.on('error', onDown);
    client.on('end', onDown);
    stopHeartbeat = () => clearInterval(heartbeat);
  };
  let stopHeartbeat = () => {};
  const retry = () => {
    const wait = RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)];
    setTimeout(() => {
      if (stopped) return;
      open().then(
        (client) => {
          current = client;
          if (stopped) return void client.end().catch(() => {});
          failures = 0;
          watch(client);
          events.restored();
        },
        () => retry(),
      );
    }, wait).unref();
  };
  let current = await open();
  watch(current);
  return async () => {
    stopped = true;
    stopHeartbeat();
    await current.end().catch(() => {});
  };
}

/**
 * Twice the machine's cores, at least four. Connections beyond what the cores can run make
 * PostgreSQL switch between its processes rather than answer sooner: on two cores, 4 instead of
 * 10 gave logged-in reads at 50 connections 7–20 % more requests per second and a lower p99
 * (paired rounds on one database, 1 000 000 payments; docs/performance.md). DATABASE_POOL_SIZE
 * sets it where the database has cores of its own.
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * availableParallelism());

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger: Logger | undefined = options.onQuery
    ? { logQuery: (query, params) => options.onQuery!(query, params) }
    : undefined;

  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      // Each statement is planned once per connection (db/prepared.ts).
      Client: PreparingClient,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A database host that stopped answering, or a pool that stays busy, fails requests (503)
      // instead of holding them for the kernel's TCP timeout or for ever.
      connectionTimeoutMillis: 10_000,
      // The visibility checks give short queries large cost estimates, and past jit_above_cost
      // PostgreSQL spent ~90 ms compiling a query that runs in 8 (a regulation page for a
      // logged-in caller, 10 000 initiatives). Every query here is a short one: JIT never pays.
      options: '-c jit=off',
    });
    watchConnections(pool, options.onConnectionError);
    const db = drizzleNodePg({ client: pool, schema, logger });
    await migrateNodePg(db, { migrationsFolder });
    const url = options.url;
    return {
      db,
      kind: 'postgres',
      listen: (channel, events) =>
        listenPostgres(url, channel, events, options.listenHeartbeatMs ?? HEARTBEAT_MS),
      raw: { url },
      close: () => pool.end(),
    };
  }

  // Loaded only here, so that a server on PostgreSQL does not carry the embedded database.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = options.dataDir === 'memory://';
  // PostgreSQL's default 128 MB of shared buffers is touched as it starts and stays resident in
  // the process, while the embedded database holds tens of megabytes and its files stay in the
  // operating system's cache anyway: 16 MB takes a third off the resident memory of `npm start`.
  const pgliteOptions = {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  };
  let unlock = () => {};
  let client: InstanceType<typeof PGlite>;
  if (inMemory) {
    client = new PGlite({ ...pgliteOptions, loadDataDir: options.loadDataDir });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = await lockDirectory(options.dataDir);
    const pgDir = path.join(options.dataDir, 'pg');
    // A dump only seeds a directory that holds no database yet.
    const fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));
    client = new PGlite(pgDir, {
      ...pgliteOptions,
      loadDataDir: fresh ? options.loadDataDir : undefined,
    });
  }
  try {
    const db = drizzlePglite({ client, schema, logger });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      // One process owns the embedded database: its notifications cannot be lost.
      listen: async (channel, events) => {
        const stop = await client.listen(channel, () => events.notify());
        return () => stop();
      },
      raw: { pglite: client },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (e) {
    await client.close().catch(() => {});
    unlock();
    throw e;
  }
}
