import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const PREFIX = 'helder.lock.';
/** The pid file of earlier versions; a pid says nothing once the kernel has reused it. */
const LEGACY_FILE = 'helder.lock';
// sun_path holds 104 bytes on macOS and 108 on Linux, NUL included, and libuv silently binds a
// truncated path when given a longer one.
const MAX_SOCKET_PATH = 103;

/** The path to bind or connect to: absolute, or relative to the cwd when that is shorter. */
function socketPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  const shortest = relative.length < file.length ? relative : file;
  if (Buffer.byteLength(shortest) > MAX_SOCKET_PATH) {
    throw new Error(`The data directory ${path.dirname(file)} has too long a path to lock it.`);
  }
  return shortest;
}

/** Whether a process listens on the socket: a dead one's socket file refuses connections. */
function isListening(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = net.connect({ path: socketPath(file) });
    client.once('connect', () => {
      client.destroy();
      resolve(true);
    });
    client.once('error', (e: NodeJS.ErrnoException) =>
      resolve(e.code !== 'ECONNREFUSED' && e.code !== 'ENOENT'),
    );
  });
}

/**
 * PGlite has no lock of its own and two processes on one directory lose writes, so the server
 * holds the directory for as long as it runs (docs/decisions/0009-data-dir-lock.md). The lock is
 * a Unix socket `<dir>/helder.lock.<pid>.<random>` that the holder listens on: the kernel closes
 * it when the holder dies, however it dies, so a connection that is refused proves a stale lock
 * where a pid could name an unrelated process. A new holder first listens on its own socket and
 * only then looks for others: of two processes starting together at least one sees the other,
 * so two can never both hold the directory. Unique names mean a stale socket is never confused
 * with a fresh one of the same name when it is removed.
 */
export async function lockDirectory(dir: string): Promise<() => void> {
  const name = `${PREFIX}${process.pid}.${randomBytes(4).toString('hex')}`;
  const own = path.join(dir, name);
  // Bound under another name and renamed once it listens: a socket file between bind() and
  // listen() refuses connections, and another process must never take it for a stale one.
  const binding = path.join(dir, `.${name}`);
  // Answers nothing: a connection that is accepted is the whole message.
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath(binding) }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  renameSync(binding, own);
  // A failed accept (out of file descriptors) costs only that check, never the process.
  server.on('error', () => {});
  // Holding the lock must not keep a finished process (the CLI) alive.
  server.unref();
  const unlock = () => {
    server.close();
    rmSync(own, { force: true });
  };

  try {
    rmSync(path.join(dir, LEGACY_FILE), { force: true });
    for (const other of readdirSync(dir)) {
      if (!other.startsWith(PREFIX) || other === name) continue;
      const file = path.join(dir, other);
      if (await isListening(file)) {
        const pid = other.slice(PREFIX.length).split('.')[0];
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Helder process (pid ${pid}). ` +
            'Stop it first, or point DATA_DIR elsewhere.',
        );
      }
      rmSync(file, { force: true });
    }
  } catch (e) {
    unlock();
    throw e;
  }
  return unlock;
}
