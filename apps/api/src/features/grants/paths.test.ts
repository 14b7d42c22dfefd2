import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { callAs, uniq } from '../../test/http';
import { createActivity, createInitiative } from '../../test/initiative-factories';
import { addOfficer, createFunderTree } from '../../test/funder-factories';

/**
 * Nested paths (docs/api-rules.md §1): the last id names the resource; a parent id of 0 means
 * "whichever it is" (the spec's client asks for /funder/0/regulation/0/grant/7); any other parent
 * id must be the real parent; permissions follow the real parents, never the path.
 */
let t: TestApp;
let tree: Awaited<ReturnType<typeof createFunderTree>>;
let other: Awaited<ReturnType<typeof createFunderTree>>;
let officer: CreatedUser;
let otherOfficer: CreatedUser;
let initiative: { id: number };
let activity: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  tree = await createFunderTree(t);
  other = await createFunderTree(t);
  officer = await createUser(t);
  otherOfficer = await createUser(t);
  await addOfficer(t, tree.regulation.id, officer.user.id, 'grant officer');
  await addOfficer(t, other.regulation.id, otherOfficer.user.id, 'grant officer');
  initiative = await createInitiative(t, tree.grant.id);
  activity = await createActivity(t, initiative.id);
});
afterAll(() => t?.close());

describe('a parent id of 0 means whichever it is', () => {
  it('reads a grant, a regulation, an activity and its media with 0 for the parents', async () => {
    const { funder, regulation, grant } = tree;
    const reads = [
      [`/funder/0/regulation/0/grant/${grant.id}`, grant.id],
      [`/funder/${funder.id}/regulation/0/grant/${grant.id}`, grant.id],
      [`/funder/0/regulation/${regulation.id}/grant/${grant.id}`, grant.id],
      [`/funder/0/regulation/${regulation.id}`, regulation.id],
      [`/initiative/0/activity/${activity.id}`, activity.id],
    ] as const;
    for (const [url, id] of reads) {
      const res = await callAs(t, 'GET', url, null);
      expect(res.statusCode, url).toBe(200);
      expect(res.json<{ id: number }>().id, url).toBe(id);
    }
    const media = await callAs(t, 'GET', `/initiative/0/activity/${activity.id}/media`, null);
    expect(media.statusCode).toBe(200);
    expect(
      await callAs(t, 'GET', `/funder/0/regulation/${regulation.id}/grants`, null),
    ).toHaveProperty('statusCode', 200);
  });

  it('still refuses a parent that is not the real one', async () => {
    const { grant, regulation } = tree;
    for (const url of [
      `/funder/${other.funder.id}/regulation/0/grant/${grant.id}`,
      `/funder/0/regulation/${other.regulation.id}/grant/${grant.id}`,
      `/funder/${other.funder.id}/regulation/${regulation.id}`,
      `/initiative/${initiative.id + 1000}/activity/${activity.id}`,
    ]) {
      const res = await callAs(t, 'GET', url, null);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('checks permissions against the real parents, whatever the path says', async () => {
    const { grant } = tree;
    const rename = (caller: CreatedUser, url: string) =>
      callAs(t, 'PATCH', url, caller, { name: `Beschikking ${uniq()}` });
    // The officer of another regulation gains nothing by naming it, or 0, in the path.
    expect(
      (await rename(otherOfficer, `/funder/0/regulation/0/grant/${grant.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await rename(otherOfficer, `/funder/0/regulation/${other.regulation.id}/grant/${grant.id}`))
        .statusCode,
    ).toBe(404);
    expect((await rename(officer, `/funder/0/regulation/0/grant/${grant.id}`)).statusCode).toBe(
      200,
    );
  });

  it('creates under the direct parent, which must exist: 0 there is 404', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const grant = await callAs(
      t,
      'POST',
      `/funder/0/regulation/${tree.regulation.id}/grant`,
      admin,
      {
        name: `Beschikking ${uniq()}`,
        reference: `REF-${uniq()}`,
        budget: 1000,
      },
    );
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ regulation: { id: tree.regulation.id } });
    const nowhere = [
      callAs(t, 'POST', '/funder/0/regulation', admin, { name: `R ${uniq()}`, description: 'x' }),
      callAs(t, 'POST', '/initiative/0/activity', admin, { name: `A ${uniq()}` }),
      callAs(t, 'POST', `/funder/0/regulation/0/grant`, admin, {
        name: `B ${uniq()}`,
        reference: `REF-${uniq()}`,
        budget: 1000,
      }),
    ];
    for (const res of await Promise.all(nowhere)) expect([404, 422]).toContain(res.statusCode);
  });
});
