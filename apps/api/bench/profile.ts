/**
 * Where the API's CPU goes for logged-in reads: seeds the load bench's data (BENCH_PAYMENTS,
 * 200 000 here by default), starts the built server with `--cpu-prof`, loads each URL of
 * PROFILE_URLS (comma-separated; the load bench's logged-in reads by default) for PROFILE_SECONDS
 * at 50 connections, stops it and prints the server's CPU per request and its self time by
 * package (node_modules/<package>, our bundle, the engine's own).
 *
 *   npx tsx apps/api/bench/profile.ts
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { READER, seedLoadData } from './load-data';
import { benchDatabase, startBenchServer } from './server';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const URLS = (
  process.env.PROFILE_URLS ??
  '/api/initiatives?limit=20,/api/initiative/5001,/api/funder/1/regulation/1,/api/payments/initiative/5001?limit=20'
).split(',');

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package>, our bundle, or what the engine reports (GC, idle, program). */
function packageOf({ functionName, url }: Node['callFrame']): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes('/apps/api/dist/')) return 'helder (bundle)';
  if (url.startsWith('node:')) return 'node';
  return url === '' ? `(${functionName || 'native'})` : url;
}

const dir = await mkdtemp(path.join(tmpdir(), 'helder-bench-profile-'));
const database = await benchDatabase('helder_bench_profile');
if (!database.url) throw new Error('profiling needs PostgreSQL (BENCH_DATABASE_URL or initdb)');
const profiles = path.join(dir, 'profiles');
try {
  const server = await startBenchServer({
    databaseUrl: database.url,
    dataDir: path.join(dir, 'data'),
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profiles}`],
  });
  let requests = 0;
  try {
    await seedLoadData(database.url, PAYMENTS);
    const login = await fetch(`${server.base}/api/auth/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: READER.email, password: READER.password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    for (const url of URLS) {
      const result = await autocannon({
        url: server.base + url,
        headers: { authorization: `Bearer ${token}` },
        connections: 50,
        duration: SECONDS,
      });
      if (result.non2xx + result.errors > 0) throw new Error(`${url}: failed requests`);
      requests += result.requests.total;
      console.log(
        `${url}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  const [file] = await readdir(profiles);
  const profile = JSON.parse(await readFile(path.join(profiles, file!), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const name = packageOf(byId.get(id)!.callFrame);
    const us = profile.timeDeltas[i] ?? 0;
    self.set(name, (self.get(name) ?? 0) + us);
    if (name !== '((idle))') busy += us;
  });
  console.log(
    `\nserver CPU ${(busy / 1000).toFixed(0)} ms for ${requests} requests (with start-up): ` +
      `${(busy / 1000 / requests).toFixed(3)} ms per request`,
  );
  const top = (map: Map<string, number>, n: number) => {
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      if (name === '((idle))') continue;
      console.log(`${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  top(self, 20);
  if (process.env.PROFILE_FUNCTIONS) {
    // The functions themselves, for a closer look: PROFILE_FUNCTIONS=<how many>.
    const functions = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const { functionName, url } = byId.get(id)!.callFrame;
      const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}`;
      functions.set(name, (functions.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    console.log('');
    top(functions, Number(process.env.PROFILE_FUNCTIONS));
  }
  if (process.env.PROFILE_CALLERS) {
    // Who calls a function, by self time: PROFILE_CALLERS=<function name>.
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    const chains = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (byId.get(id)!.callFrame.functionName !== process.env.PROFILE_CALLERS) return;
      const chain: string[] = [];
      for (let at = parent.get(id); at !== undefined && chain.length < 12; at = parent.get(at)) {
        const { functionName, url } = byId.get(at)!.callFrame;
        chain.push(
          `${functionName || '?'}@${url.replace(/^.*node_modules\//, '').replace(/^.*\//, '')}`,
        );
      }
      const name = chain.join(' < ');
      chains.set(name, (chains.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    console.log('');
    top(chains, 8);
  }
} finally {
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
