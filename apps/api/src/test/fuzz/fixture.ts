import { inArray } from 'drizzle-orm';
import { activities, funders, grants, initiatives, regulations, users } from '../../db/schema';
import type { TestApp } from '../app';
import { createUser, DEFAULT_PASSWORD } from '../factories';
import {
  createActivity,
  createAttachment,
  createInitiative,
  createPayment,
} from '../initiative-factories';
import { createFunderTree } from '../funder-factories';

/** One chain of ids that belong together, for nested paths. */
export interface Tree {
  funder: number;
  regulation: number;
  grant: number;
  initiative: number;
  activity: number;
}

interface FuzzUser {
  id: number;
  email: string;
}

export interface Fixture {
  trees: Tree[];
  /** Ordinary users: targets of /user/:id, owners and officers; all have DEFAULT_PASSWORD. */
  users: FuzzUser[];
  admin: FuzzUser & { token: string; headers: { authorization: string } };
  /** How often the fixture had to be topped up: deletes and self-edits of the admin. */
  reseeds: number;
}

const TREES = 3;
const USERS = 3;
export { DEFAULT_PASSWORD };

async function newTree(t: TestApp): Promise<Tree> {
  const { funder, regulation, grant } = await createFunderTree(t);
  const initiative = await createInitiative(t, grant.id);
  const activity = await createActivity(t, initiative.id);
  // The media endpoints then have signed URLs to render, not only empty lists.
  const payment = await createPayment(t, { amountCents: -2500, activityId: activity.id });
  await createAttachment(t, payment.id, 'pdf');
  return {
    funder: funder.id,
    regulation: regulation.id,
    grant: grant.id,
    initiative: initiative.id,
    activity: activity.id,
  };
}

async function newUser(t: TestApp): Promise<FuzzUser> {
  const { user } = await createUser(t);
  return { id: user.id, email: user.email };
}

async function newAdmin(t: TestApp): Promise<Fixture['admin']> {
  // A superuser too: otherwise most edits of users stop at a 403 before reaching the code.
  const { user, token, headers } = await createUser(t, {
    role: 'administrator',
    isSuperuser: true,
    password: null,
  });
  return { id: user.id, email: user.email, token, headers };
}

/**
 * Users first, so that ids 1..3 are ordinary users and the admin sits above them: an odd path id
 * that happens to name a user (1e3, 0x38) then hits a victim rather than the caller itself.
 */
export async function seedFixture(t: TestApp): Promise<Fixture> {
  const fixtureUsers: FuzzUser[] = [];
  for (let i = 0; i < USERS; i++) fixtureUsers.push(await newUser(t));
  const trees: Tree[] = [];
  for (let i = 0; i < TREES; i++) trees.push(await newTree(t));
  return { trees, users: fixtureUsers, admin: await newAdmin(t), reseeds: 0 };
}

async function existing(
  t: TestApp,
  table:
    | typeof funders
    | typeof regulations
    | typeof grants
    | typeof initiatives
    | typeof activities
    | typeof users,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Puts back what the admin's requests took away: trees with a deleted part are replaced whole,
 * deleted users are recreated, and an admin whose token no longer works (deactivated, demoted,
 * password changed) is replaced by a new one.
 */
export async function refreshFixture(t: TestApp, fx: Fixture): Promise<void> {
  const ids = (key: keyof Tree) => fx.trees.map((tree) => tree[key]);
  const alive = {
    funder: await existing(t, funders, ids('funder')),
    regulation: await existing(t, regulations, ids('regulation')),
    grant: await existing(t, grants, ids('grant')),
    initiative: await existing(t, initiatives, ids('initiative')),
    activity: await existing(t, activities, ids('activity')),
  };
  const keep = fx.trees.filter((tree) =>
    (Object.keys(alive) as Array<keyof Tree>).every((key) => alive[key].has(tree[key])),
  );
  let changed = keep.length !== fx.trees.length;
  while (keep.length < TREES) keep.push(await newTree(t));
  fx.trees = keep;

  const aliveUsers = await existing(
    t,
    users,
    fx.users.map((u) => u.id),
  );
  const keptUsers = fx.users.filter((u) => aliveUsers.has(u.id));
  changed ||= keptUsers.length !== fx.users.length;
  while (keptUsers.length < USERS) keptUsers.push(await newUser(t));
  fx.users = keptUsers;

  const probe = await t.app.inject({
    method: 'GET',
    url: `/api/user/${fx.admin.id}`,
    headers: fx.admin.headers,
  });
  // `email` is shown to insiders only: without it the token no longer makes us the admin.
  const seen =
    probe.statusCode === 200
      ? probe.json<{ role?: string; email?: string; is_active?: boolean }>()
      : undefined;
  if (seen?.role !== 'administrator' || seen.email === undefined || seen.is_active === false) {
    fx.admin = await newAdmin(t);
    changed = true;
  }
  if (changed) fx.reseeds += 1;
}
