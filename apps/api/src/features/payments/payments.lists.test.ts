import { describe, expect, it } from 'vitest';
import type { PaymentListItem, UserPayment } from '@helder/shared/payments';
import { createUser } from '../../test/factories';
import {
  createAttachment,
  createPayment,
  type Cast,
  type World,
} from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

interface ListBody {
  payments: PaymentListItem[];
  totalCount: number;
}
const list = async (url: string, caller: Parameters<typeof call>[2] = null) => {
  const res = await call('GET', url, caller);
  expect(res.statusCode, url).toBe(200);
  return res.json<ListBody>();
};
const amounts = (body: ListBody) => body.payments.map((p) => p.payment.transaction_amount);

/** Payments around the edges of the filters: Amsterdam midnights, absolute amounts, routes. */
async function ledger(w: World) {
  const at = (iso: string, amountCents: number, more: object = {}) =>
    createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents,
      bookingDate: new Date(iso),
      ...more,
    });
  // 2026-03-31 23:30 in Amsterdam (summer time, UTC+2) is still March.
  const lateMarch = await at('2026-03-31T21:30:00Z', -10_000);
  // 2026-04-01 00:30 in Amsterdam.
  const earlyApril = await at('2026-03-31T22:30:00Z', 25_000);
  const midApril = await at('2026-04-15T10:00:00Z', -9_999, { activityId: w.activity.id });
  const sameTime = await at('2026-04-15T10:00:00Z', -500);
  const april30 = await at('2026-04-30T21:59:00Z', -100_000);
  return { lateMarch, earlyApril, midApril, sameTime, april30 };
}

