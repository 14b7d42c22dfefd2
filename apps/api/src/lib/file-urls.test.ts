import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { fileUrlBase } from './file-urls';

describe('fileUrlBase', () => {
  const fallback = 'http://localhost:8000';
  it('is PUBLIC_URL whenever it is set, whatever the request says', () => {
    expect(
      fileUrlBase('https://helder.example', { protocol: 'http', host: 'evil.example' }, fallback),
    ).toBe('https://helder.example');
  });

  it.each([
    ['127.0.0.1:8000', 'http://127.0.0.1:8000'],
    ['localhost:8000', 'http://localhost:8000'],
    ['Helder.LAN', 'http://helder.lan'],
    ['[::1]:8000', 'http://[::1]:8000'],
  ])('without it, is the origin the request came to (%s)', (host, origin) => {
    expect(fileUrlBase(undefined, { protocol: 'http', host }, fallback)).toBe(origin);
  });

  it('keeps https from the request and nothing else of it', () => {
    expect(fileUrlBase(undefined, { protocol: 'https', host: 'a.example' }, fallback)).toBe(
      'https://a.example',
    );
    expect(fileUrlBase(undefined, { protocol: 'javascript', host: 'a.example' }, fallback)).toBe(
      'http://a.example',
    );
  });

  it.each([
    undefined,
    '',
    'evil.example/path',
    'evil.example@other',
    'a.example:80:80',
    'a b',
    '<script>',
    'a.example\r\nx: y',
    `${'a'.repeat(300)}.example`,
  ])('falls back for a Host that is no host[:port] (%s)', (host) => {
    expect(fileUrlBase(undefined, { protocol: 'http', host }, fallback)).toBe(fallback);
  });
});

describe('file URLs without PUBLIC_URL', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: undefined, PUBLIC_CACHE_SECONDS: '30' },
      // As server.ts gives it: the front server logs its hits.
      logger: pino({ level: 'silent' }),
    });
    const { user } = await createUser(t);
    userId = user.id;
    await t.database.db
      .update(users)
      .set({ pictureKey: `users/${userId}/picture.png` })
      .where(eq(users.id, userId));
  });
  afterAll(async () => t?.close());

  const pictureUrl = async (host: string) => {
    const res = await t.app.inject({ url: `/api/user/${userId}`, headers: { host } });
    expect(res.statusCode).toBe(200);
    return res.json<{ profile_picture: { attachment_url: string } }>().profile_picture
      .attachment_url;
  };

  it('are on the host the page was opened on, and open there', async () => {
    const url = await pictureUrl('127.0.0.1:8000');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8000\/api\/files\/users\//);
    expect(await pictureUrl('localhost:8000')).toMatch(/^http:\/\/localhost:8000\/api\/files\//);
  });

  it('are kept per host by the public cache: another Host never gets this one', async () => {
    // Twice on one host: the second answer is the kept one.
    expect(await pictureUrl('a.example')).toMatch(/^http:\/\/a\.example\//);
    expect(await pictureUrl('a.example')).toMatch(/^http:\/\/a\.example\//);
    expect(await pictureUrl('b.example')).toMatch(/^http:\/\/b\.example\//);
    expect(await pictureUrl('a.example')).toMatch(/^http:\/\/a\.example\//);
  });

  it('are kept per host before Fastify too (the front server)', async () => {
    const base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const get = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          { host: base.hostname, port: base.port, path: `/api/user/${userId}`, headers: { host } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const urlOf = (body: string) =>
      (JSON.parse(body) as { profile_picture: { attachment_url: string } }).profile_picture
        .attachment_url;
    for (const host of ['c.example', 'c.example', 'd.example', 'c.example']) {
      expect(urlOf(await get(host))).toMatch(new RegExp(`^http://${host.replace('.', '\\.')}/`));
    }
  });
});
