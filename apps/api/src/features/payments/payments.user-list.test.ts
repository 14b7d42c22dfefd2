import { describe, expect, it } from 'vitest';
import type { UserPayment } from '@helder/shared/payments';
import { createUser } from '../../test/factories';
import { createPayment } from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

interface UserList {
  payments: UserPayment[];
  totalCount: number;
  unlinkedCount: number;
}

/** A user with one bank account and its payments: two unlinked, one linked, one in an activity. */
async function ledger() {
  const w = await scene.world();
  const me = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, me.user.id);
  const at = (amountCents: number, more: object = {}) =>
    createPayment(scene.t, { amountCents, type: 'bank', bankAccountId: account.id, ...more });
  const rent = await at(-123_450, { creditorName: 'Verhuur BV', shortUserDescription: 'Huur' });
  const gift = await at(1_250, { debtorName: 'Gift 12,50 euro', shortUserDescription: 'Gift' });
  const seeds = await at(-1_205, { initiativeId: w.initiative.id, shortUserDescription: 'Zaad' });
  const tools = await at(-9_900, { activityId: w.activity.id, shortUserDescription: 'Schoffel' });
  const list = async (query: string) => {
    const res = await call('GET', `/payments/user/${me.user.id}?${query}`, me);
    expect(res.statusCode, query).toBe(200);
    return res.json<UserList>();
  };
  const ids = async (query: string) => (await list(query)).payments.map((p) => p.id).sort();
  return { rent, gift, seeds, tools, list, ids };
}

const sorted = (...rows: { id: number }[]) => rows.map((row) => row.id).sort();

describe('GET /api/payments/user/:id: the search and "Niet gekoppeld"', () => {
  it('finds payments by an amount written the Dutch or the plain way', async () => {
    const { rent, gift, seeds, ids } = await ledger();
    const search = (text: string) => ids(`search=${encodeURIComponent(text)}`);
    expect(await search('1.234,50')).toEqual(sorted(rent));
    expect(await search('€ 1234,5')).toEqual(sorted(rent));
    expect(await search('-1234.50')).toEqual(sorted(rent));
    expect(await search('1234')).toEqual(sorted(rent));
    // Euros name every amount of those euros; a minus only outgoing payments.
    expect(await search('12')).toEqual(sorted(gift, seeds));
    expect(await search('-12')).toEqual(sorted(seeds));
    expect(await search('€12,05')).toEqual(sorted(seeds));
    // '12,50' is in the gift's counterparty as text, and its amount.
    expect(await search('12,50')).toEqual(sorted(gift));
    expect(await search('12,51')).toEqual([]);
    expect(await search('123')).toEqual([]);
    // With words: every word must match, the amount or the text.
    expect(await search('huur 1234,50')).toEqual(sorted(rent));
    expect(await search('huur 12')).toEqual([]);
  });

  it('lists only the unlinked payments with unlinked=true, and counts them in any case', async () => {
    const { rent, gift, list, ids } = await ledger();
    const all = await list('');
    expect(all.totalCount).toBe(4);
    expect(all.unlinkedCount).toBe(2);

    const unlinked = await list('unlinked=true');
    expect(unlinked.payments.map((p) => p.id).sort()).toEqual(sorted(rent, gift));
    expect(unlinked.payments.every((p) => p.initiative_id === null)).toBe(true);
    expect(unlinked.totalCount).toBe(2);
    expect(unlinked.unlinkedCount).toBe(2);

    // The count follows the other filters.
    const searched = await list('search=huur');
    expect(searched.totalCount).toBe(1);
    expect(searched.unlinkedCount).toBe(1);
    expect(await ids('unlinked=true&search=zaad')).toEqual([]);
    expect(await ids('unlinked=false')).toHaveLength(4);
    expect(await ids('unlinked=')).toHaveLength(4);
    // Paging within the unlinked ones.
    const first = await list('unlinked=true&limit=1');
    expect(first.payments).toHaveLength(1);
    expect(first.totalCount).toBe(2);
    const last = first.payments[0]!;
    const second = await list(`unlinked=true&limit=1&after=${last.id}`);
    expect(second.payments).toHaveLength(1);
    expect(second.payments[0]?.id).not.toBe(last.id);
  });

  it('pages on after a payment that has been linked since, skipping no unlinked one', async () => {
    const { rent, gift, seeds, list } = await ledger();
    // Newest first: the rent, then the gift (same booking time, higher id first).
    const first = await list('unlinked=true&limit=1');
    const shown = first.payments[0]!;
    const linked = await scene.call('PATCH', `/payment/${shown.id}/initiative`, scene.cast.admin, {
      initiative_id: seeds.initiativeId,
    });
    expect(linked.statusCode).toBe(200);
    const next = await list(`unlinked=true&limit=1&after=${shown.id}`);
    expect(next.payments.map((p) => p.id)).toEqual(
      [rent.id, gift.id].filter((id) => id !== shown.id),
    );
    expect(next.unlinkedCount).toBe(1);
  });

  it('refuses an unlinked value that is not a boolean', async () => {
    const me = await createUser(scene.t, { password: null });
    const res = await call('GET', `/payments/user/${me.user.id}?unlinked=ja`, me);
    expect(res.statusCode).toBe(422);
  });
});
