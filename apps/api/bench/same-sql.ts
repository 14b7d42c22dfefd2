/**
 * The statements the API sends to answer a request, with their parameters, for the load bench's
 * reference of logged-in reads (bare-server.mjs runs them through node-postgres). Recorded by
 * building the app in this process on the bench's database and asking it each URL twice: the
 * second time, as under load, the token check answers from memory (ADR 0023), so what is
 * recorded is what every request of the load sends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { localStorage } from '../src/lib/storage';
import { BENCH_SECRET_KEY } from './server';

interface Statement {
  text: string;
  params: unknown[];
}

export async function recordStatements(
  databaseUrl: string,
  urls: string[],
  headers: Record<string, string>,
): Promise<Record<string, Statement[]>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'helder-bench-sql-'));
  let recording: Statement[] | null = null;
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: dir,
    onQuery: (text, params) => recording?.push({ text, params }),
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    SECRET_KEY: BENCH_SECRET_KEY,
    PUBLIC_URL: 'http://127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_SECONDS: '30',
  });
  const app = await buildApp({
    config,
    database,
    mail: { send: async () => {} },
    storage: localStorage(path.join(dir, 'files')),
  });
  try {
    const statements: Record<string, Statement[]> = {};
    for (const url of urls) {
      for (const record of [false, true]) {
        const mine: Statement[] = [];
        recording = record ? mine : null;
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        statements[url] = mine;
      }
      recording = null;
    }
    return statements;
  } finally {
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
