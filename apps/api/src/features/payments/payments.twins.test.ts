import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Payment, PaymentListItem, UserPayment } from '@helder/shared/payments';
import { payments } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser } from '../../test/factories';
import { createPayment } from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';

/**
 * A line the import kept beside a look-alike carries `possible_duplicate_of` for those who see
 * every line of its account, and for no one else (docs/api-rules.md §13): the pair would tell an
 * initiative's owner or the public about a line of the account they may not see.
 */
const scene = useCastApp();
const { call } = scene;

async function flaggedPair() {
  const w = await scene.world();
  const holder = await createUser(scene.t, { password: null });
  const sharedWith = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, holder.user.id, [sharedWith.user.id]);
  const bank = { type: 'bank' as const, bankAccountId: account.id, amountCents: -1250 };
  const fetched = await createPayment(scene.t, {
    ...bank,
    creditorName: 'Bakker Jansen',
    shortUserDescription: 'Brood',
  });
  const kept = await createPayment(scene.t, {
    ...bank,
    initiativeId: w.initiative.id,
    shortUserDescription: 'BROOD EN BANKET',
    possibleDuplicateOf: fetched.id,
  });
  return { w, holder, sharedWith, fetched, kept };
}

describe('possible_duplicate_of', () => {
  it('is shown with the other line to the account holder, its users, admins and financial users', async () => {
    const { holder, sharedWith, fetched, kept } = await flaggedPair();
    const expected = {
      payment_id: fetched.id,
      booking_date: '2026-03-15',
      amount: -12.5,
      counterparty: 'Bakker Jansen',
      description: 'Brood',
    };
    for (const who of [holder, sharedWith, scene.cast.admin, scene.cast.financial]) {
      const res = await call('GET', `/payment/${kept.id}`, who);
      expect(res.json<Payment>().possible_duplicate_of).toEqual(expected);
    }
    const other = await call('GET', `/payment/${fetched.id}`, holder);
    expect(other.json<Payment>().possible_duplicate_of).toBeNull();
    const list = await call('GET', `/payments/user/${holder.user.id}?limit=100`, holder);
    const items = list.json<{ payments: UserPayment[] }>().payments;
    expect(items.find((p) => p.id === kept.id)?.possible_duplicate_of).toEqual(expected);
  });

  it("is left out for the initiative's owner and the public, who need not see the other line", async () => {
    const { w, kept } = await flaggedPair();
    const owned = await call('GET', `/payment/${kept.id}`, scene.cast.owner);
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).not.toHaveProperty('possible_duplicate_of');
    const list = await call(
      'GET',
      `/payments/user/${scene.cast.owner.user.id}?limit=100`,
      scene.cast.owner,
    );
    const item = list.json<{ payments: UserPayment[] }>().payments.find((p) => p.id === kept.id);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('possible_duplicate_of');
    const publicList = await call('GET', `/payments/initiative/${w.initiative.id}`, null);
    const row = publicList.json<{ payments: PaymentListItem[] }>().payments[0]!;
    expect(row.payment.id).toBe(kept.id);
    expect(JSON.stringify(row)).not.toContain('duplicate');
  });

  it('goes when the other line is deleted', async () => {
    const { holder, fetched, kept } = await flaggedPair();
    await scene.t.database.db.delete(payments).where(eq(payments.id, fetched.id));
    const res = await call('GET', `/payment/${kept.id}`, holder);
    expect(res.json<Payment>().possible_duplicate_of).toBeNull();
  });
});
