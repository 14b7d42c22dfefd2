/**
 * `npm run bench` (third part): the API under load. Seeds 10 000 initiatives with 30 000
 * activities and BENCH_PAYMENTS payments (1 000 000) on PostgreSQL, starts the API as production
 * runs it (server.ts) and a bare Fastify server as its reference (bare-server.mjs), and runs a
 * load generator (autocannon, 50 connections) against each in turn, ROUNDS times, alternating
 * which goes first. Every endpoint is read:
 *
 * - anonymously, answered from the public cache after the first read (ADR 0014), against a bare
 *   route that answers the same bytes from memory: goal half its rate, p99 within 20 ms;
 * - as a logged-in user, answered by the database every time (ADR 0023), against a bare route
 *   that runs the same statements with the same parameters (recorded from the API, same-sql.ts)
 *   through node-postgres and sends their rows: goal half its rate, p99 within 50 ms.
 *
 * Prints per endpoint the median req/s and the worst p50 and p99 of both, the median of the
 * rounds' ratios with their range (and each round's p99 where the worst misses its goal); then,
 * in paired rounds, what answering a public-cache hit before Fastify gains over answering it
 * inside Fastify (two new API servers on the same data, one with PUBLIC_CACHE_FRONT=false); the API's
 * resident memory right after the warm-up, idle (after IDLE_SECONDS without requests) and at its
 * peak under load, and what Chromium transfers on a first visit to /funds, an initiative and
 * /login (the web app is built first).
 *
 * While iterating: BENCH_QUICK=1 leaves out the web build, the idle wait and the browser;
 * BENCH_ONLY=<regexp> measures only the rows whose label matches; BENCH_ROUNDS, BENCH_SECONDS and
 * BENCH_PAYMENTS shorten it further.
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { firstLoad, summarize } from '../../web/e2e/first-load';
import { DEFAULT_POOL_SIZE } from '../src/db/client';
import { READER, seedLoadData } from './load-data';
import { recordStatements } from './same-sql';
import { benchDatabase, startBenchServer } from './server';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Paired rounds per endpoint: the ratio is their median, so one disturbed round cannot decide it. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const QUICK = process.env.BENCH_QUICK === '1';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const CONNECTIONS = 50;
const IDLE_SECONDS = 40;
/** The goals per kind of read (docs/performance.md): share of the reference's rate, p99 in ms. */
const GOALS = {
  anonymous: { ratio: 0.5, p99: 20 },
  loggedIn: { ratio: 0.5, p99: 50 },
};
/** What answering a public-cache hit before Fastify must gain over answering it inside, to stay. */
const FRONT_GAIN = 0.15;

if (!QUICK) execFileSync('npm', ['run', 'build', '-w', '@helder/web'], { stdio: 'ignore' });
const dir = await mkdtemp(path.join(tmpdir(), 'helder-bench-load-'));
const database = await benchDatabase('helder_bench_load');
if (!database.url)
  throw new Error('the load bench needs PostgreSQL (BENCH_DATABASE_URL or initdb)');
const databaseUrl = database.url;
const server = await startBenchServer({ databaseUrl, dataDir: path.join(dir, 'data') });

const ENDPOINTS = [
  '/api/initiatives?limit=20',
  '/api/initiatives?offset=5000&limit=20',
  '/api/initiative/5001',
  '/api/funder/1/regulation/1',
  '/api/payments/initiative/5001?limit=20',
];

/** A bearer token of the seeded reader, from the login endpoint. */
async function readerToken(base: string) {
  const res = await fetch(`${base}/api/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: READER.email, password: READER.password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function load(base: string, url: string, headers: Record<string, string>, seconds = SECONDS) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url: base + url, headers, connections: CONNECTIONS, duration: seconds },
      (err, result) =>
        err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result),
    );
  });
}

async function startBare(bodies: Record<string, string>, statements: Record<string, unknown>) {
  const bodiesFile = path.join(dir, 'bodies.json');
  const statementsFile = path.join(dir, 'statements.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  writeFileSync(statementsFile, JSON.stringify(statements));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs')], {
    env: {
      ...process.env,
      BARE_BODIES: bodiesFile,
      BARE_STATEMENTS: statementsFile,
      BARE_DATABASE_URL: databaseUrl,
      // The API's own pool size: the same SQL through the same number of connections.
      BARE_POOL_SIZE: String(DEFAULT_POOL_SIZE),
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(base + ENDPOINTS[0]).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i === 100) throw new Error('the bare server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, stop: () => bare.kill('SIGTERM') };
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
const rate = (rs: autocannon.Result[]) => median(rs.map((r) => r.requests.average));
const worst = (rs: autocannon.Result[], key: 'p50' | 'p99') =>
  Math.max(...rs.map((r) => r.latency[key]));
const percent = (value: number) => (value * 100).toFixed(0);

/**
 * ROUNDS paired rounds of `url` against two servers, which goes first alternating so that a
 * drift of the machine favours neither; the ratios are a's rate over b's, round by round.
 */
async function paired(a: string, b: string, url: string, headers: Record<string, string>) {
  await load(a, url, headers, 2);
  await load(b, url, headers, 2);
  const first: autocannon.Result[] = [];
  const second: autocannon.Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) first.push(await load(a, url, headers));
    second.push(await load(b, url, headers));
    if (round % 2 === 1) first.push(await load(a, url, headers));
  }
  const failed = [...first, ...second].reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests`);
  const ratios = first.map((r, i) => r.requests.average / second[i]!.requests.average);
  return { first, second, ratios, ratio: median(ratios) };
}

