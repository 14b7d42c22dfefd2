import { describe, expect, it } from 'vitest';
import { SHIELDED_NAME } from '@helder/shared/payments';
import type { Medium } from '@helder/shared/media';
import {
  createActivity,
  createAttachment,
  createPayment,
  type World,
} from '../../test/initiative-factories';
import { callAs, type Caller } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

const media = async (url: string, caller: Caller) => {
  const res = await callAs(scene.t, 'GET', url, caller);
  expect(res.statusCode, url).toBe(200);
  return res.json<{ attachments: Medium[] }>().attachments;
};
const ids = (items: Medium[]) => items.map((a) => a.id);
const fetchUrl = (url: string) => {
  const u = new URL(url);
  return scene.t.app.inject({ url: u.pathname + u.search });
};

/**
 * A world whose initiative has a visible payment (png + pdf), a hidden payment, a payment in its
 * activity, a visible payment in a hidden activity, and a payment with no attachment.
 */
async function furnish(w: World) {
  const hiddenActivity = await createActivity(scene.t, w.initiative.id, { hidden: true });
  const open = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -1000 });
  const secret = await createPayment(scene.t, {
    initiativeId: w.initiative.id,
    amountCents: -2000,
    hidden: true,
  });
  const inActivity = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -300 });
  const inHiddenActivity = await createPayment(scene.t, {
    activityId: hiddenActivity.id,
    amountCents: -400,
  });
  await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: 5000 });
  return {
    hiddenActivity,
    png: await createAttachment(scene.t, open.id, 'png'),
    pdf: await createAttachment(scene.t, open.id, 'pdf'),
    secret: await createAttachment(scene.t, secret.id, 'png'),
    activity: await createAttachment(scene.t, inActivity.id, 'png'),
    hiddenActivityFile: await createAttachment(scene.t, inHiddenActivity.id, 'pdf'),
  };
}

