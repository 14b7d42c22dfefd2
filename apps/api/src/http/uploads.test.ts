import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { bitmapPng } from '../test/images';
import { createCast, createWorld, type World } from '../test/initiative-factories';
import { multipart } from '../test/multipart';
import { MAX_UPLOAD_BYTES } from '@helder/shared/http';
import { MAX_FIELD_BYTES } from './uploads';

let t: TestApp;
let admin: CreatedUser;
let world: World;
/** This file's own temporary directory, so that other test processes' uploads never count. */
let tmp: string;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'helder-uploads-test-'));
  vi.stubEnv('TMPDIR', tmp);
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator' });
  world = await createWorld(t, await createCast(t));
});
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

const tempUploads = () => readdirSync(tmp).filter((name) => name.startsWith('helder-upload-'));
/** Every stored file, originals and thumbnails. */
function storedFiles() {
  const root = path.join(t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const pictureRoutes = () => [
  `/api/user/${admin.user.id}/profile-picture`,
  `/api/initiative/${world.initiative.id}/profile-picture`,
  `/api/initiative/${world.initiative.id}/activity/${world.activity.id}/profile-picture`,
];
const multipartRoutes = () => [...pictureRoutes(), '/api/user'];

const post = (url: string, payload: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...admin.headers, 'content-type': contentType },
  });

async function postForm(
  url: string,
  fields: Parameters<typeof multipart>[0],
  caller: CreatedUser | null = admin,
) {
  const form = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(caller?.headers ?? {}) },
  });
}

const image = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#c81e5a' } })
    .png()
    .toBuffer();

const file = (data: Buffer) => ({ name: 'picture.png', data, type: 'image/png' });

