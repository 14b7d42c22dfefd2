import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@helder/shared/users';
import { auditLog } from '../../db/schema';
import { pictureKeys } from '../../lib/pictures';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { multipart } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Uploaded = {
  attachment_url: string;
  attachment_thumbnail_url_128: string;
  attachment_thumbnail_url_256: string;
  attachment_thumbnail_url_512: string;
};

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .toFormat(format)
    .toBuffer();

async function upload(id: number, data: Buffer, headers?: Record<string, string>, name = 'me.png') {
  const form = await multipart({ file: { name, data, type: 'image/png' } });
  return t.app.inject({
    method: 'POST',
    url: `/api/user/${id}/profile-picture`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

/** GET of a signed URL on the same app: the URL is absolute, inject takes its path. */
const fetchUrl = (url: string) => {
  const u = new URL(url);
  return t.app.inject({ url: u.pathname + u.search });
};
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/api\/files\//, '');

describe('POST /api/user/:id/profile-picture', () => {
  it('stores a PNG with 128/256/512 thumbnails behind fetchable signed URLs', async () => {
    const me = await createUser(t);
    const res = await upload(me.user.id, await image(1000, 500), me.headers);
    expect(res.statusCode).toBe(200);
    const picture = res.json<Uploaded>();
    expect(picture.attachment_url).toMatch(
      new RegExp(`^http://helder\\.test/api/files/users/${me.user.id}/\\w+\\.png\\?exp=\\d+&sig=`),
    );
    const original = await fetchUrl(picture.attachment_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    for (const size of [128, 256, 512] as const) {
      const thumb = await fetchUrl(picture[`attachment_thumbnail_url_${size}`]);
      expect(thumb.statusCode).toBe(200);
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size / 2]);
    }
    const profile = (await t.app.inject({ url: `/api/user/${me.user.id}` })).json<User>();
    expect(keyOf(profile.profile_picture!.attachment_url)).toBe(keyOf(picture.attachment_url));
  });

  it('never upscales: a 100×50 image keeps its size in every thumbnail', async () => {
    const me = await createUser(t);
    const picture = (await upload(me.user.id, await image(100, 50), me.headers)).json<Uploaded>();
    for (const url of [
      picture.attachment_thumbnail_url_128,
      picture.attachment_thumbnail_url_512,
    ]) {
      const meta = await sharp((await fetchUrl(url)).rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([100, 50]);
    }
  });

  it('accepts JPEG and WebP, sniffed from the bytes whatever the name says', async () => {
    const me = await createUser(t);
    const jpeg = await upload(me.user.id, await image(40, 40, 'jpeg'), me.headers, 'photo.gif');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json<Uploaded>().attachment_url).toMatch(/\.jpg\?/);
    const webp = await upload(me.user.id, await image(40, 40, 'webp'), me.headers);
    expect(webp.json<Uploaded>().attachment_url).toMatch(/\.webp\?/);
  });

  it('answers 415 for PDF or text bytes named .png, and for a corrupt image', async () => {
    const me = await createUser(t);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
    const png = await image(300, 300);
    const corrupt = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 0)]);
    for (const data of [pdf, Buffer.from('just some text, honestly'), corrupt]) {
      const res = await upload(me.user.id, data, me.headers);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers 413 for a file of 10 MB + 1 byte', async () => {
    const me = await createUser(t);
    const png = await image(10, 10);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const res = await upload(me.user.id, big, me.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 422 without a "file" field', async () => {
    const me = await createUser(t);
    const form = await multipart({ picture: { name: 'a.png', data: await image(5, 5) } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/${me.user.id}/profile-picture`,
      payload: form.payload,
      headers: { ...form.headers, ...me.headers },
    });
    expect(res.statusCode).toBe(422);
  });

  it('replacing the picture deletes the old files from storage', async () => {
    const me = await createUser(t);
    const first = (await upload(me.user.id, await image(64, 64), me.headers)).json<Uploaded>();
    const oldKeys = pictureKeys(keyOf(first.attachment_url));
    for (const key of oldKeys) expect(await t.storage.get(key)).not.toBeNull();
    const second = (await upload(me.user.id, await image(80, 80), me.headers)).json<Uploaded>();
    for (const key of oldKeys) expect(await t.storage.get(key)).toBeNull();
    for (const key of pictureKeys(keyOf(second.attachment_url))) {
      expect(await t.storage.get(key)).not.toBeNull();
    }
    expect((await fetchUrl(first.attachment_url)).statusCode).toBe(404);
  });

  it('refuses a tampered or expired signature (403)', async () => {
    const me = await createUser(t);
    const { attachment_url: url } = (
      await upload(me.user.id, await image(20, 20), me.headers)
    ).json<Uploaded>();
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${tampered.searchParams.get('sig')!.slice(0, -2)}xx`);
    expect((await fetchUrl(tampered.toString())).statusCode).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('exp', String(Number(longer.searchParams.get('exp')) + 3600));
    expect((await fetchUrl(longer.toString())).statusCode).toBe(403);
    const otherKey = url.replace(`/users/${me.user.id}/`, `/users/${me.user.id + 1}/`);
    expect((await fetchUrl(otherKey)).statusCode).toBe(403);

    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3 * 60 * 60 * 1000);
    try {
      expect((await fetchUrl(url)).statusCode).toBe(403);
    } finally {
      t.clock.now = saved;
    }
    expect((await fetchUrl(url)).statusCode).toBe(200);
  });

  it('lets admins set the picture of others, not of superusers; others get 401/403/404', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const superuser = await createUser(t, { isSuperuser: true });
    const me = await createUser(t);
    const other = await createUser(t);
    const png = await image(16, 16);
    expect((await upload(me.user.id, png, admin.headers)).statusCode).toBe(200);
    expect((await upload(superuser.user.id, png, admin.headers)).statusCode).toBe(403);
    expect((await upload(me.user.id, png, other.headers)).statusCode).toBe(403);
    expect((await upload(me.user.id, png)).statusCode).toBe(401);
    expect((await upload(999999, png, admin.headers)).statusCode).toBe(404);
  });

  it('deleting the user removes their picture files', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const me = await createUser(t);
    const picture = (await upload(me.user.id, await image(30, 30), me.headers)).json<Uploaded>();
    const keys = pictureKeys(keyOf(picture.attachment_url));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${me.user.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const key of keys) expect(await t.storage.get(key)).toBeNull();
  });
});

