import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

/**
 * A TCP relay to PostgreSQL that can go silent: its open connections stop passing bytes either
 * way without closing, as a connection forgotten by a firewall does. New connections pass.
 */
async function silenceableRelay(target: { host: string; port: number }) {
  const open = new Set<{ silence(): void }>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    let silent = false;
    inbound.on('data', (chunk) => void (silent || outbound.write(chunk)));
    outbound.on('data', (chunk) => void (silent || inbound.write(chunk)));
    const pair = { silence: () => void (silent = true) };
    open.add(pair);
    const close = () => {
      open.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('close', close).on('error', close);
    outbound.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silenceAll: () => open.forEach((pair) => pair.silence()),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const base = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres' && base)('LISTEN on PostgreSQL', () => {
  let relay: Awaited<ReturnType<typeof silenceableRelay>>;
  let database: Database;
  const name = `helder_listen_${process.pid}`;
  const admin = () => new pg.Client({ connectionString: base });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const target = new URL(base!);
    relay = await silenceableRelay({ host: target.hostname, port: Number(target.port) });
    const url = new URL(base!);
    url.port = String(relay.port);
    url.pathname = `/${name}`;
    database = await openDatabase({
      url: url.toString(),
      dataDir: 'memory://',
      listenHeartbeatMs: 200,
    });
  });
  afterAll(async () => {
    await database?.close();
    await relay?.close();
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('notices a connection that went silent, and listens again on a new one', async () => {
    const seen: string[] = [];
    const stop = await database.listen('helder_listen_test', {
      notify: () => seen.push('notify'),
      lost: () => seen.push('lost'),
      restored: () => seen.push('restored'),
    });
    // Straight to the server: the pool's connections go through the relay, and fall silent too.
    const direct = new URL(base!);
    direct.pathname = `/${name}`;
    const notifier = new pg.Client({ connectionString: direct.toString() });
    await notifier.connect();
    const notify = () => notifier.query(`NOTIFY helder_listen_test`);
    const until = async (wanted: string[]) => {
      const deadline = Date.now() + 10_000;
      while (seen.join() !== wanted.join() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toEqual(wanted);
    };
    await notify();
    await until(['notify']);

    relay.silenceAll();
    await until(['notify', 'lost', 'restored']);
    await notify();
    await until(['notify', 'lost', 'restored', 'notify']);
    await stop();
    await notifier.end();
  });
});