try {
  await seedLoadData(databaseUrl, PAYMENTS);
  const bodies: Record<string, string> = {};
  for (const url of ENDPOINTS) {
    const res = await fetch(server.base + url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    bodies[url] = await res.text();
  }
  const loggedIn = { authorization: `Bearer ${await readerToken(server.base)}` };
  const statements = await recordStatements(databaseUrl, ENDPOINTS, loggedIn);
  const bare = await startBare(bodies, statements);
  const warm = server.rssMb('VmRSS');
  // At rest: V8 gives back the young generation it grew for the warm-up only after some seconds
  // without work (its memory reducer), so right after the warm-up is not yet idle.
  if (!QUICK) await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = server.rssMb('VmRSS');
  server.resetPeak();

  console.log(
    `${'endpoint'.padEnd(52)} ${'Helder req/s'.padStart(12)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}` +
      `  ${'ref. req/s'.padStart(10)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}  ratio`,
  );
  console.log(
    'reference: anonymous, the same bytes from memory; logged in, the same SQL through node-postgres',
  );
  const runs = ENDPOINTS.flatMap((url) => [
    { url, label: url, headers: {}, goal: GOALS.anonymous },
    {
      url,
      label: `${url} (logged in, ${statements[url]!.length} SQL)`,
      headers: loggedIn,
      goal: GOALS.loggedIn,
    },
  ]).filter(({ label }) => ONLY === null || ONLY.test(label));
  for (const { url, label, headers, goal } of runs) {
    const {
      first: helder,
      second: reference,
      ratios,
      ratio,
    } = await paired(server.base, bare.base, url, headers);
    console.log(
      `${label.padEnd(52)} ${rate(helder).toFixed(0).padStart(12)} ${String(worst(helder, 'p50')).padStart(5)} ${String(worst(helder, 'p99')).padStart(5)}` +
        `  ${rate(reference).toFixed(0).padStart(10)} ${String(worst(reference, 'p50')).padStart(5)} ${String(worst(reference, 'p99')).padStart(5)}  ${percent(ratio).padStart(3)} % (${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))})${ratio < goal.ratio ? `  under ${percent(goal.ratio)} %` : ''}${worst(helder, 'p99') > goal.p99 ? `  p99 over ${goal.p99} ms` : ''}`,
    );
    // The verdict is the worst round's; whether one round or all of them decide it, and whether
    // the reference had the same round, is what the next step needs.
    if (worst(helder, 'p99') > goal.p99) {
      const byRound = (rs: autocannon.Result[]) => rs.map((r) => r.latency.p99).join(' ');
      console.log(`  p99 by round (ms): ${byRound(helder)}; reference ${byRound(reference)}`);
    }
  }
  bare.stop();
  const peak = server.rssMb('VmHWM');

  // Answering a public-cache hit before Fastify (front-server.ts) against answering the same hit
  // inside Fastify: two new servers on the same database, one with the early path off. Both are
  // new so that neither carries the heap and compiled code of the rounds above.
  const frontRuns = ENDPOINTS.filter((url) => ONLY === null || ONLY.test(`${url} (front)`));
  if (frontRuns.length > 0) {
    const start = (name: string, env: Record<string, string>) =>
      startBenchServer({ databaseUrl, dataDir: path.join(dir, name), env, build: false });
    const [front, inside] = await Promise.all([
      start('data-front', {}),
      start('data-inside', { PUBLIC_CACHE_FRONT: 'false' }),
    ]);
    try {
      console.log(
        `\n${'public-cache hit'.padEnd(52)} ${'front req/s'.padStart(12)} ${'p99'.padStart(5)}  ${'inside req/s'.padStart(12)} ${'p99'.padStart(5)}  gain`,
      );
      const all: number[] = [];
      for (const url of frontRuns) {
        const {
          first: early,
          second: fastify,
          ratios,
          ratio,
        } = await paired(front.base, inside.base, url, {});
        console.log(
          `${url.padEnd(52)} ${rate(early).toFixed(0).padStart(12)} ${String(worst(early, 'p99')).padStart(5)}  ${rate(fastify).toFixed(0).padStart(12)} ${String(worst(fastify, 'p99')).padStart(5)}  ${percent(ratio - 1).padStart(3)} % (${percent(Math.min(...ratios) - 1)}–${percent(Math.max(...ratios) - 1)})${ratio - 1 < FRONT_GAIN ? `  under ${percent(FRONT_GAIN)} %` : ''}`,
        );
        all.push(...ratios);
      }
      const gain = median(all) - 1;
      console.log(
        `${'all rounds'.padEnd(52)} ${''.padStart(12)} ${''.padStart(5)}  ${''.padStart(12)} ${''.padStart(5)}  ${percent(gain).padStart(3)} %${gain < FRONT_GAIN ? `  under ${percent(FRONT_GAIN)} %: answer hits inside Fastify` : ''}`,
      );
    } finally {
      await Promise.all([front.stop(), inside.stop()]);
    }
  }

  console.log(
    `API server RSS right after the warm-up ${warm.toFixed(0)} MB, idle (${QUICK ? 'not waited for' : `${IDLE_SECONDS} s without requests`}) ${idle.toFixed(0)} MB, peak under load ${peak.toFixed(0)} MB${!QUICK && idle > 120 ? '  idle over 120 MB' : ''}${peak > 200 ? '  peak over 200 MB' : ''}`,
  );
  if (!QUICK) {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      for (const page of ['/funds', '/funds/5001/transactieoverzicht', '/login']) {
        const context = await browser.newContext();
        const { headline } = summarize(
          page,
          await firstLoad(await context.newPage(), server.base + page),
        );
        console.log(`first load ${headline}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