describe('GET /api/payments/initiative/:id', () => {
  it('lists newest first in a stable order, with activity name and attachment count', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    await createAttachment(scene.t, p.midApril.id);
    await createAttachment(scene.t, p.midApril.id, 'pdf');
    const body = await list(`/payments/initiative/${w.initiative.id}`);
    expect(body.totalCount).toBe(5);
    // Same booking time: the later id first.
    expect(body.payments.map((i) => i.payment.id)).toEqual([
      p.april30.id,
      p.sameTime.id,
      p.midApril.id,
      p.earlyApril.id,
      p.lateMarch.id,
    ]);
    const mid = body.payments.find((i) => i.payment.id === p.midApril.id)!;
    expect(mid).toEqual({
      payment: {
        id: p.midApril.id,
        transaction_id: '',
        booking_date: '2026-04-15T10:00:00.000Z',
        transaction_amount: -99.99,
        creditor_name: '',
        debtor_name: '',
        route: 'uitgaven',
        short_user_description: 'Betaling',
        long_user_description: '',
        hidden: false,
        hide_counterparty: false,
        type: 'handmatig',
      },
      activity_name: w.activity.name,
      n_attachments: 2,
    });
    const loggedIn = await list(`/payments/initiative/${w.initiative.id}`, scene.cast.user);
    // Empty text is "" on the wire, never null (docs/api-rules.md §1).
    expect(loggedIn.payments[0]!.payment).toHaveProperty('creditor_account', '');
    expect(loggedIn.payments[0]!.payment).toHaveProperty('debtor_account', '');
  });

  it('pages with offset and limit; totalCount counts every match', async () => {
    const w = await scene.world();
    await ledger(w);
    const first = await list(`/payments/initiative/${w.initiative.id}?limit=2`);
    const second = await list(`/payments/initiative/${w.initiative.id}?limit=2&offset=2`);
    const past = await list(`/payments/initiative/${w.initiative.id}?offset=50`);
    expect(amounts(first)).toEqual([-1000, -5]);
    expect(amounts(second)).toEqual([-99.99, 250]);
    expect([first.totalCount, second.totalCount, past.totalCount]).toEqual([5, 5, 5]);
    expect(past.payments).toEqual([]);
    const res = await call('GET', `/payments/initiative/${w.initiative.id}?limit=101`, null);
    expect(res.statusCode).toBe(422);
  });

  it('pages by `after` (keyset) through the same order, same booking times included', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    const url = `/payments/initiative/${w.initiative.id}`;
    const order = (await list(url)).payments.map((i) => i.payment.id);
    const pages: number[][] = [];
    let after = '';
    // Bounded: a server that ignored `after` would hand out the first page for ever.
    for (let i = 0; i < 5; i++) {
      const body = await list(`${url}?limit=2&after=${after}`);
      expect(body.totalCount).toBe(5);
      if (body.payments.length === 0) break;
      pages.push(body.payments.map((item) => item.payment.id));
      after = String(pages.at(-1)!.at(-1));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(order);
    // sameTime and midApril share a booking time: the id settles which comes after which.
    expect(amounts(await list(`${url}?after=${p.sameTime.id}&limit=1`))).toEqual([-99.99]);
    expect(amounts(await list(`${url}?after=${p.april30.id}&offset=1&route=uitgaven`))).toEqual([
      -99.99, -100,
    ]);
  });

  it('refuses an `after` that is not a payment of the list, hidden ones included', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const hidden = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -1,
      hidden: true,
    });
    const elsewhere = await createPayment(scene.t, {
      initiativeId: other.initiative.id,
      amountCents: -2,
    });
    const url = `/payments/initiative/${w.initiative.id}`;
    for (const after of [hidden.id, elsewhere.id, 2_000_000_000]) {
      const res = await call('GET', `${url}?after=${after}`, null);
      expect(res.statusCode, String(after)).toBe(422);
      expect(res.json<{ errors?: Array<{ field: string }> }>().errors?.[0]?.field).toBe('after');
    }
    for (const bad of ['0', '1e3', '%00', '2147483648', '9'.repeat(5000)]) {
      const res = await call('GET', `${url}?after=${bad}`, null);
      expect(res.statusCode, bad.slice(0, 12)).toBe(422);
    }
    // Someone who may see the hidden payment pages from it.
    expect(amounts(await list(`${url}?after=${hidden.id}`, scene.cast.admin))).toEqual([]);
  });

  it('filters by Amsterdam days (end inclusive), absolute amounts and route; empty means none', async () => {
    const w = await scene.world();
    await ledger(w);
    const url = (q: string) => `/payments/initiative/${w.initiative.id}?${q}`;
    const april = await list(url('start_date=2026-04-01&end_date=2026-04-30'));
    expect(april.totalCount).toBe(4);
    expect(amounts(april)).toEqual([-1000, -5, -99.99, 250]);
    expect(amounts(await list(url('end_date=2026-03-31')))).toEqual([-100]);
    expect(amounts(await list(url('start_date=2026-04-16')))).toEqual([-1000]);
    expect(amounts(await list(url('min_amount=100')))).toEqual([-1000, 250, -100]);
    expect(amounts(await list(url('min_amount=99.99&max_amount=100')))).toEqual([-99.99, -100]);
    expect(amounts(await list(url('max_amount=5')))).toEqual([-5]);
    expect(amounts(await list(url('route=inkomen')))).toEqual([250]);
    // A negative bound compares the signed amount, as the call table's client sends them.
    expect(amounts(await list(url('max_amount=-100')))).toEqual([-1000, -100]);
    expect(amounts(await list(url('min_amount=-100')))).toEqual([-5, -99.99, 250, -100]);
    expect(amounts(await list(url('min_amount=-100&max_amount=-50')))).toEqual([-99.99, -100]);
    expect(amounts(await list(url('min_amount=-100&max_amount=100')))).toEqual([-5, -99.99, -100]);
    const none = await list(url('start_date=&end_date=&min_amount=&max_amount=&route='));
    expect(none.totalCount).toBe(5);
  });

  it('refuses bad filters with 422', async () => {
    const w = await scene.world();
    for (const q of [
      'min_amount=200&max_amount=100',
      'min_amount=1.234',
      'min_amount=12,50',
      'min_amount=-5&max_amount=-10',
      'min_amount=-1000000000',
      'max_amount=-0.001',
      'start_date=01-04-2026',
      'start_date=2026-02-30',
      'start_date=2026-05-01&end_date=2026-04-01',
      'route=anders',
      'offset=-1',
    ]) {
      const res = await call('GET', `/payments/initiative/${w.initiative.id}?${q}`, null);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('lists an activity; 404 for an activity of another initiative or a hidden one', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const hidden = await scene.world({ activityHidden: true });
    await ledger(w);
    const body = await list(`/payments/initiative/${w.initiative.id}/activity/${w.activity.id}`);
    expect(amounts(body)).toEqual([-99.99]);
    expect(body.totalCount).toBe(1);
    const foreign = `/payments/initiative/${w.initiative.id}/activity/${other.activity.id}`;
    expect((await call('GET', foreign, scene.cast.admin)).statusCode).toBe(404);
    const secret = `/payments/initiative/${hidden.initiative.id}/activity/${hidden.activity.id}`;
    expect((await call('GET', secret, scene.cast.user)).statusCode).toBe(404);
    expect((await call('GET', secret, scene.cast.activityOwner)).statusCode).toBe(200);
    expect((await call('GET', '/payments/initiative/987654321', null)).statusCode).toBe(404);
  });

  it("shows a hidden bank payment to its account's owner and users, not to other outsiders", async () => {
    const w = await scene.world();
    const [keeper, sharer] = [scene.cast.user, scene.cast.policyOfficer];
    const account = await createBankAccount(scene.t, keeper.user.id, [sharer.user.id]);
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -777,
      hidden: true,
      type: 'bank',
      bankAccountId: account.id,
    });
    const ids = async (caller: Parameters<typeof call>[2]) =>
      (await list(`/payments/initiative/${w.initiative.id}`, caller)).payments.map(
        (i) => i.payment.id,
      );
    expect(await ids(keeper)).toEqual([p.id]);
    expect(await ids(null)).toEqual([]);
    expect(await ids(scene.cast.admin)).toEqual([p.id]);
  });
});

