import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@helder/shared/http';
import type { ReceiptReading } from '@helder/shared/media';
import type { Payment } from '@helder/shared/payments';
import type { InboxReceipt } from '@helder/shared/receipts';
import { paymentAttachments, payments, receiptInbox } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import type { Caller } from '../../test/http';
import {
  createAttachment,
  createInitiativeTree,
  createPayment,
  type World,
} from '../../test/initiative-factories';
import { receiptPdf } from '../../test/receipts';

const scene = useCastApp({ jobs: true });
const { call, postFiles, world } = scene;

/** A PDF receipt with a text layer: read without the OCR, so the tests stay quick. */
const receipt = (shop: string, day: string, total: string) =>
  receiptPdf([shop, 'Markt 3', '', `Datum: ${day}`, '', `Totaal         € ${total}`]);

const scope = (initiativeId?: number) =>
  initiativeId === undefined ? '' : `?initiative_id=${initiativeId}`;

const drop = (
  caller: Caller,
  initiativeId: number | undefined,
  files: Array<{ name: string; data: Buffer }>,
) => postFiles(`/receipts/inbox${scope(initiativeId)}`, caller, files);

const list = (caller: Caller, initiativeId?: number) =>
  call('GET', `/receipts/inbox${scope(initiativeId)}`, caller);

/** The inbox once every receipt in it has been read. */
const read = (caller: Caller, initiativeId?: number) =>
  vi.waitFor(
    async () => {
      const { receipts } = (await list(caller, initiativeId)).json<{ receipts: InboxReceipt[] }>();
      expect(receipts.every((r) => r.reading?.status === 'done')).toBe(true);
      return receipts;
    },
    { timeout: 60_000, interval: 200 },
  );

const expense = (w: World, cents: number, day: string, extra: Record<string, unknown> = {}) =>
  createPayment(scene.t, {
    initiativeId: w.initiative.id,
    amountCents: -cents,
    bookingDate: new Date(`${day}T10:00:00Z`),
    ...extra,
  });

const inboxRows = (userId: number) =>
  scene.t.database.db.select().from(receiptInbox).where(eq(receiptInbox.uploadedBy, userId));

