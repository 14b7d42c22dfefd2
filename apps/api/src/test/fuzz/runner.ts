import type { TestApp } from '../app';
import { createUser, DEFAULT_PASSWORD } from '../factories';
import { buildCase, type FuzzCase, planSchedule } from './cases';
import { problemsOf } from './checks';
import type { NamedEndpoint } from './contracts';
import { type Fixture, refreshFixture, seedFixture } from './fixture';

export interface RunOptions {
  seed: number;
  /** Requests to send; each case goes out twice (anonymous, then as admin). */
  count: number;
  /** Replays this one case only. */
  only?: number;
  /** A request that takes longer counts as a failure (a hang, not a slow test). */
  timeoutMs?: number;
  onProgress?: (sent: number, total: number) => void;
  /** Called with every answer, failing or not (the CLI's --trace). */
  onReply?: (
    c: FuzzCase,
    caller: Caller,
    status: number | 'timeout' | 'error',
    body: string,
  ) => void;
}

type Caller = 'anonymous' | 'admin';

export interface Failure {
  case: FuzzCase;
  caller: Caller;
  status: number | 'timeout' | 'error';
  contentType: string | undefined;
  body: string;
  problems: string[];
}

export interface FuzzResult {
  seed: number;
  count: number;
  only: number | undefined;
  requests: number;
  statusCounts: Record<string, number>;
  casesPerEndpoint: Record<string, number>;
  failures: Failure[];
  /** Problems of the health checks during and after the run. */
  health: string[];
  reseeds: number;
  durationMs: number;
}

const HEALTH_EVERY = 250;

/** A new client address per request: login, forgot and reset are rate-limited per IP. */
let ipCounter = 0;
const nextIp = () => {
  ipCounter = (ipCounter + 1) % 0xfffffe;
  const n = ipCounter + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

interface Reply {
  status: number | 'timeout' | 'error';
  contentType: string | undefined;
  body: string;
}

async function send(
  t: TestApp,
  c: FuzzCase,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Reply> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Reply>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'timeout', contentType: undefined, body: '' }),
      timeoutMs,
    );
  });
  const request = t.app
    .inject({
      method: c.method,
      url: c.url,
      headers,
      remoteAddress: nextIp(),
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    })
    .then(
      (res): Reply => ({
        status: res.statusCode,
        contentType: res.headers['content-type']?.toString(),
        body: res.body,
      }),
      (e: unknown): Reply => ({
        status: 'error',
        contentType: undefined,
        body: e instanceof Error ? e.message : String(e),
      }),
    );
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Is the app still serving: health, a fresh login, an authenticated and a public read. */
async function healthProblems(t: TestApp): Promise<string[]> {
  const problems: string[] = [];
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  if (health.statusCode !== 200) problems.push(`GET /api/health → ${health.statusCode}`);
  const { user } = await createUser(t);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: user.email, password: DEFAULT_PASSWORD }).toString(),
    remoteAddress: nextIp(),
  });
  if (login.statusCode !== 200) {
    problems.push(`login of a fresh user → ${login.statusCode} ${login.body.slice(0, 200)}`);
  } else {
    const token = login.json<{ access_token: string }>().access_token;
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (me.statusCode !== 200)
      problems.push(`GET /api/user/:id with the new token → ${me.statusCode}`);
  }
  const list = await t.app.inject({ method: 'GET', url: '/api/funders' });
  if (list.statusCode !== 200) problems.push(`GET /api/funders → ${list.statusCode}`);
  return problems;
}

/**
 * Sends `count` generated requests to the app and checks every answer (checks.ts); seeds its own
 * data first and puts back what deletes took away, so that later cases still hit real rows.
 */
export async function runFuzz(
  t: TestApp,
  endpoints: NamedEndpoint[],
  options: RunOptions,
): Promise<FuzzResult> {
  const started = performance.now();
  const { seed, count, timeoutMs = 15_000 } = options;
  const fx: Fixture = await seedFixture(t);
  const schedule = planSchedule(endpoints, seed);
  const indices =
    options.only === undefined
      ? Array.from({ length: Math.ceil(count / 2) }, (_, i) => i)
      : [options.only];
  const result: FuzzResult = {
    seed,
    count,
    only: options.only,
    requests: 0,
    statusCounts: {},
    casesPerEndpoint: {},
    failures: [],
    health: [],
    reseeds: 0,
    durationMs: 0,
  };
  let dirty = false;
  for (const [n, index] of indices.entries()) {
    if (dirty) {
      await refreshFixture(t, fx);
      dirty = false;
    }
    const c = buildCase(seed, index, schedule, endpoints, fx);
    result.casesPerEndpoint[c.endpoint] = (result.casesPerEndpoint[c.endpoint] ?? 0) + 1;
    for (const caller of ['anonymous', 'admin'] as const) {
      const auth =
        caller === 'admin'
          ? fx.admin.headers
          : c.anonAuth === undefined
            ? {}
            : { authorization: c.anonAuth };
      const reply = await send(t, c, { ...c.headers, ...auth }, timeoutMs);
      result.requests += 1;
      options.onReply?.(c, caller, reply.status, reply.body);
      const key = String(reply.status);
      result.statusCounts[key] = (result.statusCounts[key] ?? 0) + 1;
      const problems =
        typeof reply.status === 'number'
          ? problemsOf({
              status: reply.status,
              contentType: reply.contentType,
              body: reply.body,
              isPublic: c.isPublic,
              anonymous: caller === 'anonymous',
              ...(c.mustReject === undefined ? {} : { mustReject: c.mustReject }),
            })
          : [
              reply.status === 'timeout'
                ? `no answer within ${timeoutMs} ms`
                : `inject failed: ${reply.body}`,
            ];
      if (problems.length > 0) result.failures.push({ case: c, caller, ...reply, problems });
      // Any successful write may have deleted or changed a seeded row (or the admin itself).
      if (
        caller === 'admin' &&
        c.method !== 'GET' &&
        (typeof reply.status !== 'number' || reply.status < 300)
      ) {
        dirty = true;
      }
    }
    if ((n + 1) % HEALTH_EVERY === 0) {
      // The SQL log of the test app only grows; nobody reads it here.
      t.queries.length = 0;
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      if (health.statusCode !== 200) {
        result.health.push(`GET /api/health → ${health.statusCode} after case #${index}`);
      }
    }
    options.onProgress?.(result.requests, indices.length * 2);
  }
  result.health.push(...(await healthProblems(t)));
  result.reseeds = fx.reseeds;
  result.durationMs = performance.now() - started;
  return result;
}