describe('the scope check that comes with the page', () => {
  it('answers 404 for a hidden initiative or activity, though the page would list a payment', async () => {
    const keeper = scene.cast.user;
    const account = await createBankAccount(scene.t, keeper.user.id);
    for (const w of [
      await scene.world({ initiative: { hidden: true } }),
      await scene.world({ activityHidden: true }),
    ]) {
      // The account's owner sees its payments in any list (above), not what is hidden around them.
      await createPayment(scene.t, {
        initiativeId: w.initiative.id,
        activityId: w.activity.id,
        amountCents: -1,
        type: 'bank',
        bankAccountId: account.id,
      });
      const activity = `/payments/initiative/${w.initiative.id}/activity/${w.activity.id}`;
      expect((await call('GET', activity, keeper)).statusCode, activity).toBe(404);
      expect((await call('GET', activity, scene.cast.admin)).statusCode, activity).toBe(200);
    }
    const hidden = await scene.world({ initiative: { hidden: true } });
    await createPayment(scene.t, {
      initiativeId: hidden.initiative.id,
      amountCents: -1,
      type: 'bank',
      bankAccountId: account.id,
    });
    const url = `/payments/initiative/${hidden.initiative.id}`;
    expect((await call('GET', url, keeper)).statusCode).toBe(404);
    expect((await call('GET', `${url}?limit=1&offset=1`, keeper)).statusCode).toBe(404);
  });

  it('asks one statement for a page of payments, its totals and the check; more only without', async () => {
    const w = await scene.world();
    const p = await ledger(w);
    const statements = async (url: string) => {
      scene.t.queries.length = 0;
      await list(url);
      return scene.t.queries.length;
    };
    const initiative = `/payments/initiative/${w.initiative.id}`;
    expect(await statements(initiative)).toBe(1);
    expect(await statements(`${initiative}/activity/${w.activity.id}`)).toBe(1);
    // An empty page: its totals, then the check.
    expect(await statements(`${initiative}?route=inkomen&max_amount=1`)).toBe(3);
    // After a cursor: the check, the cursor, the page.
    expect(await statements(`${initiative}?after=${p.april30.id}`)).toBe(3);
  });
});