describe('DELETE /api/user/:id/profile-picture', () => {
  const remove = (id: number, headers?: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/api/user/${id}/profile-picture`, headers });
  const pictureChanges = async (id: number) =>
    (
      await t.database.db
        .select({ changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.entityClass, 'User'), eq(auditLog.entityId, id)))
        .orderBy(auditLog.id)
    ).map((row) => row.changes?.profile_picture);

  it('removes the files and the picture, audits it once, and answers 204 again', async () => {
    const me = await createUser(t);
    const picture = (await upload(me.user.id, await image(30, 30), me.headers)).json<Uploaded>();
    const key = keyOf(picture.attachment_url);
    const res = await remove(me.user.id, me.headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).toBeNull();
    const profile = (await t.app.inject({ url: `/api/user/${me.user.id}` })).json<User>();
    expect(profile.profile_picture).toBeNull();
    const audited = [
      { from: null, to: key },
      { from: key, to: null },
    ];
    expect(await pictureChanges(me.user.id)).toEqual(audited);

    expect((await remove(me.user.id, me.headers)).statusCode).toBe(204);
    expect(await pictureChanges(me.user.id)).toEqual(audited);
  });

  it('has the rights of the upload: 401, 403 and 404 leave the picture in place', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const superuser = await createUser(t, { isSuperuser: true });
    const me = await createUser(t);
    const other = await createUser(t);
    const png = await image(16, 16);
    const mine = keyOf((await upload(me.user.id, png, me.headers)).json<Uploaded>().attachment_url);
    await upload(superuser.user.id, png, superuser.headers);
    expect((await remove(me.user.id)).statusCode).toBe(401);
    expect((await remove(me.user.id, other.headers)).statusCode).toBe(403);
    expect((await remove(superuser.user.id, admin.headers)).statusCode).toBe(403);
    expect((await remove(999999, admin.headers)).statusCode).toBe(404);
    for (const k of pictureKeys(mine)) expect(await t.storage.get(k)).not.toBeNull();
    const su = (await t.app.inject({ url: `/api/user/${superuser.user.id}` })).json<User>();
    expect(su.profile_picture).not.toBeNull();

    expect((await remove(me.user.id, admin.headers)).statusCode).toBe(204);
    for (const k of pictureKeys(mine)) expect(await t.storage.get(k)).toBeNull();
  });
});
