import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { packageRoot } from '../lib/package-root';
import * as schema from './schema';
import { lockDirectory } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the pool or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Set → node-postgres pool; unset → embedded PGlite. */
  url?: string | undefined;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Called for every SQL statement: lets tests count queries (N+1 guard). */
  onQuery?: (sql: string) => void;
  /** Told when a pooled connection fails, idle or in use (PostgreSQL only). */
  onConnectionError?: (err: Error) => void;
}

const migrationsFolder = path.join(packageRoot, 'drizzle');

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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger: Logger | undefined = options.onQuery
    ? { logQuery: (query) => options.onQuery!(query) }
    : undefined;

  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // A database host that stopped answering, or a pool that stays busy, fails requests (503)
      // instead of holding them for the kernel's TCP timeout or for ever.
      connectionTimeoutMillis: 10_000,
    });
    watchConnections(pool, options.onConnectionError);
    const db = drizzleNodePg({ client: pool, schema, logger });
    await migrateNodePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  // Loaded only here, so that a server on PostgreSQL does not carry the embedded database.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = options.dataDir === 'memory://';
  let unlock = () => {};
  let client: InstanceType<typeof PGlite>;
  if (inMemory) {
    client = new PGlite();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = await lockDirectory(options.dataDir);
    client = new PGlite(path.join(options.dataDir, 'pg'));
  }
  try {
    const db = drizzlePglite({ client, schema, logger });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
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
