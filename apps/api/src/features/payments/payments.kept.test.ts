import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneySums, PaymentListItem } from '@helder/shared/payments';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { callAs, type Caller } from '../../test/http';
import {
  addInitiativeOwner,
  createInitiativeTree,
  createPayment,
} from '../../test/initiative-factories';

/**
 * A payment list's totals kept until a change (payments.page.ts, `KeptTotals`). "Kept" shows as
 * a payment added with triggers off (no NOTIFY, as if no server heard of it): the rows list it at
 * once, the kept count does not. Any write through this server or elsewhere empties them, a
 * refused one leaves them, and each reader and each filter has totals of their own.
 */
let t: TestApp;
let reader: CreatedUser;
let owner: CreatedUser;
let tree: Awaited<ReturnType<typeof createInitiativeTree>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '30' } });
  reader = await createUser(t, { password: null });
  owner = await createUser(t, { password: null });
  tree = await createInitiativeTree(t);
  await addInitiativeOwner(t, tree.initiative.id, owner.user.id);
  await createPayment(t, { initiativeId: tree.initiative.id, amountCents: 10_000 });
  await createPayment(t, { initiativeId: tree.initiative.id, amountCents: -5_000, hidden: true });
});
afterAll(() => t?.close());

interface ListBody {
  payments: PaymentListItem[];
  totalCount: number;
  totals: MoneySums;
  shielded: MoneySums;
}

async function list(caller: Caller, query = '') {
  const res = await callAs(
    t,
    'GET',
    `/payments/initiative/${tree.initiative.id}?limit=100${query}`,
    caller,
  );
  expect(res.statusCode).toBe(200);
  return res.json<ListBody>();
}

/** Adds a payment behind every server's back: no trigger, no NOTIFY. */
const payUnnoticed = () =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.insert(payments).values({
      initiativeId: tree.initiative.id,
      amountCents: 100,
      bookingDate: new Date('2026-03-15T10:00:00Z'),
      route: 'inkomen',
      shortUserDescription: 'Onopgemerkt',
    });
  });

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not within 2 s');
}

/**
 * Whether the reader's totals were kept around a payment no one is told of (and, with `between`,
 * a request). The notification of an earlier write may still empty them in between (it arrives
 * a moment after its commit), so callers try again with `eventually`.
 */
async function keptAround(between?: () => Promise<void>) {
  const before = await list(reader);
  await payUnnoticed();
  await between?.();
  const after = await list(reader);
  expect(after.payments).toHaveLength(before.payments.length + 1);
  return after.totalCount === before.totalCount;
}

const agrees = async (caller: Caller) => {
  const body = await list(caller);
  return body.totalCount === body.payments.length;
};

describe('GET /payments/initiative/{id}: totals kept until a change', () => {
  it('keeps a reader’s totals, until a write through this server', async () => {
    await eventually(() => keptAround());
    const edit = await callAs(t, 'PATCH', `/initiative/${tree.initiative.id}`, owner, {
      description: 'Nieuwe tekst',
    });
    expect(edit.statusCode).toBe(200);
    expect(await agrees(reader)).toBe(true);
  });

  it('empties them when another process writes (PostgreSQL NOTIFY)', async () => {
    await eventually(() => keptAround());
    await createPayment(t, { initiativeId: tree.initiative.id, amountCents: 300 });
    await eventually(() => agrees(reader));
  });

  it('leaves them kept after a refused write', async () => {
    await eventually(() =>
      keptAround(async () => {
        const refused = await callAs(t, 'PATCH', `/initiative/${tree.initiative.id}`, reader, {
          description: 'Niet van mij',
        });
        expect(refused.statusCode).toBe(403);
      }),
    );
  });

  it('keeps totals per reader and per filter', async () => {
    // The payments added unnoticed above are counted once a write has emptied what was kept.
    const edit = await callAs(t, 'PATCH', `/initiative/${tree.initiative.id}`, owner, {
      description: 'Weer nieuwe tekst',
    });
    expect(edit.statusCode).toBe(200);
    const publicView = await list(reader);
    expect(publicView.totalCount).toBe(publicView.payments.length);
    expect(publicView.shielded.expenses).toBe(-50);
    // The owner sees the hidden expense: their totals are their own, not the reader's kept ones.
    const own = await list(owner);
    expect(own.shielded.expenses).toBe(0);
    expect(own.totals.expenses).toBe(publicView.totals.expenses - 50);
    expect(own.totalCount).toBe(publicView.totalCount + 1);
    const expenses = await list(owner, '&max_amount=-1');
    expect(expenses.totalCount).toBe(1);
    expect(expenses.totals).toEqual({ income: 0, expenses: -50 });
  });
});
