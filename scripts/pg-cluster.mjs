// A throwaway PostgreSQL cluster for tests: `npm test` runs the API suite against one when no
// TEST_DATABASE_URL is given, and the restart test of the API starts its own so that restarting
// it cannot disturb the database other test files share.
//
//   const cluster = await startCluster();  // { url, bin, dir, port, restart(), stop() }
//
// The cluster lives in a temp dir on a free port of 127.0.0.1, with fsync off (its data is
// thrown away). initdb refuses to run as root, so as root every PostgreSQL tool runs as the
// `postgres` user that Debian's package creates. stop() also runs when the process exits
// without calling it (process.exit, a failing test run).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const TOOLS = ['initdb', 'pg_ctl', 'psql'];

/** What findPgBin looks for, for messages. */
export const PG_BIN_LOCATIONS = `${TOOLS.join(', ')} in ${DEBIAN_ROOT}/<version>/bin or beside initdb on the PATH`;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const hasTools = (dir) => TOOLS.every((tool) => isExecutable(path.join(dir, tool)));

/**
 * The directory holding initdb, pg_ctl and psql: Debian's newest /usr/lib/postgresql/<v>/bin,
 * else wherever initdb on the PATH really lives (Debian's /usr/bin/initdb is absent, and other
 * systems' may be a symlink). null when there is none.
 */
export function findPgBin() {
  let versions = [];
  try {
    versions = readdirSync(DEBIAN_ROOT);
  } catch {
    // Not Debian's layout: the PATH decides.
  }
  versions.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  for (const version of versions) {
    const dir = path.join(DEBIAN_ROOT, version, 'bin');
    if (hasTools(dir)) return dir;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const initdb = path.join(dir, 'initdb');
    if (dir && isExecutable(initdb)) {
      const real = path.dirname(realpathSync(initdb));
      if (hasTools(real)) return real;
    }
  }
  return null;
}

/** The uid and gid PostgreSQL's tools run as: our own, or `postgres`'s when we are root. */
function toolUser() {
  if (process.getuid?.() !== 0) return {};
  try {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('initdb refuses to run as root, and there is no "postgres" user to run it as');
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh cluster with the database `database` (owner `postgres`, trust authentication).
 * Rejects, with PostgreSQL's own output, when any step fails; nothing is left behind then.
 */
export async function startCluster({ database = 'helder_test' } = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error(`no PostgreSQL binaries: looked for ${PG_BIN_LOCATIONS}`);
  const user = toolUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'helder-pg-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const logTail = () => {
    try {
      return readFileSync(log, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '';
    }
  };

  // The cwd must be enterable by the postgres user.
  const options = { cwd: dir, ...user };
  const tool = (name, args) =>
    new Promise((resolve, reject) => {
      const child = spawn(path.join(bin, name), args, { ...options, stdio: 'pipe' });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('error', reject);
      child.once('close', (code) => {
        if (code === 0) resolve();
        else
          reject(new Error(`${name} ${args.join(' ')} failed (${code}):\n${output}${logTail()}`));
      });
    });

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    // Immediate: the data is thrown away anyway, and this must not wait for clients.
    spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
      ...options,
      stdio: 'ignore',
    });
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);

  try {
    const initdb = '-A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync'.split(' ');
    await tool('initdb', ['-D', data, ...initdb]);
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k "${dir}"`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    // -l also on restart: without it the server would inherit pg_ctl's pipes and keep them open.
    const pgCtl = (action, extra = []) =>
      tool('pg_ctl', ['-D', data, '-l', log, '-o', serverOptions, '-w', ...extra, action]);
    await pgCtl('start');
    const psql = `-X -q -h 127.0.0.1 -p ${port} -U postgres -d postgres`.split(' ');
    await tool('psql', [...psql, '-c', `CREATE DATABASE ${database}`]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${database}`,
      bin,
      dir,
      port,
      /** `pg_ctl restart -m fast`: clients are disconnected; resolves once it accepts again. */
      restart: () => pgCtl('restart', ['-m', 'fast']),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
