#!/usr/bin/env node
// `npm test`: runs every test runner of the monorepo, streams their output, and ends with exactly
// one summary line: `N passed, N failed[, N skipped]`. Exits 1 if anything failed.
//
//   1. vitest, all projects (shared, api on PGlite, web)           always
//   then, side by side (each runner waits on the other's processes part of the time, and two
//   cores are what this has to run on):
//   2. vitest, project "api" again with TEST_DB=postgres           on TEST_DATABASE_URL, else on a
//      throwaway cluster (scripts/pg-cluster.mjs) when PostgreSQL is installed; its output is
//      printed when it ends, so that the two do not interleave
//   3. Playwright end-to-end (apps/web/playwright.config.ts)       unless SKIP_E2E=1
//   4. the static checks, one after another once pass 2 is done:   unless SKIP_CHECKS=1
//      prettier --check, eslint, tsc (each package), knip; each one that fails counts as 1 failed
//      (they run here, beside the end-to-end tests, because those leave about a fifth of two
//      cores idle: before the tests they added 1.5 minutes to every CI run)
//
// TEST_NODE_BIN (CI sets it to Node 24 LTS) runs pass 2 and the end-to-end server on that Node.
// Counts come from each runner's JSON report. A runner that exits non-zero without reporting
// a failure (crash, unhandled error, failing web server, ...) counts as 1 failed.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { findPgBin, PG_BIN_LOCATIONS, startCluster } from './pg-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'helder-test-'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const total = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
const running = new Set();
/** Each runner's wall time, and every test file's, for the report before the summary line. */
const phases = [];
const files = [];

function forward(signal) {
  for (const child of running) if (child.exitCode === null) child.kill(signal);
  rmSync(tmp, { recursive: true, force: true });
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));

function banner(text) {
  console.log(`\n=== ${text} ===\n`);
}

/**
 * Runs `npx <args>` (or `node <script>` with TEST_NODE_BIN when `node` is given); resolves with
 * its exit code (1 when killed or not started). Output goes to ours, or into `log` (a file path)
 * when given.
 */