describe('matching dropped receipts to payments', () => {
  it(
    'proposes the one payment that fits, shows ties as ties and says when nothing fits',
    { timeout: 90_000 },
    async () => {
      const w = await world();
      const bakery = await expense(w, 1250, '2026-03-14', { creditorName: 'Bakkerij de Graaf' });
      // Same amount, further away: an alternative, not a tie.
      const later = await expense(w, 1250, '2026-03-19');
      const twinA = await expense(w, 4000, '2026-03-11');
      const twinB = await expense(w, 4000, '2026-03-11');
      // Income of the amount and an expense outside the ±7 days are never candidates.
      await createPayment(scene.t, {
        initiativeId: w.initiative.id,
        amountCents: 999,
        bookingDate: new Date('2026-03-12T10:00:00Z'),
      });
      await expense(w, 999, '2026-03-30');

      const res = await drop(scene.cast.owner, w.initiative.id, [
        { name: 'bakker.pdf', data: receipt('Bakkerij de Graaf', '12-03-2026', '12,50') },
        { name: 'twee.pdf', data: receipt('Hema', '12-03-2026', '40,00') },
        { name: 'niets.pdf', data: receipt('Jumbo', '12-03-2026', '9,99') },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ receipts: InboxReceipt[] }>().receipts).toHaveLength(3);

      const [one, tie, none] = await read(scene.cast.owner, w.initiative.id);
      expect(one!.reading?.fields?.amount?.value).toBe(12.5);
      expect(one!.proposed_payment_id).toBe(bakery.id);
      expect(one!.candidates.map((c) => [c.payment.id, c.days, c.best, c.name_match])).toEqual([
        [bakery.id, 2, true, true],
        [later.id, 7, false, false],
      ]);
      expect(tie!.proposed_payment_id).toBeNull();
      expect(tie!.candidates.map((c) => [c.payment.id, c.best])).toEqual([
        [twinA.id, true],
        [twinB.id, true],
      ]);
      expect(none!.proposed_payment_id).toBeNull();
      expect(none!.candidates).toEqual([]);
    },
  );

  it('ranks a payment that already has a receipt below one without', async () => {
    const w = await world();
    const covered = await expense(w, 2200, '2026-05-02');
    await createAttachment(scene.t, covered.id, 'pdf');
    const bare = await expense(w, 2200, '2026-05-04');
    await drop(scene.cast.owner, w.initiative.id, [
      { name: 'bon.pdf', data: receipt('Gamma', '02-05-2026', '22,00') },
    ]);
    const [only] = await read(scene.cast.owner, w.initiative.id);
    expect(only!.proposed_payment_id).toBe(bare.id);
    expect(only!.candidates.map((c) => [c.payment.id, c.has_receipt])).toEqual([
      [bare.id, false],
      [covered.id, true],
    ]);
  });

  it('never reveals a payment the caller may not add receipts to', async () => {
    const w = await world();
    const other = await world({ initiative: { hidden: true } });
    // Fits exactly, but in an initiative the activity owner has nothing to do with.
    await expense(other, 7700, '2026-06-01');
    // Fits exactly, in the initiative, but not of their activity: they may not edit it.
    await expense(w, 7700, '2026-06-01');
    const theirs = await createPayment(scene.t, {
      activityId: w.activity.id,
      amountCents: -3300,
      bookingDate: new Date('2026-06-01T10:00:00Z'),
    });
    const me = scene.cast.activityOwner;
    expect(
      (
        await drop(me, w.initiative.id, [
          { name: 'a.pdf', data: receipt('Action', '01-06-2026', '77,00') },
          { name: 'b.pdf', data: receipt('Action', '01-06-2026', '33,00') },
        ])
      ).statusCode,
    ).toBe(200);
    await drop(me, undefined, [{ name: 'c.pdf', data: receipt('Action', '01-06-2026', '77,00') }]);
    const [hidden, own] = await read(me, w.initiative.id);
    expect(hidden!.candidates).toEqual([]);
    expect(own!.proposed_payment_id).toBe(theirs.id);
    const [anywhere] = await read(me);
    expect(anywhere!.candidates).toEqual([]);
    const body = (await list(me)).body;
    expect(body).not.toContain(other.initiative.name);
    // Someone with no relation at all: the hidden payment stays hidden.
    await drop(scene.cast.user, undefined, [
      { name: 'd.pdf', data: receipt('Action', '01-06-2026', '77,00') },
    ]);
    const mine = await read(scene.cast.user);
    expect(mine.find((r) => r.reading?.fields?.amount?.value === 77)?.candidates).toEqual([]);
  });

  it('attaches the checked matches with their readings, all or none', async () => {
    const w = await world();
    const first = await expense(w, 510, '2026-07-01');
    const second = await expense(w, 620, '2026-07-01');
    // Public, but of an initiative none of the cast has a part in.
    const { initiative } = await createInitiativeTree(scene.t);
    const notMine = await createPayment(scene.t, {
      initiativeId: initiative.id,
      amountCents: -620,
    });
    await drop(scene.cast.owner, w.initiative.id, [
      { name: 'a.pdf', data: receipt('Blokker', '01-07-2026', '5,10') },
      { name: 'b.pdf', data: receipt('Blokker', '01-07-2026', '6,20') },
    ]);
    const [a, b] = await read(scene.cast.owner, w.initiative.id);

    // One payment the caller may not edit refuses the lot.
    const refused = await call('POST', '/receipts/inbox/matches', scene.cast.activityOwner, {
      matches: [{ receipt_id: a!.id, payment_id: first.id }],
    });
    expect(refused.statusCode).toBe(403);
    const mixed = await call('POST', '/receipts/inbox/matches', scene.cast.owner, {
      matches: [
        { receipt_id: a!.id, payment_id: first.id },
        { receipt_id: b!.id, payment_id: notMine.id },
      ],
    });
    expect(mixed.statusCode).toBe(403);
    expect(await inboxRows(scene.cast.owner.user.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: a!.id })]),
    );
    const duplicate = await call('POST', '/receipts/inbox/matches', scene.cast.owner, {
      matches: [
        { receipt_id: a!.id, payment_id: first.id },
        { receipt_id: a!.id, payment_id: second.id },
      ],
    });
    expect(duplicate.statusCode).toBe(422);

    const ok = await call('POST', '/receipts/inbox/matches', scene.cast.owner, {
      matches: [
        { receipt_id: a!.id, payment_id: first.id },
        { receipt_id: b!.id, payment_id: second.id },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const { matched } = ok.json<{
      matched: Array<{ payment_id: number; attachment: { id: number } }>;
    }>();
    expect(matched.map((m) => m.payment_id)).toEqual([first.id, second.id]);
    const payment = (await call('GET', `/payment/${first.id}`, scene.cast.owner)).json<Payment>();
    expect(payment.attachments.map((x) => x.id)).toEqual([matched[0]!.attachment.id]);
    const reading = await call(
      'GET',
      `/media/${matched[0]!.attachment.id}/reading`,
      scene.cast.owner,
    );
    expect(reading.json<ReceiptReading>().fields?.amount?.value).toBe(5.1);
    expect((await read(scene.cast.owner, w.initiative.id)).map((r) => r.id)).not.toContain(a!.id);
    // Gone from the inbox: a second match is a 404.
    const again = await call('POST', `/receipts/inbox/${a!.id}/match`, scene.cast.owner, {
      payment_id: first.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('records an expense from a receipt that found nothing, and attaches it', async () => {
    const w = await world();
    await drop(scene.cast.owner, w.initiative.id, [
      { name: 'a.pdf', data: receipt('Kruidvat', '03-08-2026', '18,75') },
    ]);
    const [r] = await read(scene.cast.owner, w.initiative.id);
    expect(r!.candidates).toEqual([]);
    // Another user may not use it; the activity owner may not record on the initiative itself.
    const stranger = await call('POST', `/receipts/inbox/${r!.id}/payment`, scene.cast.user, {});
    expect(stranger.statusCode).toBe(404);
    const res = await call('POST', `/receipts/inbox/${r!.id}/payment`, scene.cast.owner, {});
    expect(res.statusCode).toBe(200);
    const { payment_id } = res.json<{ payment_id: number }>();
    const [row] = await scene.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment_id));
    expect(row).toMatchObject({
      amountCents: -1875,
      type: 'handmatig',
      route: 'uitgaven',
      creditorName: 'Kruidvat',
      initiativeId: w.initiative.id,
    });
    const attached = await scene.t.database.db
      .select()
      .from(paymentAttachments)
      .where(eq(paymentAttachments.paymentId, payment_id));
    expect(attached).toHaveLength(1);
  });

  it('keeps a text the person emptied empty, and fills only what the body leaves out', async () => {
    const w = await world();
    await drop(scene.cast.owner, w.initiative.id, [
      { name: 'a.pdf', data: receipt('Kruidvat', '04-08-2026', '6,40') },
    ]);
    const [r] = await read(scene.cast.owner, w.initiative.id);
    const res = await call('POST', `/receipts/inbox/${r!.id}/payment`, scene.cast.owner, {
      creditor_name: '',
      short_user_description: null,
    });
    expect(res.statusCode).toBe(200);
    const { payment_id } = res.json<{ payment_id: number }>();
    const [row] = await scene.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment_id));
    expect(row).toMatchObject({
      creditorName: null,
      shortUserDescription: null,
      amountCents: -640,
    });
  });

  it('lists expenses without a receipt with receipt=missing', async () => {
    const w = await world();
    const covered = await expense(w, 100, '2026-09-01');
    await createAttachment(scene.t, covered.id);
    const bare = await expense(w, 200, '2026-09-01');
    await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: 300 });
    const res = await call(
      'GET',
      `/payments/initiative/${w.initiative.id}?receipt=missing`,
      scene.cast.owner,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ payments: Array<{ payment: { id: number } }>; totalCount: number }>();
    expect(body.payments.map((p) => p.payment.id)).toEqual([bare.id]);
    expect(body.totalCount).toBe(1);
    const bad = await call('GET', `/payments/initiative/${w.initiative.id}?receipt=all`, null);
    expect(bad.statusCode).toBe(422);
  });
});

