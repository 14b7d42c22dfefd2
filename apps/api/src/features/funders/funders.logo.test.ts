import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Funder, FunderDetail } from '@helder/shared/funders';
import type { Initiative } from '@helder/shared/initiatives';
import type { Picture } from '@helder/shared/users';
import { auditLog } from '../../db/schema';
import { pictureKeys } from '../../lib/pictures';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { createFunder } from '../../test/funder-factories';
import { callAs, type Caller } from '../../test/http';
import { addInitiativeOwner, createInitiativeTree } from '../../test/initiative-factories';
import { multipart } from '../../test/multipart';

/** A funder's logo (docs/api-rules.md §11): stored as a picture, shown wherever the funder is. */
let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
});
afterAll(() => t?.close());

const logo = (width = 60, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

async function upload(id: number, caller: Caller, data: Buffer, name = 'logo.png') {
  const form = await multipart({ file: { name, data, type: 'image/png' } });
  return t.app.inject({
    method: 'POST',
    url: `/api/funder/${id}/logo`,
    payload: form.payload,
    headers: { ...form.headers, ...(caller?.headers ?? {}) },
  });
}
const remove = (id: number, caller: Caller) => callAs(t, 'DELETE', `/funder/${id}/logo`, caller);
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/api\/files\//, '');
const read = async (id: number, caller: Caller = null) =>
  (await callAs(t, 'GET', `/funder/${id}`, caller)).json<FunderDetail>();
const listed = async (id: number) => {
  const all = (await callAs(t, 'GET', '/funders?limit=100', null)).json<{ funders: Funder[] }>();
  return all.funders.find((f) => f.id === id);
};

describe('POST /api/funder/:id/logo', () => {
  it('stores the logo with thumbnails; reads and the list carry it for visitors too', async () => {
    const funder = await createFunder(t);
    expect((await read(funder.id)).logo).toBeNull();
    expect((await listed(funder.id))!.logo).toBeNull();

    const res = await upload(funder.id, admin, await logo());
    expect(res.statusCode).toBe(200);
    const picture = res.json<Picture>();
    expect(picture.attachment_url).toMatch(
      new RegExp(`^http://helder\\.test/api/files/funders/${funder.id}/\\w+\\.png\\?`),
    );
    for (const size of [128, 256, 512] as const) {
      expect(picture[`attachment_thumbnail_url_${size}`]).toMatch(new RegExp(`_${size}\\.webp\\?`));
    }
    const key = keyOf(picture.attachment_url);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).not.toBeNull();

    const detail = await read(funder.id);
    expect(keyOf(detail.logo!.attachment_url)).toBe(key);
    expect(keyOf((await listed(funder.id))!.logo!.attachment_url)).toBe(key);
    const thumb = new URL(detail.logo!.attachment_thumbnail_url_128!);
    const file = await t.app.inject({ url: `${thumb.pathname}${thumb.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    // A new logo replaces the old one and its files.
    expect((await upload(funder.id, admin, await logo(20, 20))).statusCode).toBe(200);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).toBeNull();
    expect(keyOf((await read(funder.id)).logo!.attachment_url)).not.toBe(key);
  });

  it('is judged by its content: text named .png is a 415; 401, 403, 404, 413 and 422', async () => {
    const funder = await createFunder(t);
    const text = Buffer.from('dit is geen plaatje, alleen tekst met een .png-naam\n');
    expect((await upload(funder.id, admin, text, 'logo.png')).statusCode).toBe(415);
    const png = await logo(8, 8);
    expect((await upload(funder.id, null, png)).statusCode).toBe(401);
    expect((await upload(funder.id, user, png)).statusCode).toBe(403);
    expect((await upload(999_999, admin, png)).statusCode).toBe(404);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    expect((await upload(funder.id, admin, big)).statusCode).toBe(413);
    const form = await multipart({ picture: { name: 'a.png', data: png } });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: `/api/funder/${funder.id}/logo`,
      payload: form.payload,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(wrongField.statusCode).toBe(422);
    expect((await read(funder.id)).logo).toBeNull();
  });
});

describe('DELETE /api/funder/:id/logo', () => {
  it('removes the logo and its files with an audit row; a second removal is 204 too', async () => {
    const funder = await createFunder(t);
    const key = keyOf(
      (await upload(funder.id, admin, await logo())).json<Picture>().attachment_url,
    );
    expect((await remove(funder.id, null)).statusCode).toBe(401);
    expect((await remove(funder.id, user)).statusCode).toBe(403);
    expect((await remove(999_999, admin)).statusCode).toBe(404);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).not.toBeNull();

    expect((await remove(funder.id, admin)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).toBeNull();
    expect((await read(funder.id)).logo).toBeNull();
    const audited = async () =>
      (
        await t.database.db
          .select({ changes: auditLog.changes })
          .from(auditLog)
          .where(and(eq(auditLog.entityClass, 'Funder'), eq(auditLog.entityId, funder.id)))
          .orderBy(auditLog.id)
      ).map((row) => row.changes?.logo);
    const changes = [
      { from: null, to: key },
      { from: key, to: null },
    ];
    expect(await audited()).toEqual(changes);
    expect((await remove(funder.id, admin)).statusCode).toBe(204);
    expect(await audited()).toEqual(changes);
  });

  it('goes with its funder: deleting the funder removes the logo files', async () => {
    const funder = await createFunder(t);
    const key = keyOf(
      (await upload(funder.id, admin, await logo())).json<Picture>().attachment_url,
    );
    expect((await callAs(t, 'DELETE', `/funder/${funder.id}`, admin)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).toBeNull();
  });
});

describe("an initiative's sponsor logo", () => {
  it('is on the initiative read, unless the sponsors are hidden from the caller', async () => {
    const shown = await createInitiativeTree(t);
    const key = keyOf(
      (await upload(shown.funder.id, admin, await logo())).json<Picture>().attachment_url,
    );
    const visitorRead = (
      await callAs(t, 'GET', `/initiative/${shown.initiative.id}`, null)
    ).json<Initiative>();
    expect(keyOf(visitorRead.grant!.funder.logo!.attachment_url)).toBe(key);

    const hidden = await createInitiativeTree(t, { hiddenSponsors: true });
    await addInitiativeOwner(t, hidden.initiative.id, user.user.id);
    await upload(hidden.funder.id, admin, await logo());
    const res = await callAs(t, 'GET', `/initiative/${hidden.initiative.id}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json<Initiative>().grant).toBeUndefined();
    expect(res.body).not.toContain(`funders/${hidden.funder.id}/`);
    // Insiders still see their sponsor, logo and all.
    const insiderRead = (
      await callAs(t, 'GET', `/initiative/${hidden.initiative.id}`, user)
    ).json<Initiative>();
    expect(insiderRead.grant!.funder.logo!.attachment_url).toContain(
      `funders/${hidden.funder.id}/`,
    );
  });
});

describe('the OpenAPI document', () => {
  it('documents the logo calls and the logo of the funder reads', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/funder/{id}/logo'] ?? {}).sort()).toEqual([
      'delete',
      'post',
    ]);
    expect(JSON.stringify(doc.paths['/api/funders'])).toContain('"logo"');
    expect(JSON.stringify(doc.paths['/api/funder/{id}'])).toContain('"logo"');
  });
});