describe('GET /api/initiative/:id/media', () => {
  it('lists attachments of visible payments (activities included), newest first, with signed URLs', async () => {
    const w = await scene.world();
    const f = await furnish(w);
    const list = await media(`/initiative/${w.initiative.id}/media`, null);
    expect(ids(list)).toEqual([f.activity.id, f.pdf.id, f.png.id]);
    const pdf = list.find((a) => a.id === f.pdf.id)!;
    expect(pdf.attachment_url).toMatch(
      /^http:\/\/helder\.test\/api\/files\/payments\/\d+\/\w+\.pdf\?exp=/,
    );
    expect([
      pdf.attachment_thumbnail_url_128,
      pdf.attachment_thumbnail_url_256,
      pdf.attachment_thumbnail_url_512,
    ]).toEqual([null, null, null]);
    const png = list.find((a) => a.id === f.png.id)!;
    expect(png.attachment_thumbnail_url_512).toMatch(/_512\.webp\?exp=/);
    const original = await fetchUrl(png.attachment_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect((await fetchUrl(pdf.attachment_url)).headers['content-type']).toBe('application/pdf');
    expect((await fetchUrl(png.attachment_thumbnail_url_128!)).statusCode).toBe(200);
  });

  it('shows hidden payments and hidden activities to insiders only', async () => {
    const w = await scene.world();
    const f = await furnish(w);
    const all = [f.hiddenActivityFile.id, f.activity.id, f.secret.id, f.pdf.id, f.png.id];
    const url = `/initiative/${w.initiative.id}/media`;
    expect(ids(await media(url, scene.cast.user))).toEqual([f.activity.id, f.pdf.id, f.png.id]);
    for (const insider of [
      scene.cast.admin,
      scene.cast.financial,
      scene.cast.owner,
      scene.cast.activityOwner,
      scene.cast.overseer,
    ]) {
      expect(ids(await media(url, insider))).toEqual(all);
    }
  });

  it('answers 404 for a hidden initiative to outsiders; insiders see its media', async () => {
    const w = await scene.world({ initiative: { hidden: true } });
    const f = await furnish(w);
    const url = `/initiative/${w.initiative.id}/media`;
    expect((await callAs(scene.t, 'GET', url, null)).statusCode).toBe(404);
    expect((await callAs(scene.t, 'GET', url, scene.cast.user)).statusCode).toBe(404);
    expect(ids(await media(url, scene.cast.policyOfficer))).toContain(f.png.id);
    expect((await callAs(scene.t, 'GET', '/initiative/999999/media', null)).statusCode).toBe(404);
  });

  it('pages with offset and limit; 422 beyond 100', async () => {
    const w = await scene.world();
    const f = await furnish(w);
    const url = `/initiative/${w.initiative.id}/media`;
    expect(ids(await media(`${url}?offset=1&limit=1`, null))).toEqual([f.pdf.id]);
    expect(await media(`${url}?offset=3`, null)).toEqual([]);
    expect((await callAs(scene.t, 'GET', `${url}?limit=101`, null)).statusCode).toBe(422);
  });
});

describe('the payment of each medium', () => {
  it('carries its date, amount, counterparty and activity; a shielded name stays shielded', async () => {
    const w = await scene.world();
    const expense = await createPayment(scene.t, {
      activityId: w.activity.id,
      amountCents: -1250,
      bookingDate: new Date('2026-02-03T09:00:00Z'),
      creditorName: 'Bakkerij De Korenaar',
      debtorName: 'Buurtvereniging',
      hideCounterparty: true,
    });
    const income = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: 50000,
      creditorName: 'Buurtvereniging',
      debtorName: 'Gemeente',
    });
    const receipt = await createAttachment(scene.t, expense.id, 'png');
    const grant = await createAttachment(scene.t, income.id, 'pdf');
    const url = `/initiative/${w.initiative.id}/media`;

    const seen = await media(url, scene.cast.owner);
    expect(seen.find((m) => m.id === receipt.id)?.payment).toEqual({
      id: expense.id,
      booking_date: '2026-02-03T09:00:00.000Z',
      transaction_amount: -12.5,
      counterparty: 'Bakkerij De Korenaar',
      activity_id: w.activity.id,
    });
    expect(seen.find((m) => m.id === grant.id)?.payment).toMatchObject({
      id: income.id,
      transaction_amount: 500,
      counterparty: 'Gemeente',
      activity_id: null,
    });
    const publicReceipt = (await media(url, null)).find((m) => m.id === receipt.id);
    expect(publicReceipt?.payment.counterparty).toBe(SHIELDED_NAME);
  });

  it('reads a page in the same number of statements for 2 and for 12 media', async () => {
    const count = async (n: number) => {
      const w = await scene.world();
      for (let i = 0; i < n; i++) {
        const payment = await createPayment(scene.t, {
          initiativeId: w.initiative.id,
          amountCents: -100 - i,
        });
        await createAttachment(scene.t, payment.id, 'pdf');
      }
      scene.t.queries.length = 0;
      const list = await media(`/initiative/${w.initiative.id}/media`, scene.cast.owner);
      expect(list).toHaveLength(n);
      return scene.t.queries.length;
    };
    expect(await count(12)).toBe(await count(2));
  });
});

describe('GET /api/initiative/:id/activity/:activityId/media', () => {
  it("lists only the activity's payments; hidden activities answer 404 to outsiders", async () => {
    const w = await scene.world();
    const f = await furnish(w);
    const base = `/initiative/${w.initiative.id}/activity`;
    expect(ids(await media(`${base}/${w.activity.id}/media`, null))).toEqual([f.activity.id]);
    const hiddenUrl = `${base}/${f.hiddenActivity.id}/media`;
    expect((await callAs(scene.t, 'GET', hiddenUrl, null)).statusCode).toBe(404);
    expect((await callAs(scene.t, 'GET', hiddenUrl, scene.cast.user)).statusCode).toBe(404);
    expect(ids(await media(hiddenUrl, scene.cast.owner))).toEqual([f.hiddenActivityFile.id]);
    const other = await scene.world();
    const wrong = `/initiative/${other.initiative.id}/activity/${w.activity.id}/media`;
    expect((await callAs(scene.t, 'GET', wrong, null)).statusCode).toBe(404);
  });
});
