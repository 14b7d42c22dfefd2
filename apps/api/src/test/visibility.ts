import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { createUser } from './factories';
import { callAs, type Caller } from './http';
import {
  addActivityOwner,
  addInitiativeOwner,
  createActivity,
  createAttachment,
  createCast,
  createInitiative,
  createPayment,
} from './initiative-factories';
import {
  addOfficer,
  addOverseer,
  createFunder,
  createGrant,
  createRegulation,
} from './funder-factories';

/**
 * The visibility matrix of docs/api-rules.md §4–7: one scene that holds a secret of every kind,
 * every kind of caller, and a runner that asks each read, as each caller, whether it gives the
 * secret away. Each feature's `*.visibility.test.ts` lists its reads with who may see them.
 */

const CALLERS = [
  'anonymous',
  'user',
  'owner',
  'activityOwner',
  'overseer',
  'grantOfficer',
  'policyOfficer',
  'financial',
  'admin',
  'hiddenUser',
] as const;
export type CallerName = (typeof CALLERS)[number];

/**
 * The scoped callers hold their roles on different parts of the scene, so that every secret has
 * its own set of insiders and a rule that lets the wrong role in (or keeps the right one out)
 * shows up as a wrong cell:
 * - `hiddenInitiative` (hidden, in `grant`): owned by `owner`, its public activity by
 *   `activityOwner`, its grant overseen by `overseer`.
 * - `openInitiative` (public, in `sponsorGrant`, no owners): its hidden activity is owned by
 *   `activityOwner`; it also has a hidden payment.
 * - `discreetInitiative` (public with hidden sponsors, in `sponsorGrant`, older than
 *   `openInitiative`): owned by `owner`, with income.
 * - `hiddenUser` (a hidden account): officer, overseer and owner in a corner of its own.
 * Both officers serve the regulation of `grant` and `sponsorGrant`; financial users and admins
 * are insiders of everything, but only admins (and the user themself) see a hidden user.
 */
const INSIDERS_OF_ALL = ['grantOfficer', 'policyOfficer', 'financial', 'admin'] as const;
export const SEEN_BY = {
  everyone: CALLERS,
  insidersOfHidden: ['owner', 'activityOwner', 'overseer', ...INSIDERS_OF_ALL],
  insidersOfOpen: ['activityOwner', ...INSIDERS_OF_ALL],
  insidersOfDiscreet: ['owner', ...INSIDERS_OF_ALL],
  /** `only_mine`: owners of it or of one of its activities, and overseers of its grant. */
  mineOfHidden: ['owner', 'activityOwner', 'overseer'],
  hiddenUser: ['hiddenUser', 'admin'],
} as const satisfies Record<string, readonly CallerName[]>;