describe('who may drop receipts', () => {
  it('lets owners, activity owners and overseers drop on an initiative; others not', async () => {
    const w = await world();
    const file = () => [{ name: 'a.pdf', data: receipt('Aldi', '01-01-2026', '1,00') }];
    expect((await drop(null, w.initiative.id, file())).statusCode).toBe(401);
    expect((await list(null, w.initiative.id)).statusCode).toBe(401);
    expect((await drop(scene.cast.user, w.initiative.id, file())).statusCode).toBe(403);
    expect((await list(scene.cast.user, w.initiative.id)).statusCode).toBe(403);
    expect((await drop(scene.cast.policyOfficer, w.initiative.id, file())).statusCode).toBe(403);
    for (const who of [
      scene.cast.owner,
      scene.cast.activityOwner,
      scene.cast.overseer,
      scene.cast.grantOfficer,
      scene.cast.admin,
    ]) {
      expect((await drop(who, w.initiative.id, file())).statusCode).toBe(200);
    }
    // Each sees only their own.
    expect(
      (await list(scene.cast.owner, w.initiative.id)).json<{ receipts: unknown[] }>().receipts,
    ).toHaveLength(1);
    const hidden = await world({ initiative: { hidden: true } });
    expect((await drop(scene.cast.user, hidden.initiative.id, file())).statusCode).toBe(404);
    expect((await drop(scene.cast.user, 999_999, file())).statusCode).toBe(404);
    // Anyone logged in has their own inbox.
    expect((await drop(scene.cast.user, undefined, file())).statusCode).toBe(200);
  });

  it('lets only the uploader remove a receipt, with its files', async () => {
    const w = await world();
    const res = await drop(scene.cast.owner, w.initiative.id, [
      { name: 'a.pdf', data: receipt('Lidl', '01-01-2026', '1,00') },
    ]);
    const [r] = res.json<{ receipts: InboxReceipt[] }>().receipts;
    expect((await call('DELETE', `/receipts/inbox/${r!.id}`, scene.cast.user)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/receipts/inbox/${r!.id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/receipts/inbox/${r!.id}`, scene.cast.owner)).statusCode).toBe(
      204,
    );
    const [row] = await scene.t.database.db
      .select()
      .from(receiptInbox)
      .where(eq(receiptInbox.id, r!.id));
    expect(row).toBeUndefined();
  });
});

describe('bad input', () => {
  it('refuses a file that is no image or PDF, an empty one and a too large one, storing none', async () => {
    const w = await world();
    const before = (await inboxRows(scene.cast.owner.user.id)).length;
    const good = { name: 'a.pdf', data: receipt('Aldi', '01-01-2026', '1,00') };
    const script = { name: 'bon.jpg', data: Buffer.from('#!/bin/sh\necho hi\n') };
    expect((await drop(scene.cast.owner, w.initiative.id, [good, script])).statusCode).toBe(415);
    const empty = { name: 'leeg.png', data: Buffer.alloc(0) };
    expect((await drop(scene.cast.owner, w.initiative.id, [empty])).statusCode).toBe(415);
    const huge = {
      name: 'groot.pdf',
      data: Buffer.concat([good.data, Buffer.alloc(11 * 1024 * 1024)]),
    };
    expect((await drop(scene.cast.owner, w.initiative.id, [huge])).statusCode).toBe(413);
    const none = await drop(scene.cast.owner, w.initiative.id, []);
    expect(none.statusCode).toBe(422);
    expect(await inboxRows(scene.cast.owner.user.id)).toHaveLength(before);
  });

  it('answers unknown ids, bad ids and NUL bytes with a 4xx', async () => {
    const w = await world();
    const p = await expense(w, 100, '2026-01-01');
    const res = await drop(scene.cast.owner, w.initiative.id, [
      { name: 'a.pdf', data: receipt('Aldi', '01-01-2026', '1,00') },
    ]);
    const [r] = res.json<{ receipts: InboxReceipt[] }>().receipts;
    const post = (url: string, body: object) => call('POST', url, scene.cast.owner, body);
    expect((await post(`/receipts/inbox/999999/match`, { payment_id: p.id })).statusCode).toBe(404);
    expect((await post(`/receipts/inbox/${r!.id}/match`, { payment_id: 999_999 })).statusCode).toBe(
      404,
    );
    expect((await post(`/receipts/inbox/abc/match`, { payment_id: p.id })).statusCode).toBe(422);
    expect((await post(`/receipts/inbox/${r!.id}/match`, {})).statusCode).toBe(422);
    expect((await post('/receipts/inbox/matches', { matches: [] })).statusCode).toBe(422);
    const nul = await post(`/receipts/inbox/${r!.id}/payment`, { creditor_name: 'a\u0000b' });
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.json<ErrorBody>().code).toBeDefined();
    const huge = await post(`/receipts/inbox/${r!.id}/payment`, {
      creditor_name: 'x'.repeat(100_000),
      short_user_description: '',
    });
    expect(huge.statusCode).toBe(422);
    expect((await list(scene.cast.owner, 0)).statusCode).toBe(422);
    // Still in the inbox: nothing was half done.
    expect((await inboxRows(scene.cast.owner.user.id)).map((x) => x.id)).toContain(r!.id);
  });

  it('asks for an amount and a date the receipt did not give', async () => {
    const w = await world();
    const res = await drop(scene.cast.owner, w.initiative.id, [
      { name: 'a.pdf', data: receiptPdf(['Zomaar een briefje', 'zonder bedrag']) },
    ]);
    const [r] = res.json<{ receipts: InboxReceipt[] }>().receipts;
    await read(scene.cast.owner, w.initiative.id);
    const url = `/receipts/inbox/${r!.id}/payment`;
    const noAmount = await call('POST', url, scene.cast.owner, {});
    expect(noAmount.statusCode).toBe(422);
    const other = await call('POST', url, scene.cast.owner, { initiative_id: w.initiative.id + 1 });
    expect(other.statusCode).toBe(422);
    const made = await call('POST', url, scene.cast.owner, {
      transaction_amount: 4.5,
      booking_date: '2026-02-02T12:00:00Z',
    });
    expect(made.statusCode).toBe(200);
  });
});