describe('malformed multipart bodies', () => {
  const filePart = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n';
  const fieldPart = '--x\r\nContent-Disposition: form-data; name="email"\r\n';
  const withBoundary = 'multipart/form-data; boundary=x';
  it.each([
    ['garbage', multipartRoutes, withBoundary, 'this is not multipart at all'],
    ['a truncated file', pictureRoutes, withBoundary, `${filePart}\r\n\x89PNG\r\n`],
    ['a truncated field', multipartRoutes, withBoundary, `${fieldPart}\r\nann@exa`],
    ['a truncated part header', multipartRoutes, withBoundary, filePart.slice(0, 30)],
    ['no boundary', multipartRoutes, 'multipart/form-data', `${fieldPart}\r\nabc\r\n--x--\r\n`],
  ])('answer 400 BAD_REQUEST (%s)', async (_, routes, contentType, body) => {
    for (const url of routes()) {
      const res = await post(url, body, contentType);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(tempUploads()).toEqual([]);
  });
});

describe('upload limits', () => {
  it('refuses a second file on a picture route and any file on the invite (413)', async () => {
    const png = await image();
    for (const url of pictureRoutes()) {
      const res = await postForm(url, { file: file(png), other: file(png) });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({
        detail: 'Too many files; at most 1',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
    const invite = await postForm('/api/user', { email: 'pic@example.test', file: file(png) });
    expect(invite.statusCode).toBe(413);
    expect(invite.json()).toMatchObject({ detail: 'Too many files; at most 0' });
    expect(tempUploads()).toEqual([]);
  });

  it('refuses a file of 10 MB + 1 byte on every picture route (413)', async () => {
    const png = await image();
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    for (const url of pictureRoutes()) {
      const res = await postForm(url, { file: file(big) });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(tempUploads()).toEqual([]);
  });

  it('refuses more than 50 fields, a field over 16 KB and a name over 100 bytes (413)', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'x']));
    const cases: [Record<string, string>, string][] = [
      [many, 'Too many fields; at most 50'],
      [{ email: 'a@example.test', biography: 'x'.repeat(MAX_FIELD_BYTES + 1) }, 'exceeds 16 KB'],
      [{ email: 'a@example.test', ['n'.repeat(101)]: 'x' }, 'longer than 100 bytes'],
    ];
    for (const [fields, detail] of cases) {
      for (const url of multipartRoutes()) {
        const res = await postForm(url, fields);
        expect(res.statusCode, url).toBe(413);
        expect(res.json<{ detail: string }>().detail, url).toContain(detail);
      }
    }
    // Right at the limits a form is read as usual (and the invite then judges its content).
    const atLimits: Record<string, string> = {
      email: 'limits@example.test',
      notes: 'y'.repeat(MAX_FIELD_BYTES),
      ['n'.repeat(100)]: 'x',
    };
    for (let i = 3; i < 50; i++) atLimits[`f${i}`] = 'x';
    expect((await postForm('/api/user', atLimits)).statusCode).toBe(200);
  });
});

describe('picture size in pixels', () => {
  it('refuses a 16000×16000 PNG of a few KB from its header, on every picture route', async () => {
    const bomb = bitmapPng(16000, 16000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = storedFiles();
    for (const url of pictureRoutes()) {
      const res = await postForm(url, { file: file(bomb) });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({
        detail: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: [
          {
            field: 'file',
            code: 'too_many_pixels',
            message: 'The picture is larger than 40 megapixels',
          },
        ],
      });
    }
    expect(storedFiles()).toEqual(before);
    expect(tempUploads()).toEqual([]);
  });

  it('refuses an ordinary 48-megapixel JPEG photo as a picture with 422, not 500', async () => {
    const photo = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#e8e4da' },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    const res = await postForm(pictureRoutes()[0]!, {
      file: { name: 'foto.jpg', data: photo, type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({ field: 'file', code: 'too_many_pixels' }),
    ]);
  });

  it('draws the line at 40 megapixels', async () => {
    const url = pictureRoutes()[0]!;
    expect((await postForm(url, { file: file(bitmapPng(6325, 6325)) })).statusCode).toBe(422);
    expect((await postForm(url, { file: file(bitmapPng(6324, 6324)) })).statusCode).toBe(200);
  });
});

describe('temporary files', () => {
  it('are gone after a successful upload, and the picture is stored', async () => {
    const before = storedFiles().length;
    for (const url of pictureRoutes()) {
      const res = await postForm(url, { file: file(await image()) });
      expect(res.statusCode, url).toBe(200);
    }
    expect(tempUploads()).toEqual([]);
    expect(storedFiles().length).toBeGreaterThan(before);
  });

  it('are gone after every kind of refusal, and nothing is stored', async () => {
    const before = storedFiles();
    const png = await image();
    const refusals: [string, Parameters<typeof multipart>[0], number][] = [
      [pictureRoutes()[0]!, { file: file(Buffer.from('just some text')) }, 415],
      [pictureRoutes()[0]!, { picture: file(png) }, 422],
      [`/api/user/999999/profile-picture`, { file: file(png) }, 404],
      // Read in preValidation, refused by the schema afterwards: the handler never runs.
      [`/api/user/not-a-number/profile-picture`, { file: file(png) }, 422],
      [
        `/api/initiative/${world.initiative.id}/activity/0/profile-picture`,
        { file: file(png) },
        422,
      ],
    ];
    for (const [url, fields, status] of refusals) {
      expect((await postForm(url, fields)).statusCode, url).toBe(status);
      expect(tempUploads(), url).toEqual([]);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('are gone when the client hangs up halfway through the upload', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = storedFiles();
    const form = await multipart({ file: file(await image(400, 400)) });
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `POST /api/user/${admin.user.id}/profile-picture HTTP/1.1`,
        'host: 127.0.0.1',
        `authorization: ${admin.headers.authorization}`,
        `content-type: ${form.headers['content-type']}`,
        `content-length: ${form.payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(form.payload.subarray(0, form.payload.length / 2));
    await vi.waitFor(() => expect(tempUploads()).toHaveLength(1));
    socket.destroy();
    await vi.waitFor(() => expect(tempUploads()).toEqual([]));
    expect(storedFiles()).toEqual(before);
  });
});