function run(args, { env = {}, node, log } = {}) {
  return new Promise((resolve) => {
    const [command, commandArgs] = node ? [node, args] : [npx, args];
    const out = log ? createWriteStream(log) : null;
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ['ignore', out ? 'pipe' : 'inherit', out ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
    });
    running.add(child);
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    const done = (code) => {
      running.delete(child);
      if (out) out.end(() => resolve(code));
      else resolve(code);
    };
    child.on('error', (error) => {
      console.error(`[test] could not start ${command} ${commandArgs.join(' ')}: ${error.message}`);
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`[test] unreadable report ${file}: ${error.message}`);
    return null;
  }
}

/** Adds one runner's counts to the total, applying the "crash = 1 failed" rule. */
function record(label, exitCode, counts) {
  let { passed, failed, skipped } = counts ?? { passed: 0, failed: 0, skipped: 0 };
  if (!counts) {
    console.error(`[test] ${label}: no report (exit code ${exitCode}); counted as 1 failed`);
    failed = 1;
  } else if (exitCode !== 0 && failed === 0) {
    console.error(
      `[test] ${label}: exit code ${exitCode} without a failed test; counted as 1 failed`,
    );
    failed = 1;
  }
  total.passed += passed;
  total.failed += failed;
  total.skipped += skipped;
  // Deliberately not in the "N passed, N failed" shape: only the last line of this script is.
  console.log(`[test] ${label}: passed=${passed} failed=${failed} skipped=${skipped}`);
}

function vitestCounts(report) {
  if (!report || typeof report.numPassedTests !== 'number') return null;
  // A test file that fails to load (syntax error, failing beforeAll, ...) has no failed test of
  // its own; count each such file once.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The machine's CPU time so far, busy and in all, summed over its cores (ms). */
function cpuTimes() {
  let busy = 0;
  let all = 0;
  for (const { times } of cpus()) {
    const sum = times.user + times.nice + times.sys + times.irq + times.idle;
    all += sum;
    busy += sum - times.idle;
  }
  return { busy, all };
}

/**
 * Runs one phase, noting how long it took and how busy the machine's cores were meanwhile: a
 * phase that leaves cores idle can be sped up by running more at once, a saturated one only by
 * doing less work.
 */
async function timed(label, body) {
  const start = Date.now();
  const cpuStart = cpuTimes();
  try {
    return await body();
  } finally {
    const cpuEnd = cpuTimes();
    const busy = (cpuEnd.busy - cpuStart.busy) / Math.max(1, cpuEnd.all - cpuStart.all);
    phases.push({ label, ms: Date.now() - start, busy });
  }
}

/** Test files' durations from a vitest JSON report (each file's first start to last end). */
function noteVitestFiles(label, report) {
  for (const file of report?.testResults ?? []) {
    if (typeof file.startTime !== 'number' || typeof file.endTime !== 'number') continue;
    files.push({ label, name: path.relative(root, file.name), ms: file.endTime - file.startTime });
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

function printTimes() {
  banner('times');
  for (const { label, ms, busy } of phases) {
    const load = `CPU ${Math.round(busy * 100)} % busy`.padStart(16);
    console.log(`${seconds(ms)} ${load}  ${label}`);
  }
  console.log(`${seconds(Date.now() - started)}  in all (pass 2 then the checks, beside pass 3)`);
  console.log('\nslowest test files:');
  for (const { label, name, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`${seconds(ms)}  ${name}  (${label})`);
  }
}

/**
 * One vitest run. With `node` it runs on that Node binary (its workers too); with `log` its
 * output is kept and printed, under its banner, once it ends.
 */
async function vitest(label, extraArgs, { env = {}, node, log } = {}) {
  if (!log) banner(label);
  const out = path.join(tmp, `vitest-${label.replace(/\W+/g, '-')}.json`);
  const args = [
    ...(node ? [path.join(root, 'node_modules/vitest/vitest.mjs')] : ['vitest']),
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const code = await run(args, { env, node, log });
  if (log) {
    banner(label);
    process.stdout.write(readFileSync(log));
  }
  const report = readJson(out);
  noteVitestFiles(label, report);
  record(label, code, vitestCounts(report));
}

function playwrightCounts(report) {
  const stats = report?.stats;
  if (!stats || typeof stats.expected !== 'number') return null;
  return {
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

async function playwright(label) {
  banner(label);
  const out = path.join(tmp, 'playwright.json');
  const code = await run(
    [
      'playwright',
      'test',
      '-c',
      'apps/web/playwright.config.ts',
      '--reporter=list,json',
      // Until the first spec exists this must not fail; the server is not even started then.
      '--pass-with-no-tests',
    ],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
  );
  const report = readJson(out);
  notePlaywrightFiles(label, report);
  record(label, code, playwrightCounts(report));
}

/** Spec files' durations from a Playwright JSON report: the sum of their tests' run times. */
function notePlaywrightFiles(label, report) {
  const walk = (suite, into) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) into.ms += result.duration ?? 0;
      }
    }
    for (const child of suite.suites ?? []) walk(child, into);
  };
  for (const suite of report?.suites ?? []) {
    const into = { ms: 0 };
    walk(suite, into);
    files.push({ label, name: suite.file ?? suite.title, ms: into.ms });
  }
}

/** The API suite on TEST_DATABASE_URL, else on a throwaway cluster, else skipped with a reason. */
async function vitestOnPostgres() {
  const label = 'vitest (api on PostgreSQL)';
  const node = process.env.TEST_NODE_BIN || undefined;
  const fullLabel = node ? `${label}, on ${nodeVersion(node)}` : label;
  let url = process.env.TEST_DATABASE_URL;
  let cluster = null;
  if (!url) {
    if (!findPgBin()) {
      console.log(
        `\n[test] skipping the API suite on PostgreSQL: TEST_DATABASE_URL is not set and there ` +
          `are no PostgreSQL binaries (looked for ${PG_BIN_LOCATIONS}). ` +
          'Install them (apt-get install postgresql) or set TEST_DATABASE_URL.',
      );
      return;
    }
    try {
      cluster = await startCluster();
    } catch (error) {
      console.error(`[test] could not start PostgreSQL: ${error.message}`);
      record(label, 1, null);
      return;
    }
    url = cluster.url;
    console.log(
      `[test] throwaway PostgreSQL: ${cluster.bin}, port ${cluster.port}, removed afterwards`,
    );
  }
  try {
    await vitest(fullLabel, ['--project', 'api'], {
      env: { TEST_DB: 'postgres', TEST_DATABASE_URL: url },
      node,
      log: path.join(tmp, 'api-on-postgres.log'),
    });
  } finally {
    cluster?.stop();
  }
}

/** Formatting, lint, types and dead code, one at a time (one core), output printed at the end. */
async function staticChecks() {
  const label = 'static checks';
  const checks = [
    ['format', ['prettier', '--check', '--log-level', 'warn', '.']],
    ['lint', ['eslint', '.']],
    ['typecheck shared', ['tsc', '-p', 'packages/shared']],
    ['typecheck api', ['tsc', '-p', 'apps/api']],
    ['typecheck web', ['tsc', '-p', 'apps/web']],
    ['dead code (knip)', ['knip', '--no-progress']],
  ];
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const logs = [];
  for (const [name, args] of checks) {
    const log = path.join(tmp, `check-${name.replace(/\W+/g, '-')}.log`);
    const code = await run(args, { log });
    counts[code === 0 ? 'passed' : 'failed'] += 1;
    logs.push({ name, code, output: readFileSync(log, 'utf8') });
  }
  banner(label);
  for (const { name, code, output } of logs) {
    console.log(`[test] ${name}: ${code === 0 ? 'ok' : `FAILED (exit code ${code})`}`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
  record(label, 0, counts);
}

/** `v24.21.0` for a Node binary, or its path when it does not answer. */
function nodeVersion(node) {
  try {
    return `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
  } catch {
    return node;
  }
}

try {
  const label = 'vitest (shared, api on PGlite, web)';
  await timed(label, () => vitest(label, [], {}));
  const e2e =
    process.env.SKIP_E2E === '1'
      ? console.log('\n[test] SKIP_E2E=1: skipping the Playwright end-to-end tests')
      : timed('playwright (e2e)', () => playwright('playwright (e2e)'));
  const checks = async () => {
    await timed('vitest (api on PostgreSQL)', vitestOnPostgres);
    if (process.env.SKIP_CHECKS === '1') {
      console.log('\n[test] SKIP_CHECKS=1: skipping format, lint, typecheck and knip');
    } else await timed('static checks', staticChecks);
  };
  await Promise.all([checks(), e2e]);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

printTimes();

const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 ? 1 : 0);
