import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { startBankSandbox } from '../bank-sandbox';
import { loadContractEndpoints } from './contracts';
import { formatReport } from './report';
import { runFuzz } from './runner';

/**
 * A fixed-seed sample of the contract fuzzer (`npm run fuzz` runs a bigger one with a random
 * seed): malformed requests to every endpoint, anonymous and as admin, must never get a 5xx,
 * a leaked internal, or an error body other than `{detail, code}`.
 */
const SEED = 20_260_301;
const COUNT = 2000;

let t: TestApp;
let sandbox: Awaited<ReturnType<typeof startBankSandbox>>;
beforeAll(async () => {
  sandbox = await startBankSandbox();
  t = await createTestApp({ bank: sandbox.bank });
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

it(`answers ${COUNT} malformed requests without a 5xx or a leak (seed ${SEED})`, async () => {
  const endpoints = await loadContractEndpoints();
  expect(endpoints.length).toBeGreaterThan(25);

  const result = await runFuzz(t, endpoints, { seed: SEED, count: COUNT });
  const report = formatReport(result);

  expect(result.requests).toBeGreaterThanOrEqual(COUNT);
  const untouched = endpoints.filter((e) => !result.casesPerEndpoint[e.name]).map((e) => e.name);
  expect(untouched, 'endpoints the sample never reached').toEqual([]);
  if (result.failures.length > 0 || result.health.length > 0) console.error(report);
  expect(result.health, 'the app is unhealthy after the run').toEqual([]);
  expect(result.failures.length, `failing requests, see the report above (seed ${SEED})`).toBe(0);
}, 600_000);
