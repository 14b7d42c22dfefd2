import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from '../db/client';
import { CHEAP_HASHES_ENV } from '../lib/passwords';
import { TEMPLATE_ENV } from './template';

/**
 * Migrates one database per run and leaves it for every test file to start from (test/app.ts):
 * restoring a migrated PGlite data directory, or PostgreSQL's CREATE DATABASE … TEMPLATE, costs
 * a fraction of migrating a fresh database in each of the sixty-odd files. The locations travel
 * in the environment, which the test processes inherit; so does the cheap password hashing.
 */
export default async function setup() {
  process.env[CHEAP_HASHES_ENV] = '1';
  const dir = mkdtempSync(path.join(tmpdir(), 'helder-template-'));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dir, { recursive: true })];

  const embedded = new PGlite();
  await migrate(drizzle({ client: embedded }), { migrationsFolder });
  const file = path.join(dir, 'pglite.tar');
  const dump = await embedded.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  process.env[TEMPLATE_ENV.pglite] = file;

  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && base) {
    const name = `helder_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const migrated = await openDatabase({ url: url.toString(), dataDir: 'memory://' });
    await migrated.close();
    process.env[TEMPLATE_ENV.postgres] = name;
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
