/**
 * What the benches that measure the API as a process of its own share: a database to run it on
 * and the server itself, built and started with node as in production, its memory readable.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { findPgBin, startCluster } from '../../../scripts/pg-cluster.mjs';

export const BENCH_SECRET_KEY = 'bench-secret-key-that-is-long-enough-1234567890';

/**
 * A fresh PostgreSQL database: on the server of BENCH_DATABASE_URL, else a throwaway cluster
 * when PostgreSQL is installed; `url` is undefined (PGlite) otherwise.
 */
export async function benchDatabase(name: string) {
  const server = process.env.BENCH_DATABASE_URL;
  if (server) {
    const fresh = `${name}_${process.pid}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(query);
      await client.end();
    };
    await admin(`CREATE DATABASE ${fresh}`);
    const url = new URL(server);
    url.pathname = `/${fresh}`;
    return {
      url: url.toString(),
      drop: () => admin(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`),
    };
  }
  if (findPgBin()) {
    const cluster = await startCluster({ database: name });
    return { url: cluster.url, drop: async () => cluster.stop() };
  }
  return { url: undefined, drop: async () => {} };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The node options `npm start` runs the bundle with, read from its script so that the benches
 * measure the process production runs.
 */
function productionNodeFlags(): string[] {
  const rootPackage = path.resolve(import.meta.dirname, '../../../package.json');
  const { scripts } = JSON.parse(readFileSync(rootPackage, 'utf8')) as {
    scripts: { start: string };
  };
  const start = scripts.start;
  const run = start.split('&&').at(-1)!.trim().split(/\s+/);
  if (run[0] !== 'node' || run.at(-1) !== 'apps/api/dist/server.mjs') {
    throw new Error(`npm start no longer ends in "node … apps/api/dist/server.mjs": ${start}`);
  }
  return run.slice(1, -1);
}

/** The API as production runs it (built, ADR 0012) on a free port of 127.0.0.1, no demo data. */
export async function startBenchServer(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  env?: Record<string, string>;
  /** False: start the bundle the last call built. */
  build?: boolean;
  /** Node options beyond production's (`--cpu-prof`). */
  nodeFlags?: string[];
}) {
  const root = path.resolve(import.meta.dirname, '..');
  if (options.build !== false) {
    execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...productionNodeFlags(), ...(options.nodeFlags ?? []), 'dist/server.mjs'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: options.dataDir,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        SECRET_KEY: BENCH_SECRET_KEY,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');

  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (i === 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    base,
    /** Resident memory now (VmRSS) or at its highest since start or the last reset (VmHWM). */
    rssMb: (field: 'VmRSS' | 'VmHWM') =>
      Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]) / 1024,
    /** Resets the kernel's high-water mark, so that it tells the peak of what follows. */
    resetPeak: () => writeFileSync(`/proc/${server.pid}/clear_refs`, '5'),
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}
