import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@helder/shared/http';
import type { Attachment } from '@helder/shared/media';
import type { Payment } from '@helder/shared/payments';
import { paymentAttachments } from '../../db/schema';
import type { Caller } from '../../test/http';
import { callAs } from '../../test/http';
import { createAttachment, createPayment } from '../../test/initiative-factories';
import { bitmapPng } from '../../test/images';
import { multipart } from '../../test/multipart';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 30, height: 40, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

async function upload(
  paymentId: number,
  caller: Caller,
  files: Array<{ name: string; data: Buffer; type?: string }>,
) {
  const form = await multipart({ files });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api/payment/${paymentId}/attachments`,
    payload: form.payload,
    headers: { ...form.headers, ...(caller?.headers ?? {}) },
  });
}
const rowsOf = (paymentId: number) =>
  scene.t.database.db
    .select()
    .from(paymentAttachments)
    .where(eq(paymentAttachments.paymentId, paymentId));

describe('POST /api/payment/:id/attachments', () => {
  it('stores pdf, png and jpeg (sniffed), with thumbnails for images; 200 with the attachments', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const res = await upload(p.id, scene.cast.owner, [
      { name: 'bon.png', data: await png(), type: 'image/png' },
      { name: 'foto.jpg', data: await jpeg() },
      { name: 'factuur.pdf', data: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    const { attachments } = res.json<{ attachments: Attachment[] }>();
    expect(attachments).toHaveLength(3);
    expect(attachments[0]!.attachment_thumbnail_url_128).toMatch(/^http/);
    expect(attachments[2]!.attachment_url).toMatch(/\.pdf\?/);
    expect(attachments[2]!.attachment_thumbnail_url_512).toBeNull();
    const payment = (await callAs(scene.t, 'GET', `/payment/${p.id}`, null)).json<Payment>();
    expect(payment.n_attachments).toBe(3);
    expect(payment.attachments.map((a) => a.id)).toEqual(attachments.map((a) => a.id));
    for (const row of await rowsOf(p.id))
      expect(await scene.t.storage.get(row.storageKey)).not.toBeNull();
  });

  it('refuses a .png that is HTML (415) and stores nothing of the request', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await upload(p.id, scene.cast.owner, [
      { name: 'ok.png', data: await png() },
      { name: 'bon.png', data: html, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await rowsOf(p.id)).toEqual([]);
  });

  it('answers 401, 403 without edit, 404, 422 without files, 413 over 10 MB', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const file = [{ name: 'f.pdf', data: PDF }];
    expect((await upload(p.id, null, file)).statusCode).toBe(401);
    expect((await upload(p.id, scene.cast.user, file)).statusCode).toBe(403);
    expect((await upload(p.id, scene.cast.financial, file)).statusCode).toBe(403);
    expect((await upload(987654321, scene.cast.admin, file)).statusCode).toBe(404);
    const form = await multipart({ note: 'geen bestand' });
    const none = await scene.t.app.inject({
      method: 'POST',
      url: `/api/payment/${p.id}/attachments`,
      payload: form.payload,
      headers: { ...form.headers, ...scene.cast.admin.headers },
    });
    expect(none.statusCode).toBe(422);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(
      (await upload(p.id, scene.cast.admin, [{ name: 'groot.pdf', data: big }])).statusCode,
    ).toBe(413);
    expect(await rowsOf(p.id)).toEqual([]);
  });
});

describe('large and broken receipt photos', () => {
  it('accepts an 8000×6000 phone photo (48 megapixels) and makes its thumbnails', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    // One colour: 48 megapixels that compress to some 300 KB and encode in about a second.
    const photo = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#e8e4da' },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    const res = await upload(p.id, scene.cast.owner, [{ name: 'bon.jpg', data: photo }]);
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf(p.id);
    const thumbnail = await scene.t.storage.get(row!.storageKey.replace(/\.jpg$/, '_512.webp'));
    expect(await sharp(thumbnail!).metadata()).toMatchObject({ width: 512, height: 384 });
    expect((await scene.t.storage.get(row!.storageKey))?.length).toBe(photo.length);
  });

  it('refuses a photo over 100 megapixels (422) and one that cannot be decoded (415)', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const huge = bitmapPng(10_001, 10_000);
    const res = await upload(p.id, scene.cast.owner, [
      { name: 'bon.pdf', data: PDF },
      { name: 'groot.png', data: huge },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual([
      {
        field: 'files',
        code: 'too_many_pixels',
        message: 'The image is larger than 100 megapixels',
      },
    ]);
    // A JPEG cut off halfway: its header reads, its pixels do not.
    const whole = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, whole.length / 2);
    const broken = await upload(p.id, scene.cast.owner, [{ name: 'kapot.jpg', data: cut }]);
    expect(broken.statusCode).toBe(415);
    expect(await rowsOf(p.id)).toEqual([]);
  });
});

describe('DELETE /api/payment/:id/attachment/:attachmentId', () => {
  it('removes the row and its stored files; 404 for an attachment of another payment', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -100 });
    const q = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -200 });
    const a = await createAttachment(scene.t, p.id);
    const b = await createAttachment(scene.t, q.id);
    const url = `/payment/${p.id}/attachment/${a.id}`;
    expect((await callAs(scene.t, 'DELETE', url, null)).statusCode).toBe(401);
    expect((await callAs(scene.t, 'DELETE', url, scene.cast.policyOfficer)).statusCode).toBe(403);
    const wrong = `/payment/${p.id}/attachment/${b.id}`;
    expect((await callAs(scene.t, 'DELETE', wrong, scene.cast.admin)).statusCode).toBe(404);
    expect((await callAs(scene.t, 'DELETE', url, scene.cast.activityOwner)).statusCode).toBe(204);
    expect(await rowsOf(p.id)).toEqual([]);
    expect(await scene.t.storage.get(a.storageKey)).toBeNull();
    expect(await scene.t.storage.get(b.storageKey)).not.toBeNull();
  });
});
