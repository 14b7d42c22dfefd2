import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiatives } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { callAs } from '../test/http';
import { createInitiative, createInitiativeTree } from '../test/initiative-factories';
import { MAX_CACHE_BYTES, preferredEncoding, PublicCache } from './public-cache';

/**
 * Anonymous public reads kept in memory (http/public-cache.ts). "Kept" shows as a change made
 * with triggers off (no NOTIFY, as if the cache never heard of it) that a read does not see.
 */
let t: TestApp;
/** What the app logs at info, as production does. */
const logged: Array<{ msg?: string; publicCache?: boolean; req?: { url?: string } }> = [];
let admin: CreatedUser;
let id: number;
let grantId: number;
const url = () => `/initiative/${id}`;
const readName = async (caller: CreatedUser | null = null) => {
  const res = await callAs(t, 'GET', url(), caller);
  expect(res.statusCode).toBe(200);
  return res.json<{ name: string }>().name;
};

type Change = Partial<typeof initiatives.$inferInsert>;

/** Changes the initiative behind every cache's back: no trigger fires, so nothing is told. */
async function changeUnnoticed(change: Change) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(initiatives).set(change).where(eq(initiatives.id, id));
  });
}
const renameUnnoticed = (name: string) => changeUnnoticed({ name });

/** Renames it as another process would: an ordinary write, told by NOTIFY on commit. */
const renameElsewhere = (name: string) =>
  t.database.db.update(initiatives).set({ name }).where(eq(initiatives.id, id));

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not within 2 s');
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
      done();
    },
  });
  t = await createTestApp({
    env: { PUBLIC_CACHE_SECONDS: '30', CORS_ORIGINS: 'https://elders.example' },
    logger: pino({ level: 'info' }, sink),
  });
  admin = await createUser(t, { role: 'administrator' });
  const tree = await createInitiativeTree(t, { name: 'Eerste naam' });
  id = tree.initiative.id;
  grantId = tree.grant.id;
});
afterAll(async () => t?.close());

let probe = 0;
/**
 * Reads `path` twice around a change no one is told of. Equal answers mean the second came from
 * the cache. The notification of an earlier write may still empty the cache in between (it
 * arrives a moment after its commit), so callers try again with `eventually`.
 */
async function readTwiceAroundUnnoticedChange(path: string, headers: Record<string, string> = {}) {
  const first = await t.app.inject({ url: path, headers });
  await renameUnnoticed(`Ongezien ${probe++}`);
  const second = await t.app.inject({ url: path, headers });
  // The same JSON: a made answer and a kept one may be compressed differently.
  const json = (res: typeof first) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
    return encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  };
  return { first, second, kept: json(second).equals(json(first)) };
}