async function createScene(t: TestApp) {
  const cast = await createCast(t);
  const hiddenUser = await createUser(t, { hidden: true, password: null });
  const callers: Record<CallerName, Caller> = { anonymous: null, ...cast, hiddenUser };

  const funder = await createFunder(t);
  const regulation = await createRegulation(t, funder.id);
  await addOfficer(t, regulation.id, cast.grantOfficer.user.id, 'grant officer');
  await addOfficer(t, regulation.id, cast.policyOfficer.user.id, 'policy officer');
  const grant = await createGrant(t, regulation.id);
  await addOverseer(t, grant.id, cast.overseer.user.id);
  const sponsorGrant = await createGrant(t, regulation.id);

  const hiddenInitiative = await createInitiative(t, grant.id, { hidden: true });
  await addInitiativeOwner(t, hiddenInitiative.id, cast.owner.user.id);
  const activityInHidden = await createActivity(t, hiddenInitiative.id);
  await addActivityOwner(t, activityInHidden.id, cast.activityOwner.user.id);
  const inHidden = await createPayment(t, { activityId: activityInHidden.id, amountCents: 1_100 });

  const discreetInitiative = await createInitiative(t, sponsorGrant.id, { hiddenSponsors: true });
  await addInitiativeOwner(t, discreetInitiative.id, cast.owner.user.id);
  await createPayment(t, { initiativeId: discreetInitiative.id, amountCents: 700 });

  const openInitiative = await createInitiative(t, sponsorGrant.id);
  const hiddenActivity = await createActivity(t, openInitiative.id, { hidden: true });
  await addActivityOwner(t, hiddenActivity.id, cast.activityOwner.user.id);
  const open = { initiativeId: openInitiative.id };
  const publicPayment = await createPayment(t, { ...open, amountCents: -100 });
  const hiddenPayment = await createPayment(t, { ...open, amountCents: -200, hidden: true });
  const inHiddenActivity = await createPayment(t, {
    activityId: hiddenActivity.id,
    amountCents: -300,
  });

  const hiddenUsersRegulation = await createRegulation(t, funder.id);
  await addOfficer(t, hiddenUsersRegulation.id, hiddenUser.user.id, 'policy officer');
  const hiddenUsersGrant = await createGrant(t, hiddenUsersRegulation.id);
  await addOverseer(t, hiddenUsersGrant.id, hiddenUser.user.id);
  const hiddenUsersInitiative = await createInitiative(t, hiddenUsersGrant.id);
  await addInitiativeOwner(t, hiddenUsersInitiative.id, hiddenUser.user.id);
  const hiddenUsersActivity = await createActivity(t, hiddenUsersInitiative.id);
  await addActivityOwner(t, hiddenUsersActivity.id, hiddenUser.user.id);

  /**
   * A GET as `caller`: the JSON body, or null when the read is refused the way a missing entity
   * is (404; 401 for anonymous callers of a login-only read). Anything else fails the test.
   */
  async function read<T>(url: string, caller: Caller): Promise<T | null> {
    const res = await callAs(t, 'GET', url, caller);
    if (res.statusCode === 404 || (res.statusCode === 401 && caller === null)) return null;
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  }

  return {
    read,
    callers,
    cast,
    hiddenUser: hiddenUser.user,
    sponsorPath: `/funder/${funder.id}/regulation/${regulation.id}`,
    hiddenUsersRegulationPath: `/funder/${funder.id}/regulation/${hiddenUsersRegulation.id}`,
    grant,
    sponsorGrant,
    hiddenUsersGrant,
    hiddenInitiative,
    activityInHidden,
    discreetInitiative,
    openInitiative,
    hiddenActivity,
    hiddenUsersInitiative,
    hiddenUsersActivity,
    payments: { inHidden, public: publicPayment, hidden: hiddenPayment, inHiddenActivity },
    files: {
      inHidden: await createAttachment(t, inHidden.id),
      public: await createAttachment(t, publicPayment.id),
      hiddenPayment: await createAttachment(t, hiddenPayment.id),
      inHiddenActivity: await createAttachment(t, inHiddenActivity.id, 'pdf'),
    },
  };
}
export type Scene = Awaited<ReturnType<typeof createScene>>;

/** One read of the matrix: whether it reveals its secret to `caller`, and who may see it. */
export interface Read {
  read: string;
  seenBy: readonly CallerName[];
  reveals: (scene: Scene, caller: Caller) => Promise<boolean>;
}

/** Whether a list of `{id}` rows (absent when the read was refused) holds `id`. */
export const holds = (rows: ReadonlyArray<{ id: number }> | null | undefined, id: number) =>
  rows?.some((row) => row.id === id) ?? false;

/**
 * Runs every read as every caller against one scene on one app; `env` sets the app up (with
 * PUBLIC_CACHE_SECONDS, what one caller's read keeps must not reach the next).
 */
export function visibilityMatrix(reads: Read[], env?: Record<string, string>) {
  let t: TestApp;
  let scene: Scene;
  beforeAll(async () => {
    t = await createTestApp({ env });
    scene = await createScene(t);
  });
  afterAll(() => t?.close());

  for (const { read, seenBy, reveals } of reads) {
    describe(read, () => {
      for (const caller of CALLERS) {
        const expected = seenBy.includes(caller) ? 'shown' : 'not shown';
        it(`as ${caller}: ${expected}`, async () => {
          const shown = await reveals(scene, scene.callers[caller]);
          expect(shown ? 'shown' : 'not shown').toBe(expected);
        });
      }
    });
  }
}
