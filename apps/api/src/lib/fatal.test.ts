import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '../..');

/** Runs `failure` in a Node process with the fatal-error handlers installed, as the server has them. */
function crash(failure: string) {
  const script = `
    import pino from 'pino';
    import { exitOnFatalErrors } from './src/lib/fatal.ts';
    exitOnFatalErrors(pino());
    setTimeout(() => { ${failure} }, 0);
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise<{ code: number | null; lines: Array<Record<string, unknown>> }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        const lines = stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        resolve({ code, lines });
      });
    },
  );
}

describe('fatal errors', () => {
  it.each([
    ['an uncaught exception', "throw new Error('boom')", 'uncaught exception: exiting'],
    [
      'an unhandled rejection',
      "void Promise.reject(new Error('boom'))",
      'unhandled promise rejection: exiting',
    ],
  ])('log %s as fatal and exit with 1, for the supervisor to restart', async (_, failure, msg) => {
    const { code, lines } = await crash(failure);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg, err: { message: 'boom' } });
  });
});
