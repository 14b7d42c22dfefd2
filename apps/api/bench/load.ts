/**
 * `npm run bench` (third part): the API under load. Seeds 10 000 initiatives with 30 000
 * activities and BENCH_PAYMENTS payments (1 000 000) on PostgreSQL, starts the API as production
 * runs it (server.ts) and a bare Fastify server that answers the same paths with the same bytes
 * from memory (bare-server.mjs), and runs a load generator (autocannon, 50 connections) against
 * each in turn, ROUNDS times, alternating which goes first. Every endpoint is read anonymously
 * (answered from the public cache after the first read, ADR 0014) and as a logged-in user
 * (answered by the database every time). Prints per endpoint the median req/s and the worst p50
 * and p99 of both, the median of the rounds' ratios with their range, the API's resident memory
 * right after the warm-up, idle (after IDLE_SECONDS without requests) and at its peak under load,
 * and what Chromium transfers on a first visit to /funds, an initiative and /login (the web app
 * is built first).
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import { firstLoad, summarize } from '../../web/e2e/first-load';
import { hashPassword } from '../src/lib/passwords';
import { benchDatabase, startBenchServer } from './server';

const READER = { email: 'lezer@bench.example', password: 'bench-lezer-wachtwoord' };
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Paired rounds per endpoint: the ratio is their median, so one disturbed round cannot decide it. */
const ROUNDS = 5;
const CONNECTIONS = 50;
const IDLE_SECONDS = 40;

execFileSync('npm', ['run', 'build', '-w', '@helder/web'], { stdio: 'ignore' });
const dir = await mkdtemp(path.join(tmpdir(), 'helder-bench-load-'));
const database = await benchDatabase('helder_bench_load');
const server = await startBenchServer({
  databaseUrl: database.url,
  dataDir: path.join(dir, 'data'),
});

async function seed() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const start = performance.now();
  await client
    .query(
      `
    insert into users (email, password_hash, first_name, last_name)
      values ('${READER.email}', '${await hashPassword(READER.password)}', 'Lezer', 'Bench');
    insert into funders (name, url) values ('Fonds', 'https://fonds.example');
    insert into regulations (funder_id, name, description) values (1, 'Regeling', 'Tekst');
    insert into grants (regulation_id, name, reference, budget_cents)
      values (1, 'Beschikking', 'B-1', 100000000);
    insert into initiatives (grant_id, name, description, purpose, target_audience, budget_cents)
      select 1, 'Initiatief ' || g, 'Beschrijving ' || g, 'Doel', 'Buurt', 500000
      from generate_series(1, 10000) g;
    insert into activities (initiative_id, name, description, purpose, target_audience, budget_cents)
      select i.id, 'Activiteit ' || a, 'Beschrijving', 'Doel', 'Buurt', 100000
      from initiatives i cross join generate_series(1, 3) a;
    with acts as (
      select id, initiative_id, (row_number() over (order by id) - 1)::int as k from activities),
    n as (select count(*)::int as c from acts)
    insert into payments (type, amount_cents, booking_date, route, initiative_id, activity_id)
      select 'handmatig', case when g % 4 = 0 then 25000 else -(g % 9000) - 1 end,
        now() - (g || ' minutes')::interval,
        case when g % 4 = 0 then 'inkomen' else 'uitgaven' end,
        acts.initiative_id, case when g % 3 = 0 then null else acts.id end
      from generate_series(1, ${PAYMENTS}) g cross join n join acts on acts.k = g % n.c;`,
    )
    // What autovacuum would have done by the time the tables have grown this much.
    .then(() => client.query('vacuum analyze'))
    .finally(() => client.end());
  console.log(
    `\nload: 10000 initiatives, ${PAYMENTS} payments (seeded in ${Math.round(performance.now() - start)} ms)`,
  );
}

const ENDPOINTS = [
  '/api/initiatives?limit=20',
  '/api/initiatives?offset=5000&limit=20',
  '/api/initiative/5001',
  '/api/funder/1/regulation/1',
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

async function startBare(bodies: Record<string, string>) {
  const file = path.join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs')], {
    env: { ...process.env, BARE_BODIES: file, PORT: String(port) },
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

try {
  await seed();
  const bodies: Record<string, string> = {};
  for (const url of ENDPOINTS) {
    const res = await fetch(server.base + url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    bodies[url] = await res.text();
  }
  const bare = await startBare(bodies);
  const loggedIn = { authorization: `Bearer ${await readerToken(server.base)}` };
  const warm = server.rssMb('VmRSS');
  // At rest: V8 gives back the young generation it grew for the warm-up only after some seconds
  // without work (its memory reducer), so right after the warm-up is not yet idle.
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = server.rssMb('VmRSS');
  server.resetPeak();

  console.log(
    `${'endpoint'.padEnd(52)} ${'Helder req/s'.padStart(12)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}` +
      `  ${'bare req/s'.padStart(10)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}  ratio`,
  );
  const runs = ENDPOINTS.flatMap((url) => [
    { url, label: url, headers: {} },
    { url, label: `${url} (logged in)`, headers: loggedIn },
  ]);
  for (const { url, label, headers } of runs) {
    await load(server.base, url, headers, 2);
    await load(bare.base, url, headers, 2);
    const helder: autocannon.Result[] = [];
    const reference: autocannon.Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Which server goes first alternates, so that a drift of the machine favours neither.
      if (round % 2 === 0) helder.push(await load(server.base, url, headers));
      reference.push(await load(bare.base, url, headers));
      if (round % 2 === 1) helder.push(await load(server.base, url, headers));
    }
    const failed = helder.reduce((n, r) => n + r.non2xx + r.errors, 0);
    if (failed > 0) throw new Error(`${label}: ${failed} failed requests`);
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
    const rate = (rs: autocannon.Result[]) => median(rs.map((r) => r.requests.average));
    const p = (rs: autocannon.Result[], key: 'p50' | 'p99') =>
      Math.max(...rs.map((r) => r.latency[key]));
    const ratios = helder.map((r, i) => r.requests.average / reference[i]!.requests.average);
    const ratio = median(ratios);
    const percent = (value: number) => (value * 100).toFixed(0);
    console.log(
      `${label.padEnd(52)} ${rate(helder).toFixed(0).padStart(12)} ${String(p(helder, 'p50')).padStart(5)} ${String(p(helder, 'p99')).padStart(5)}` +
        `  ${rate(reference).toFixed(0).padStart(10)} ${String(p(reference, 'p50')).padStart(5)} ${String(p(reference, 'p99')).padStart(5)}  ${percent(ratio).padStart(3)} % (${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))})${ratio < 0.5 ? '  under 50 %' : ''}${p(helder, 'p99') > 20 ? '  p99 over 20 ms' : ''}`,
    );
  }
  bare.stop();
  const peak = server.rssMb('VmHWM');
  console.log(
    `API server RSS right after the warm-up ${warm.toFixed(0)} MB, idle (${IDLE_SECONDS} s without requests) ${idle.toFixed(0)} MB, peak under load ${peak.toFixed(0)} MB${idle > 120 ? '  idle over 120 MB' : ''}${peak > 200 ? '  peak over 200 MB' : ''}`,
  );
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
} finally {
  await server.stop();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
