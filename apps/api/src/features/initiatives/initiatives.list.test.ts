import { describe, expect, it } from 'vitest';
import type { Grant } from '@helder/shared/grants';
import type { Initiative, InitiativeListItem } from '@helder/shared/initiatives';
import type { Regulation } from '@helder/shared/regulations';
import type { User } from '@helder/shared/users';
import { createUser } from '../../test/factories';
import {
  addActivityOwner,
  addInitiativeOwner,
  createActivity,
  createInitiative,
  createPayment,
} from '../../test/initiative-factories';
import { addOverseer } from '../../test/funder-factories';
import { callAs, uniq, type Caller } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

const list = async (query: string, caller: Caller) => {
  const res = await callAs(scene.t, 'GET', `/initiatives${query}`, caller);
  expect(res.statusCode).toBe(200);
  return res.json<{ initiatives: InitiativeListItem[] }>().initiatives;
};
const ids = (items: Array<{ id: number }>) => items.map((i) => i.id);

describe('GET /api/initiatives', () => {
  it('lists newest first with the name filter (case-insensitive substring) and paging', async () => {
    const tag = uniq();
    const w = await scene.world();
    const made = [];
    for (const n of ['Alfa', 'Bravo', 'Charlie']) {
      made.push(await createInitiative(scene.t, w.grant.id, { name: `${n} ${tag}` }));
    }
    const all = await list(`?name=${tag.toUpperCase()}`, null);
    expect(ids(all)).toEqual(made.map((m) => m.id).reverse());
    expect(all[0]).toEqual({
      id: made[2]!.id,
      name: `Charlie ${tag}`,
      owner: 'Stichting De Buurt',
      hidden: false,
      budget: 5000,
      income: 0,
      expenses: 0,
      profile_picture: null,
    });
    expect(ids(await list(`?name=${tag}&offset=1&limit=1`, null))).toEqual([made[1]!.id]);
    expect(await list(`?name=${tag}&offset=3`, null)).toEqual([]);
    expect(ids(await list(`?name=bravo ${tag}&only_mine=&offset=`, null))).toEqual([made[1]!.id]);
    expect((await callAs(scene.t, 'GET', '/initiatives?limit=101', null)).statusCode).toBe(422);
  });

  it('refuses a page size that is not a whole number from 1 to 100 (it is written into the SQL)', async () => {
    const hostile = [
      '1;drop table payments',
      '1 union select 1',
      '1%00',
      '0',
      '-1',
      '1.5',
      '0x10',
      '99999999999999999999',
    ];
    for (const limit of hostile) {
      const res = await callAs(scene.t, 'GET', `/initiatives?limit=${limit}`, null);
      expect(res.statusCode, limit).toBe(422);
    }
    const tag = uniq();
    const w = await scene.world();
    for (const n of ['Een', 'Twee']) {
      await createInitiative(scene.t, w.grant.id, { name: `${n} ${tag}` });
    }
    expect(await list(`?name=${tag}&limit=1`, null)).toHaveLength(1);
    expect(await list(`?name=${tag}&limit=100`, null)).toHaveLength(2);
    expect(await list(`?name=${tag}&offset=1&limit=1`, null)).toHaveLength(1);
  });

  it('pages by `after` (keyset) through the same order as by offset', async () => {
    const tag = uniq();
    const w = await scene.world();
    for (const n of ['Een', 'Twee', 'Drie', 'Vier', 'Vijf']) {
      await createInitiative(scene.t, w.grant.id, { name: `${n} ${tag}` });
    }
    const all = ids(await list(`?name=${tag}`, null));
    expect(all).toHaveLength(5);

    const pages: number[][] = [];
    let after = '';
    // Bounded: a server that ignored `after` would hand out the first page for ever.
    for (let i = 0; i < 5; i++) {
      const page = ids(await list(`?name=${tag}&limit=2&after=${after}`, null));
      if (page.length === 0) break;
      pages.push(page);
      after = String(page.at(-1));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all);
    // `offset` counts on from `after`; an id of no initiative still marks a place in the order.
    expect(ids(await list(`?name=${tag}&after=${all[0]}&offset=1&limit=2`, null))).toEqual(
      all.slice(2, 4),
    );
    expect(ids(await list(`?name=${tag}&after=${all[4]! + 100_000}`, null))).toEqual(all);
    // Not ids: zero, signs, words, decimals, NUL, past the integer range, thousands of digits.
    for (const bad of ['0', '-1', 'x', '1.5', '%00', '1%001', '2147483648', '9'.repeat(5000)]) {
      const res = await callAs(scene.t, 'GET', `/initiatives?after=${bad}`, null);
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('shows hidden initiatives to insiders only, and owner_email to insiders only', async () => {
    const tag = uniq();
    const open = await scene.world({ initiative: { name: `Open ${tag}` } });
    const closed = await scene.world({
      initiative: { name: `Dicht ${tag}`, hidden: true },
    });
    expect(ids(await list(`?name=${tag}`, null))).toEqual([open.initiative.id]);
    expect(ids(await list(`?name=${tag}`, scene.cast.user))).toEqual([open.initiative.id]);
    const insiders = [
      scene.cast.admin,
      scene.cast.financial,
      scene.cast.grantOfficer,
      scene.cast.policyOfficer,
    ];
    for (const insider of [
      ...insiders,
      scene.cast.overseer,
      scene.cast.owner,
      scene.cast.activityOwner,
    ]) {
      const seen = await list(`?name=${tag}`, insider);
      expect(ids(seen)).toEqual([closed.initiative.id, open.initiative.id]);
      expect(seen[0]).toMatchObject({ hidden: true, owner_email: 'info@debuurt.test' });
    }
    const anonymous = await list(`?name=${tag}`, null);
    expect(anonymous[0]).not.toHaveProperty('owner_email');
  });

  it('only_mine: initiatives the caller owns, owns an activity of, or oversees; 401 anonymous', async () => {
    const tag = uniq();
    const me = await createUser(scene.t, { password: null });
    const w = await scene.world({ initiative: { name: `Eigen ${tag}` } });
    const viaActivity = await createInitiative(scene.t, w.grant.id, { name: `Act ${tag}` });
    const overseen = await scene.world({ initiative: { name: `Pen ${tag}` } });
    const hiddenOwned = await createInitiative(scene.t, w.grant.id, {
      name: `Verborgen ${tag}`,
      hidden: true,
    });
    await createInitiative(scene.t, w.grant.id, { name: `Ander ${tag}` });
    await addInitiativeOwner(scene.t, w.initiative.id, me.user.id);
    await addInitiativeOwner(scene.t, hiddenOwned.id, me.user.id);
    await addActivityOwner(scene.t, (await createActivity(scene.t, viaActivity.id)).id, me.user.id);
    await addOverseer(scene.t, overseen.grant.id, me.user.id);
    expect(ids(await list(`?name=${tag}&only_mine=true`, me))).toEqual([
      hiddenOwned.id,
      overseen.initiative.id,
      viaActivity.id,
      w.initiative.id,
    ]);
    expect(await list(`?name=${tag}&only_mine=true`, scene.cast.user)).toEqual([]);
    expect((await list(`?name=${tag}&only_mine=false`, scene.cast.user)).length).toBe(4);
    const anonymous = await callAs(scene.t, 'GET', '/initiatives?only_mine=true', null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs the same number of statements for 3 and for 30 initiatives', async () => {
    const count = async (n: number) => {
      const tag = uniq();
      const w = await scene.world({ initiative: { name: `N1 ${tag} 0` } });
      for (let i = 1; i < n; i += 1) {
        const initiative = await createInitiative(scene.t, w.grant.id, { name: `N1 ${tag} ${i}` });
        await addInitiativeOwner(scene.t, initiative.id, scene.cast.owner.user.id);
        const activity = await createActivity(scene.t, initiative.id);
        await createPayment(scene.t, { activityId: activity.id, amountCents: -500 });
        await createPayment(scene.t, {
          initiativeId: initiative.id,
          amountCents: 900,
          hidden: true,
        });
      }
      scene.t.queries.length = 0;
      const rows = await list(`?name=${tag}&limit=100`, scene.cast.owner);
      expect(rows).toHaveLength(n);
      return scene.t.queries.length;
    };
    const three = await count(3);
    expect(await count(30)).toBe(three);
    expect(three).toBeLessThanOrEqual(2); // the token's user, then the page
  });
});

describe('totals (docs/api-rules.md §8)', () => {
  it('count hidden payments and payments through activities, for initiatives, activities and grants', async () => {
    const w = await scene.world();
    const second = await createInitiative(scene.t, w.grant.id, { hidden: true });
    const hiddenActivity = await createActivity(scene.t, w.initiative.id, { hidden: true });
    const i = w.initiative.id;
    await createPayment(scene.t, { initiativeId: i, amountCents: 100_000 });
    await createPayment(scene.t, { initiativeId: i, amountCents: -20_050, hidden: true });
    await createPayment(scene.t, { activityId: w.activity.id, amountCents: 30_000 });
    await createPayment(scene.t, { activityId: w.activity.id, amountCents: -10_000, hidden: true });
    await createPayment(scene.t, { activityId: hiddenActivity.id, amountCents: -1_000 });
    await createPayment(scene.t, { initiativeId: i, amountCents: -5_000, type: 'bank' });
    await createPayment(scene.t, { initiativeId: second.id, amountCents: 1_000 });
    await createPayment(scene.t, { amountCents: -99_999, type: 'bank' }); // unlinked: counts nowhere

    const [item] = (await list(`?name=${encodeURIComponent(w.initiative.name)}`, null)).filter(
      (x) => x.id === i,
    );
    expect(item).toMatchObject({ budget: 5000, income: 1300, expenses: -360.5 });
    const detail = (await callAs(scene.t, 'GET', `/initiative/${i}`, null)).json<Initiative>();
    expect(detail).toMatchObject({ income: 1300, expenses: -360.5 });
    // Outsiders do not see the hidden activity; its money still counts for the initiative.
    expect(detail.activities).toEqual([
      {
        id: w.activity.id,
        name: w.activity.name,
        budget: 1000,
        income: 300,
        expenses: -100,
        hidden: false,
      },
    ]);
    const owner = (
      await callAs(scene.t, 'GET', `/initiative/${i}`, scene.cast.owner)
    ).json<Initiative>();
    expect(owner.activities.map((a) => [a.id, a.expenses])).toEqual([
      [hiddenActivity.id, -10],
      [w.activity.id, -100],
    ]);
    const activity = await callAs(
      scene.t,
      'GET',
      `/initiative/${i}/activity/${w.activity.id}`,
      null,
    );
    expect(activity.json()).toMatchObject({ budget: 1000, income: 300, expenses: -100 });

    const grant = (await callAs(scene.t, 'GET', w.base, null)).json<Grant>();
    expect(grant).toMatchObject({ income: 1310, expenses: -360.5 });
    expect(grant.initiatives).toEqual([{ id: i, name: w.initiative.name }]);
    const insiderGrant = (
      await callAs(scene.t, 'GET', w.base, scene.cast.grantOfficer)
    ).json<Grant>();
    expect(insiderGrant.initiatives.map((x) => x.id)).toEqual([i, second.id]);

    const regulationUrl = `/funder/${w.funder.id}/regulation/${w.regulation.id}`;
    const regulation = (await callAs(scene.t, 'GET', regulationUrl, null)).json<Regulation>();
    expect(regulation.grants[0]).toMatchObject({
      income: 1310,
      expenses: -360.5,
      initiative_count: 1,
      first_initiative_id: i,
    });
    for (const insider of [scene.cast.admin, scene.cast.grantOfficer, scene.cast.overseer]) {
      const seen = (await callAs(scene.t, 'GET', regulationUrl, insider)).json<Regulation>();
      expect(seen.grants[0]).toMatchObject({ initiative_count: 2, first_initiative_id: i });
    }
    const outsider = (
      await callAs(scene.t, 'GET', regulationUrl, scene.cast.user)
    ).json<Regulation>();
    expect(outsider.grants[0]).toMatchObject({ initiative_count: 1 });
  });

  it('reads a grant without initiatives as zero', async () => {
    const w = await scene.world();
    const regulationUrl = `/funder/${w.funder.id}/regulation/${w.regulation.id}`;
    await callAs(scene.t, 'DELETE', `/initiative/${w.initiative.id}`, scene.cast.admin);
    const regulation = (await callAs(scene.t, 'GET', regulationUrl, null)).json<Regulation>();
    expect(regulation.grants[0]).toMatchObject({
      income: 0,
      expenses: 0,
      initiative_count: 0,
      first_initiative_id: null,
    });
  });
});

describe("a user's initiatives and activities", () => {
  it('lists the visible ones the user owns, newest first', async () => {
    const me = await createUser(scene.t, { password: null });
    const w = await scene.world();
    const hidden = await createInitiative(scene.t, w.grant.id, { hidden: true });
    const hiddenActivity = await createActivity(scene.t, w.initiative.id, { hidden: true });
    await addInitiativeOwner(scene.t, w.initiative.id, me.user.id);
    await addInitiativeOwner(scene.t, hidden.id, me.user.id);
    await addActivityOwner(scene.t, w.activity.id, me.user.id);
    await addActivityOwner(scene.t, hiddenActivity.id, me.user.id);
    const read = async (caller: Caller) =>
      (await callAs(scene.t, 'GET', `/user/${me.user.id}`, caller)).json<User>();
    const anonymous = await read(null);
    expect(anonymous.initiatives).toEqual([{ id: w.initiative.id, name: w.initiative.name }]);
    expect(anonymous.activities).toEqual([
      { id: w.activity.id, name: w.activity.name, initiative_id: w.initiative.id },
    ]);
    const self = await read(me);
    expect(ids(self.initiatives)).toEqual([hidden.id, w.initiative.id]);
    expect(ids(self.activities)).toEqual([hiddenActivity.id, w.activity.id]);
    expect(ids((await read(scene.cast.admin)).initiatives)).toEqual([hidden.id, w.initiative.id]);
    const listed = await callAs(scene.t, 'GET', `/users?email=${me.user.email}`, scene.cast.user);
    expect(listed.json<{ users: User[] }>().users[0]?.initiatives).toEqual(anonymous.initiatives);
  });
});
