import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ReceiptReading } from '@helder/shared/media';
import type { Attachment } from '@helder/shared/media';
import { receiptReadings } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import type { Caller } from '../../test/http';
import { createPayment } from '../../test/initiative-factories';
import { generatedReceipt, receiptPdf, receiptPicture, seeded } from '../../test/receipts';

const scene = useCastApp({ jobs: true });
const { call, postFiles, world } = scene;

const upload = (paymentId: number, files: Array<{ name: string; data: Buffer }>) =>
  postFiles(`/payment/${paymentId}/attachments`, scene.cast.owner, files);

const reading = (id: number, caller: Caller = scene.cast.owner) =>
  call('GET', `/media/${id}/reading`, caller);

/** The reading once its job has finished; the first OCR of a run starts the engine. */
const finished = (id: number) =>
  vi.waitFor(
    async () => {
      const body = (await reading(id)).json<ReceiptReading>();
      expect(body.status).not.toBe('queued');
      return body;
    },
    { timeout: 110_000, interval: 250 },
  );

describe('reading an uploaded receipt', () => {
  it(
    'queues a read on upload and proposes the fields when the job is done',
    { timeout: 120_000 },
    async () => {
      const w = await world();
      const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
      const { lines, truth } = generatedReceipt(seeded(77));
      const res = await upload(p.id, [
        { name: 'bon.jpg', data: await receiptPicture(lines, { rotate: 0.8, blur: 0.5, seed: 2 }) },
        { name: 'bon.pdf', data: receiptPdf(lines) },
        { name: 'slot.pdf', data: receiptPdf(lines, { encrypted: true }) },
      ]);
      expect(res.statusCode).toBe(200);
      const [photo, pdf, locked] = res.json<{ attachments: Attachment[] }>().attachments;

      expect(['queued', 'done']).toContain(
        (await reading(photo!.id)).json<ReceiptReading>().status,
      );
      const expected = {
        status: 'done',
        error: null,
        fields: {
          date: { value: truth.date },
          amount: { value: truth.totalCents / 100 },
          shop: { value: truth.shop },
          currency: 'EUR',
        },
      };
      expect(await finished(photo!.id)).toMatchObject(expected);
      expect(await finished(pdf!.id)).toMatchObject(expected);
      expect(await finished(locked!.id)).toEqual({
        status: 'failed',
        error: 'encrypted',
        fields: null,
      });
    },
  );

  it('is read only by whom may read the payment', async () => {
    const w = await world();
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -100,
      hidden: true,
    });
    const res = await upload(p.id, [{ name: 'bon.pdf', data: receiptPdf(['Totaal 1,00']) }]);
    const [attachment] = res.json<{ attachments: Attachment[] }>().attachments;
    expect((await reading(attachment!.id, null)).statusCode).toBe(401);
    expect((await reading(attachment!.id, scene.cast.user)).statusCode).toBe(404);
    expect((await reading(attachment!.id)).statusCode).toBe(200);
    expect((await reading(999_999)).statusCode).toBe(404);
  });

  it('stores nothing and reads nothing for a file that is no image or PDF', async () => {
    const w = await world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const before = await scene.t.database.db.select().from(receiptReadings);
    const script = Buffer.from('#!/bin/sh\necho hi\n');
    const res = await upload(p.id, [{ name: 'bon.jpg', data: script }]);
    expect(res.statusCode).toBe(415);
    expect(await scene.t.database.db.select().from(receiptReadings)).toHaveLength(before.length);
  });

  it('forgets the reading with its attachment', async () => {
    const w = await world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const res = await upload(p.id, [{ name: 'bon.pdf', data: receiptPdf(['Totaal 2,00']) }]);
    const [attachment] = res.json<{ attachments: Attachment[] }>().attachments;
    await finished(attachment!.id);
    const removed = await call(
      'DELETE',
      `/payment/${p.id}/attachment/${attachment!.id}`,
      scene.cast.owner,
    );
    expect(removed.statusCode).toBe(204);
    const rows = await scene.t.database.db
      .select()
      .from(receiptReadings)
      .where(eq(receiptReadings.attachmentId, attachment!.id));
    expect(rows).toEqual([]);
  });
});