describe('GET /api/payments/user/:id', () => {
  it("lists the payments of the user's accounts, initiatives, activities and grants", async () => {
    const w = await scene.world();
    const other = await scene.world();
    const me = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, me.user.id);
    const unlinked = await createPayment(scene.t, {
      amountCents: -1234,
      type: 'bank',
      bankAccountId: account.id,
      iban: 'NL02 ABNA 0123 4567 89',
      bookingDate: new Date('2026-06-01T10:00:00Z'),
    });
    const inActivity = await createPayment(scene.t, {
      activityId: w.activity.id,
      amountCents: -50,
    });
    const inOther = await createPayment(scene.t, {
      initiativeId: other.initiative.id,
      amountCents: 9,
    });
    const res = await call('GET', `/payments/user/${me.user.id}`, me);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ payments: UserPayment[]; totalCount: number }>();
    expect(body.payments).toEqual([
      {
        id: unlinked.id,
        booking_date: '2026-06-01T10:00:00.000Z',
        initiative_id: null,
        initiative_name: null,
        activity_id: null,
        activity_name: null,
        creditor_name: '',
        debtor_name: '',
        short_user_description: 'Betaling',
        iban: 'NL02 ABNA 0123 4567 89',
        transaction_amount: -12.34,
        type: 'bank',
        possible_duplicate_of: null,
      },
    ]);
    const owners = async (caller: Cast[keyof Cast], q = '') =>
      (await call('GET', `/payments/user/${caller.user.id}?limit=100&${q}`, caller))
        .json<{ payments: UserPayment[] }>()
        .payments.map((p) => p.id);
    expect(await owners(scene.cast.activityOwner)).toContain(inActivity.id);
    expect(await owners(scene.cast.owner)).toEqual(
      expect.arrayContaining([inActivity.id, inOther.id]),
    );
    expect(await owners(scene.cast.overseer)).toEqual(
      expect.arrayContaining([inActivity.id, inOther.id]),
    );
    expect(
      await owners(
        scene.cast.activityOwner,
        `activity_name=${encodeURIComponent(w.activity.name.toUpperCase())}`,
      ),
    ).toEqual([inActivity.id]);
    expect(
      await owners(
        scene.cast.owner,
        `initiative_name=${encodeURIComponent(other.initiative.name)}`,
      ),
    ).toEqual([inOther.id]);
    // The IBAN filter names one account: the whole number, ignoring spaces and case.
    const byIban = async (iban: string) =>
      (
        await call(
          'GET',
          `/payments/user/${me.user.id}?iban=${encodeURIComponent(iban)}&initiative_name=`,
          me,
        )
      ).json<{ totalCount: number }>().totalCount;
    expect(await byIban('nl02abna0123456789')).toBe(1);
    expect(await byIban(' NL02 ABNA 0123 4567 89 ')).toBe(1);
    expect(await byIban('nl02abna0123')).toBe(0);
    expect(await byIban('0123456789')).toBe(0);
    expect(await byIban('NL99')).toBe(0);
    const search = async (text: string) => {
      const found = await call(
        'GET',
        `/payments/user/${me.user.id}?search=${encodeURIComponent(text)}`,
        me,
      );
      return found.statusCode === 200
        ? found.json<{ totalCount: number }>().totalCount
        : found.statusCode;
    };
    expect(await search('betaling abna')).toBe(1);
    expect(await search('  BETALING   nl02abna0123 ')).toBe(1);
    expect(await search('betaling xyz')).toBe(0);
    expect(await search('')).toBe(1);
    expect(await search('a'.repeat(129))).toBe(422);
    // A NUL byte is refused; '%' and '_' are plain text, not patterns.
    expect(await search('betaling\u0000')).toBe(422);
    expect(await search('%')).toBe(0);
    expect(await search('_')).toBe(0);

    const page = (query: string) => owners(scene.cast.owner, query);
    const mine = await page('');
    expect(mine.length).toBeGreaterThan(1);
    expect(await page(`after=${mine[0]}`)).toEqual(mine.slice(1));
    const refused = await call('GET', `/payments/user/${me.user.id}?after=${inOther.id}`, me);
    expect(refused.statusCode).toBe(422);
  });

  it("answers 401; 403 for another user's list unless admin or financial", async () => {
    const url = `/payments/user/${scene.cast.owner.user.id}`;
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, scene.cast.user)).statusCode).toBe(403);
    expect((await call('GET', url, scene.cast.admin)).statusCode).toBe(200);
    expect((await call('GET', url, scene.cast.financial)).statusCode).toBe(200);
    expect((await call('GET', '/payments/user/abc', scene.cast.admin)).statusCode).toBe(422);
  });
});