describe('the public cache', () => {
  it('answers a repeated anonymous read from memory, with the same body and headers', async () => {
    for (let i = 0; i < 8; i++) await createInitiative(t, grantId, { name: `Kop ${i}` });
    // Compressed anew or kept, the same JSON may come out in a different length.
    const comparable = ({ date: _d, 'content-length': _l, ...headers }: Record<string, unknown>) =>
      headers;
    const accepts = [undefined, 'identity', 'gzip', 'br, gzip'];
    // An answer under 1 KB and one over it, each in every form a client may ask for.
    for (const small of [true, false]) {
      for (const accept of accepts) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        await eventually(async () => {
          // Every try its own URL, so that its first read is made, not kept.
          const path = small
            ? `/api/initiatives?limit=1&offset=${probe}`
            : `/api/initiatives?limit=${10 + probe}`;
          const { first, second, kept } = await readTwiceAroundUnnoticedChange(path, headers);
          if (!kept) return false;
          const encoding = small ? undefined : /^(br|gzip)/.exec(accept ?? '')?.[0];
          expect(first.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
          if (small) expect(first.rawPayload.length).toBeLessThan(1024);
          expect(second.statusCode).toBe(200);
          expect(comparable(second.headers), `${path} ${accept}`).toEqual(
            comparable(first.headers),
          );
          expect(second.headers['content-length']).toBe(String(second.rawPayload.length));
          expect(second.headers['x-content-type-options']).toBe('nosniff');
          return true;
        });
      }
    }
  });

  it('never answers a logged-in caller from it', async () => {
    await eventually(async () => {
      const { first, kept } = await readTwiceAroundUnnoticedChange(`/api${url()}`);
      if (!kept) return false;
      // The change the anonymous reader does not see yet, a logged-in caller sees at once.
      const current = `Ongezien ${probe - 1}`;
      expect(first.json<{ name: string }>().name).not.toBe(current);
      expect(await readName(admin)).toBe(current);
      return true;
    });
  });

  it('is emptied by a write through the API before its answer leaves', async () => {
    await readName();
    const res = await callAs(t, 'PATCH', url(), admin, { name: 'Via de API' });
    expect(res.statusCode).toBe(200);
    expect(await readName()).toBe('Via de API');
  });

  it('stays warm through refused writes, which wrote nothing', async () => {
    await eventually(async () => {
      const path = `/api${url()}`;
      const first = await t.app.inject({ url: path });
      await renameUnnoticed(`Ongezien ${probe++}`);
      // Anonymous, forbidden and invalid writes: none may empty what the public reads.
      const refused = [
        await callAs(t, 'PATCH', url(), null, { name: 'Anoniem' }),
        await callAs(t, 'POST', '/funder', null, { name: 'Anoniem' }),
        await callAs(t, 'PATCH', url(), admin, { budget: -1 }),
      ];
      expect(refused.map((res) => res.statusCode)).toEqual([401, 401, 422]);
      const second = await t.app.inject({ url: path });
      return second.body === first.body;
    });
  });

  it('is emptied by a write elsewhere once PostgreSQL tells of it', async () => {
    await readName();
    await renameElsewhere('Elders geschreven');
    await eventually(async () => (await readName()) === 'Elders geschreven');
  });

  it('keeps no error', async () => {
    await t.database.db.update(initiatives).set({ hidden: true }).where(eq(initiatives.id, id));
    await eventually(async () => (await callAs(t, 'GET', url(), null)).statusCode === 404);
    await changeUnnoticed({ hidden: false });
    expect((await callAs(t, 'GET', url(), null)).statusCode).toBe(200);
  });

  it('sends a browser the Brotli or gzip form it keeps, of the same JSON', async () => {
    for (let i = 0; i < 8; i++) await createInitiative(t, grantId, { name: `Lijst ${i}` });
    const list = '/api/initiatives?limit=100';
    await eventually(async () => (await t.app.inject({ url: list })).body.includes('Lijst 7'));
    const cases = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const;
    for (const [accept, encoding, decode] of cases) {
      await eventually(async () => {
        const headers = { 'accept-encoding': accept };
        const { first, second, kept } = await readTwiceAroundUnnoticedChange(list, headers);
        if (!kept) return false;
        const json = decode(second.rawPayload).toString();
        expect(Buffer.byteLength(json)).toBeGreaterThan(1024);
        expect(json).toContain('Lijst 7');
        for (const res of [first, second]) {
          expect(res.headers['content-encoding'], accept).toBe(encoding);
          // CORS is on here: its Vary comes first, as on every answer.
          expect(res.headers.vary, accept).toBe('Origin, accept-encoding');
          expect(res.headers['content-type']).toMatch(/^application\/json/);
        }
        return true;
      });
    }
    const plain = (await t.app.inject({ url: list })).body;
    const identity = await t.app.inject({ url: list, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'keeps nothing while the notifications are down, and again once they are back',
    async () => {
      await readName();
      const ended = (await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%'
          and pid <> pg_backend_pid()`)) as { rows: unknown[] };
      expect(ended.rows).toHaveLength(1);
      // Once the server notices, a write it cannot hear of still shows at once.
      await eventually(async () => {
        const name = `Ongehoord ${probe++}`;
        await renameUnnoticed(name);
        return (await readName()) === name;
      });
      await eventually(async () => {
        await renameElsewhere(`Terug ${Date.now()}`);
        const name = await readName();
        await renameUnnoticed('Verborgen');
        return (await readName()) === name;
      });
    },
  );
});

describe('the public cache on a listening server', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** As readTwiceAroundUnnoticedChange, over a socket; fetch undoes the compression. */
  async function fetchTwiceAroundUnnoticedChange(path: string, headers: Record<string, string>) {
    const read = async () => {
      const res = await fetch(base + path, { headers });
      expect(res.status).toBe(200);
      return { headers: Object.fromEntries(res.headers), json: await res.text() };
    };
    const first = await read();
    await renameUnnoticed(`Ongezien ${probe++}`);
    const second = await read();
    return { first, second, kept: second.json === first.json };
  }
  const answeredBeforeFastify = (path: string) =>
    logged.filter((line) => line.publicCache === true && line.req?.url === path).length;

  it('answers a hit before Fastify sees it, with the headers and JSON a miss gets', async () => {
    for (let i = 0; i < 8; i++) await createInitiative(t, grantId, { name: `Poort ${i}` });
    const comparable = ({ date: _d, 'content-length': _l, ...headers }: Record<string, string>) =>
      headers;
    for (const accept of ['identity', 'gzip', 'br']) {
      await eventually(async () => {
        const path = `/api/initiatives?limit=${10 + probe}`;
        const { first, second, kept } = await fetchTwiceAroundUnnoticedChange(path, {
          'accept-encoding': accept,
        });
        // Unchanged is not yet a hit before Fastify: a busy machine may answer it inside (or the
        // renamed initiative may not be on the page); such a round proves nothing, so try again.
        if (!kept || answeredBeforeFastify(path) === 0) return false;
        expect(Buffer.byteLength(first.json)).toBeGreaterThan(1024);
        expect(first.headers['content-encoding'], accept).toBe(
          accept === 'identity' ? undefined : accept,
        );
        expect(comparable(second.headers), accept).toEqual(comparable(first.headers));
        expect(second.headers['x-content-type-options']).toBe('nosniff');
        expect(answeredBeforeFastify(path), accept).toBe(1);
        return true;
      });
    }
  });

  it('leaves a read with an Origin to Fastify, which adds CORS and answers from the cache', async () => {
    const origin = 'https://elders.example';
    await eventually(async () => {
      const path = `/api/initiatives?limit=2&offset=${probe}`;
      const { first, second, kept } = await fetchTwiceAroundUnnoticedChange(path, { origin });
      if (!kept) return false;
      for (const res of [first, second]) {
        expect(res.headers['access-control-allow-origin']).toBe(origin);
      }
      expect(answeredBeforeFastify(path)).toBe(0);
      return true;
    });
  });

  it('leaves logged-in reads to Fastify', async () => {
    await eventually(async () => {
      const path = `/api${url()}`;
      const { kept } = await fetchTwiceAroundUnnoticedChange(path, {});
      if (!kept) return false;
      const res = await fetch(base + path, { headers: admin.headers });
      expect(((await res.json()) as { name: string }).name).toBe(`Ongezien ${probe - 1}`);
      return true;
    });
  });
});

describe('the public cache of an app without a logger', () => {
  it('answers a hit before Fastify all the same', async () => {
    const quiet = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '30' } });
    try {
      await createInitiativeTree(quiet, { name: 'Stil' });
      const base = await quiet.app.listen({ port: 0, host: '127.0.0.1' });
      const bodies: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/initiatives`);
        expect(res.status).toBe(200);
        bodies.push(await res.text());
      }
      expect(new Set(bodies).size).toBe(1);
    } finally {
      await quiet.close();
    }
  });
});

describe('the public cache with PUBLIC_CACHE_FRONT=false', () => {
  it('answers its hits inside Fastify, with the headers a miss gets', async () => {
    const inside = await createTestApp({
      env: { PUBLIC_CACHE_SECONDS: '30', PUBLIC_CACHE_FRONT: 'false' },
    });
    try {
      await createInitiativeTree(inside, { name: 'Binnen' });
      const base = await inside.app.listen({ port: 0, host: '127.0.0.1' });
      const answers: Array<{ body: string; nosniff: string | null }> = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/initiatives`);
        expect(res.status).toBe(200);
        answers.push({
          body: await res.text(),
          nosniff: res.headers.get('x-content-type-options'),
        });
      }
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers.every((a) => a.nosniff === 'nosniff')).toBe(true);
    } finally {
      await inside.close();
    }
  });
});

describe('preferredEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('PublicCache', () => {
  it('drops what a read made while the cache was emptied', () => {
    const cache = new PublicCache(1000);
    const began = cache.begin();
    cache.clear();
    cache.store('/a', began, '{}', 'application/json');
    expect(cache.get('/a')).toBeUndefined();
    cache.store('/a', cache.begin(), '{}', 'application/json');
    expect(cache.get('/a')?.identity.toString()).toBe('{}');
  });

  it('forgets entries after their time and keeps nothing while suspended', () => {
    let now = 0;
    const cache = new PublicCache(1000, () => now);
    cache.store('/a', cache.begin(), '1', 'application/json');
    now = 999;
    expect(cache.get('/a')?.identity.toString()).toBe('1');
    now = 1000;
    expect(cache.get('/a')).toBeUndefined();
    cache.suspend();
    cache.store('/a', cache.begin(), '2', 'application/json');
    expect(cache.get('/a')).toBeUndefined();
    cache.resume();
    cache.store('/a', cache.begin(), '3', 'application/json');
    expect(cache.get('/a')?.identity.toString()).toBe('3');
  });

  it('holds at most a thousand entries, dropping the oldest', () => {
    const cache = new PublicCache(1000);
    for (let i = 0; i <= 1000; i++) cache.store(`/${i}`, cache.begin(), '{}', 'application/json');
    expect(cache.size).toBe(1000);
    expect(cache.get('/0')).toBeUndefined();
    expect(cache.get('/1000')).toBeDefined();
  });

  it('takes at most its bytes, the oldest making room, and skips what alone is too big', () => {
    const body = (n: number) => JSON.stringify('x'.repeat(n - 2));
    const cache = new PublicCache(1000, Date.now, 3 * 25_000);
    for (const key of ['/a', '/b', '/c']) cache.store(key, cache.begin(), body(10_000), 'a/json');
    expect(cache.bytes).toBe(3 * 20_000);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    // Kept again under the same key: counted once.
    cache.store('/c', cache.begin(), body(10_000), 'a/json');
    expect(cache.bytes).toBe(3 * 20_000);
    cache.store('/huge', cache.begin(), body(30_000), 'a/json');
    expect(cache.get('/huge')).toBeUndefined();
    expect(cache.bytes).toBe(3 * 20_000);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('is capped in bytes by default', () => {
    const cache = new PublicCache(1000);
    const big = JSON.stringify('x'.repeat(200_000));
    for (let i = 0; i < 200; i++) cache.store(`/${i}`, cache.begin(), big, 'application/json');
    expect(cache.bytes).toBeLessThanOrEqual(MAX_CACHE_BYTES);
    expect(cache.size).toBe(Math.floor(MAX_CACHE_BYTES / (3 * big.length)));
  });
});
