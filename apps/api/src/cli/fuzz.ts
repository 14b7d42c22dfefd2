/**
 * Fuzzes every contract endpoint with malformed requests against an in-process app (PGlite in
 * memory, or the PostgreSQL of TEST_DATABASE_URL with TEST_DB=postgres):
 *
 *   npm run fuzz -- [--count 10000] [--seed <n>] [--case <n>] [--trace]
 *
 * Prints the seed, the number of answers per status and every failing request; exits 1 when a
 * request failed (5xx, leaked internals, non-standard error body) or the app ended unhealthy.
 * `--case` replays one case of a seed (both callers) to reproduce a failure; `--trace` prints
 * every request with its answer.
 */
import { parseArgs } from 'node:util';
import { createTestApp } from '../test/app';
import { startBankSandbox } from '../test/bank-sandbox';
import { loadContractEndpoints } from '../test/fuzz/contracts';
import { randomSeed } from '../test/fuzz/prng';
import type { FuzzCase } from '../test/fuzz/cases';
import { formatReport, preview } from '../test/fuzz/report';
import { runFuzz } from '../test/fuzz/runner';

const USAGE = 'Usage: npm run fuzz -- [--count N] [--seed S] [--case N] [--trace]';

function readArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '10000' },
      seed: { type: 'string' },
      case: { type: 'string' },
      trace: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const int = (name: string, text: string | undefined, min: number) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > 0xffffffff) {
      throw new Error(`--${name} must be a whole number of at least ${min}`);
    }
    return Number(text);
  };
  return {
    help: values.help,
    trace: values.trace,
    count: int('count', values.count, 1)!,
    seed: int('seed', values.seed, 0) ?? randomSeed(),
    only: int('case', values.case, 0),
  };
}

async function main() {
  let args: ReturnType<typeof readArgs>;
  try {
    args = readArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  console.log(
    `fuzz seed ${args.seed}, ${args.only === undefined ? `${args.count} requests` : `case ${args.only}`}`,
  );
  const sandbox = await startBankSandbox();
  const t = await createTestApp({ bank: sandbox.bank });
  try {
    const endpoints = await loadContractEndpoints();
    let reported = 0;
    const result = await runFuzz(t, endpoints, {
      seed: args.seed,
      count: args.count,
      ...(args.only === undefined ? {} : { only: args.only }),
      ...(args.trace
        ? {
            onReply: (c: FuzzCase, caller: string, status: number | string, body: string) =>
              console.log(
                `#${c.index} ${caller} ${String(status)} ${c.method} ${c.url.slice(0, 120)} ` +
                  `[${c.endpoint} ${c.kind}] ${c.label} → ${preview(body)}`,
              ),
          }
        : {}),
      onProgress: (sent, total) => {
        if (sent - reported >= 1000 || sent === total) {
          reported = sent;
          process.stderr.write(`  ${sent}/${total}\n`);
        }
      },
    });
    console.log(formatReport(result));
    if (result.failures.length > 0 || result.health.length > 0) process.exitCode = 1;
  } finally {
    await t.close();
    await sandbox.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
