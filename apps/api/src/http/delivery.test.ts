import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileUrl } from '../lib/file-urls';
import { createTestApp, type TestApp } from '../test/app';

/** What reaches a browser besides JSON bodies: CORS, the SPA shell and stored files. */
let t: TestApp;
let webDist: string;
const INDEX = '<!doctype html><html><head><title>Helder</title></head><body></body></html>';
/** What the web build writes beside index.html (apps/web/src/app/preloads.ts). */
const PRELOADS = [
  { pattern: '^/login/?$', files: ['/assets/login-Ab12Cd34.js', '/assets/login-Ef56Gh78.css'] },
  { pattern: '^/contacts(/|$)', files: ['/assets/users-Ij90Kl12.js'] },
];
const SCRIPT = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'helder-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'preloads.json'), JSON.stringify({ pages: PRELOADS }));
  // A hashed asset with the twins the build makes beside it.
  mkdirSync(path.join(webDist, 'assets'));
  const asset = path.join(webDist, 'assets', 'app-Ab12Cd34.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    env: { CORS_ORIGINS: 'https://client.example', WEB_DIST: webDist },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('CORS for a web client on another origin', () => {
  it.each(['PATCH', 'DELETE', 'POST'])(
    'lets a %s preflight with a bearer token pass',
    async (method) => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/funder/1',
        headers: {
          origin: 'https://client.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://client.example');
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
      const headers = String(res.headers['access-control-allow-headers']).toLowerCase();
      expect(headers).toContain('authorization');
      expect(headers).toContain('content-type');
    },
  );

  it('does not allow an origin that is not configured', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/funder/1',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('static files of the web build', () => {
  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('serves the Brotli or gzip twin the client accepts, with Content-Encoding and Vary', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload)).toEqual(SCRIPT);
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(SCRIPT);
  });

  it('lets hashed assets be cached for a year and revalidates everything else', async () => {
    const asset = await get('/assets/app-Ab12Cd34.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('JSON responses', () => {
  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('go out compressed over 1 KB, in the encoding the client prefers, with Vary', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload)).toEqual(plain.rawPayload);

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload)).toEqual(plain.rawPayload);
  });

  it('go out as they are under 1 KB, where compressing saves nothing', async () => {
    const res = await get('/api/health', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('the SPA shell', () => {
  const LOGIN_PAGE = INDEX.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/login-Ab12Cd34.js">\n' +
      '<link rel="preload" as="style" crossorigin href="/assets/login-Ef56Gh78.css">\n' +
      '</head>',
  );

  it.each([
    ['GET', '/funds/3/activities', 'index.html as it is (no preloads for it)', INDEX],
    ['HEAD', '/funds/3/activities', 'no body', ''],
    ['GET', '/login?next=%2Fcontacts', 'index.html naming its route’s files', LOGIN_PAGE],
    ['HEAD', '/login?next=%2Fcontacts', 'no body', ''],
  ] as const)('answers %s %s with %s', async (method, url, _what, body) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(body);
  });

  it('names the files of the route the path opens, whatever its query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/contacts/3?from=/login' });
    expect(res.body).toContain('href="/assets/users-Ij90Kl12.js"');
    expect(res.body).not.toContain('login-');
  });

  it.each([
    ['markup', '/contacts/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['a very long path', `/contacts/${'a'.repeat(20_000)}`],
  ])(
    'answers a path with %s with the page of its route, nothing of it copied in',
    async (_, url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(
        INDEX.replace(
          '</head>',
          '<link rel="modulepreload" crossorigin href="/assets/users-Ij90Kl12.js">\n</head>',
        ),
      );
    },
  );

  it('refuses a path with a NUL byte, as every request (the text guard)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/contacts/%00' });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('<link');
  });

  it('keeps unknown API paths a JSON 404 for HEAD too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
  });
});

describe('signed file URLs', () => {
  const key = 'users/1/picture.png';
  const sign = (at: Date) => signFileUrl(t.config.publicUrl, t.config.secretKey, key, at);
  const get = (url: string) => {
    const u = new URL(url);
    return t.app.inject({ url: u.pathname + u.search });
  };
  beforeAll(async () => {
    await t.storage.put(key, Buffer.from('89504e47', 'hex'), 'image/png');
  });

  it('give the same URL for every read within an hour, valid at least an hour', () => {
    const start = new Date('2026-03-01T10:00:00Z');
    const url = sign(start);
    for (const minutes of [1, 30, 59]) {
      expect(sign(new Date(start.getTime() + minutes * 60_000))).toBe(url);
    }
    expect(sign(new Date('2026-03-01T11:00:00Z'))).not.toBe(url);
    const exp = Number(new URL(sign(new Date('2026-03-01T10:59:59Z'))).searchParams.get('exp'));
    expect(exp * 1000 - Date.parse('2026-03-01T10:59:59Z')).toBeGreaterThanOrEqual(3_600_000);
  });

  it('are served cacheable until they expire, and may be embedded by other origins', async () => {
    t.clock.now = new Date();
    const url = sign(t.clock.now);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const exp = Number(new URL(url).searchParams.get('exp'));
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(3600);
    expect(maxAge).toBeLessThanOrEqual(exp - Math.floor(t.clock.now.getTime() / 1000));
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Everything else stays same-origin.
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('are refused after they expire', async () => {
    const url = sign(new Date(Date.now() - 3 * 3_600_000));
    t.clock.now = new Date();
    expect((await get(url)).statusCode).toBe(403);
  });
});

describe('errors of the router itself', () => {
  it.each([
    ['/api/funder/%C0%80', 400],
    ['/api/initiative/1/activity/%E0%A4%A', 400],
    ['/api/funder/%', 400],
    [`/api/funder/${'1'.repeat(150)}`, 414],
  ])('answer %s with the standard error body', async (url, status) => {
    const res = await t.app.inject({ method: 'DELETE', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(typeof res.json<{ detail: unknown }>().detail).toBe('string');
  });
});
