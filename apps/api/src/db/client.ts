import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  /** Told about errors of idle pooled connections (PostgreSQL only). */
  onIdleError?: (err: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger: Logger | undefined = options.onQuery
    ? { logQuery: (query) => options.onQuery!(query) }
    : undefined;

  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client's error (server restart, terminated backend) must not crash the process:
    // the pool drops that client and the next query opens a fresh one.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzleNodePg({ client: pool, schema, logger });
    await migrateNodePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const inMemory = options.dataDir === 'memory://';
  let unlock = () => {};
  let client: PGlite;
  if (inMemory) {
    client = new PGlite();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDirectory(options.dataDir);
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
