import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Regulation } from '@helder/shared/regulations';
import { initiatives } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { callAs, type Caller } from '../../test/http';
import { addInitiativeOwner, createInitiativeTree } from '../../test/initiative-factories';

/**
 * A regulation's grant figures kept until a change (regulations.service.ts, `grantsFor`). "Kept"
 * shows as a change made with triggers off (no NOTIFY, as if no server heard of it) that a read
 * does not see; who may see everything or only the public's gets them from the database after
 * any write here or elsewhere; an owner's own always.
 */
let t: TestApp;
let admin: CreatedUser;
let reader: CreatedUser;
let owner: CreatedUser;
let tree: Awaited<ReturnType<typeof createInitiativeTree>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '30' } });
  admin = await createUser(t, { role: 'administrator', password: null });
  reader = await createUser(t, { password: null });
  owner = await createUser(t, { password: null });
  tree = await createInitiativeTree(t);
  await addInitiativeOwner(t, tree.initiative.id, owner.user.id);
});
afterAll(() => t?.close());

const path = () => `/funder/${tree.funder.id}/regulation/${tree.regulation.id}`;

/** The grant's income in euros as `caller` reads it. */
async function income(caller: Caller) {
  const res = await callAs(t, 'GET', path(), caller);
  expect(res.statusCode).toBe(200);
  return res.json<Regulation>().grants[0]!.income;
}

/** Sets the initiative's kept income behind every server's back: no trigger, no NOTIFY. */
const incomeUnnoticed = (incomeCents: number) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(initiatives).set({ incomeCents }).where(eq(initiatives.id, tree.initiative.id));
  });

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not within 2 s');
}

let cents = 0;
/**
 * Reads as each caller around a change no one is told of (and, with `between`, a request):
 * whether every second read was kept. The notification of an earlier write may still empty the
 * store in between (it arrives a moment after its commit), so callers try again with `eventually`.
 */
async function keptAround(callers: Caller[], between?: () => Promise<void>) {
  const first: number[] = [];
  for (const caller of callers) first.push(await income(caller));
  await incomeUnnoticed((cents += 100));
  await between?.();
  for (const [k, caller] of callers.entries()) {
    if ((await income(caller)) !== first[k]) return false;
  }
  return true;
}

describe('GET …/regulation/{id}: grant figures kept until a change', () => {
  it('keeps the public and everyone’s figures, until a write through this server', async () => {
    await eventually(() => keptAround([reader, admin]));
    const edit = await callAs(t, 'PATCH', path(), admin, { description: 'Nieuwe tekst' });
    expect(edit.statusCode).toBe(200);
    expect(await income(reader)).toBe(cents / 100);
    expect(await income(admin)).toBe(cents / 100);
  });

  it('empties them when another process writes (PostgreSQL NOTIFY)', async () => {
    await income(reader);
    await t.database.db
      .update(initiatives)
      .set({ incomeCents: 98_700 })
      .where(eq(initiatives.id, tree.initiative.id));
    await eventually(async () => (await income(reader)) === 987);
  });

  it('leaves them kept after a refused write', async () => {
    await eventually(() =>
      keptAround([reader], async () => {
        const refused = await callAs(t, 'PATCH', path(), reader, { description: 'Niet van mij' });
        expect(refused.statusCode).toBe(403);
      }),
    );
  });

  it('reads an owner’s own figures from the database every time', async () => {
    await incomeUnnoticed(1200);
    expect(await income(owner)).toBe(12);
    await incomeUnnoticed(1300);
    expect(await income(owner)).toBe(13);
  });
});
