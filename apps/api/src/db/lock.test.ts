import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError } from './lock';
import { pgliteTemplateBlob } from '../test/template';

const apiRoot = path.resolve(import.meta.dirname, '../..');
let dir: string;
// Each test's directory starts from the run's migrated database rather than migrating its own.
const loadDataDir = pgliteTemplateBlob() ?? undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'helder-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a TypeScript entry point of the API in its own Node process. */
function run(script: string, args: string[] = []) {
  // Embedded PGlite on `dir`, whatever the surrounding environment says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: apiRoot,
      env: {
        ...env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const holders: ChildProcess[] = [];
afterEach(() => {
  for (const holder of holders) holder.kill('SIGKILL');
  holders.length = 0;
});

/** Another Node process that takes the lock on `dir` and holds it until it is killed. */
function holdLock() {
  const script = `
    import { lockDirectory } from './src/db/lock.ts';
    await lockDirectory(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  holders.push(child);
  return new Promise<ChildProcess>((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
}

describe('the PGlite data directory lock', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const first = await openDatabase({ dataDir: dir, loadDataDir });
    await expect(openDatabase({ dataDir: dir, loadDataDir })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    await first.close();
    const second = await openDatabase({ dataDir: dir, loadDataDir });
    await second.close();
  });

  it('ignores the pid lock file of an earlier version, even when that pid is alive again', async () => {
    writeFileSync(path.join(dir, 'helder.lock'), String(process.pid));
    const db = await openDatabase({ dataDir: dir, loadDataDir });
    await db.close();
  });

  it('is held by a live process, and free again once it is killed with SIGKILL', async () => {
    const holder = await holdLock();
    await expect(openDatabase({ dataDir: dir, loadDataDir })).rejects.toThrow(
      `is in use by another Helder process (pid ${holder.pid})`,
    );
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    // What kill -9 leaves behind, named as if its pid now belonged to a live process.
    const [stale] = readdirSync(dir).filter((f) => f.startsWith('helder.lock.'));
    expect(stale).toBeDefined();
    renameSync(path.join(dir, stale!), path.join(dir, `helder.lock.${process.pid}.0`));
    const db = await openDatabase({ dataDir: dir, loadDataDir });
    expect(readdirSync(dir).filter((f) => f.startsWith('helder.lock.'))).toHaveLength(1);
    await db.close();
  });

  it('makes a second server process exit with a clear message', async () => {
    const held = await openDatabase({ dataDir: dir, loadDataDir });
    try {
      const { code, stderr } = await run('src/server.ts');
      expect(code).not.toBe(0);
      expect(stderr).toContain(`The data directory ${dir} is in use by another Helder process`);
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      await held.close();
    }
  });

  it('makes the user:create CLI exit with a clear message', async () => {
    const held = await openDatabase({ dataDir: dir, loadDataDir });
    try {
      const { code, stderr } = await run('src/cli/user-create.ts', ['--email', 'a@example.test']);
      expect(code).toBe(1);
      expect(stderr).toContain('is in use by another Helder process');
      expect(stderr).toContain('stop the Helder server first');
    } finally {
      await held.close();
    }
  });
});
