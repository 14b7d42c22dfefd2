import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  allowedActions,
  classActions,
  ENTITY_CLASSES,
  type Actor,
  type EntityClass,
  type Relation,
} from '@helder/shared/permissions';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { createCast, createWorld } from '../test/initiative-factories';
import type { SubjectOf } from './auth';
import { subjectLoaders } from './subjects';

/**
 * Every entity class of the permission policy has a rule for each of its actions and a subject
 * loader, so entity-access never answers a silent 404 or an empty list for a whole class.
 */

const superuser: Actor = { id: 1, role: 'administrator', isSuperuser: true };
const RELATIONS: Relation[] = [
  'grant_officer',
  'policy_officer',
  'overseer',
  'initiative_owner',
  'activity_owner',
  'any_activity_owner',
  'account_owner',
  'account_user',
];
/**
 * One subject of each class on which a superuser holding every relation may do everything, but
 * review: no one reviews spending they own (docs/api-rules.md §20), so that takes a second payment.
 */
const ANYTHING_GOES: { [C in EntityClass]: SubjectOf<C> } = {
  User: { type: 'User', id: 2, hidden: false, isSuperuser: false },
  Funder: { type: 'Funder' },
  Regulation: { type: 'Regulation', relations: RELATIONS },
  Grant: { type: 'Grant', relations: RELATIONS },
  Initiative: { type: 'Initiative', hidden: false, relations: RELATIONS },
  Activity: { type: 'Activity', hidden: false, relations: RELATIONS },
  Payment: {
    type: 'Payment',
    hidden: false,
    manual: true,
    hasInitiative: true,
    hasActivity: false,
    relations: RELATIONS,
  },
  BankAccount: { type: 'BankAccount', relations: RELATIONS },
};
const OWNERS: Relation[] = ['initiative_owner', 'activity_owner'];
const REVIEWED: SubjectOf<'Payment'> = {
  ...ANYTHING_GOES.Payment,
  reviewable: true,
  relations: RELATIONS.filter((relation) => !OWNERS.includes(relation)),
};

describe.each(ENTITY_CLASSES)('the entity class %s', (entityClass) => {
  it('has a rule for every action in the permission policy', () => {
    const granted = new Set([
      ...classActions(superuser, entityClass),
      ...allowedActions(superuser, ANYTHING_GOES[entityClass]),
      ...(entityClass === 'Payment' ? allowedActions(superuser, REVIEWED) : []),
    ]);
    expect([...granted].sort()).toEqual([...ACTIONS[entityClass]].sort());
  });

  it('has a subject loader', () => {
    expect(subjectLoaders[entityClass]).toBeTypeOf('function');
  });
});

describe('the subject loaders', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'administrator', password: null });
  });
  afterAll(() => t?.close());

  const status = async (entityClass: EntityClass, id: number) =>
    (
      await t.app.inject({
        url: `/api/auth/entity-access/actions?entity_class=${entityClass}&entity_id=${id}`,
        headers: admin.headers,
      })
    ).statusCode;

  it('are the classes of the permission policy, no more', () => {
    expect(Object.keys(subjectLoaders).sort()).toEqual([...ENTITY_CLASSES].sort());
  });

  it('find the entities that exist', async () => {
    const w = await createWorld(t, await createCast(t));
    const ids: Partial<Record<EntityClass, number>> = {
      User: admin.user.id,
      Funder: w.funder.id,
      Regulation: w.regulation.id,
      Grant: w.grant.id,
      Initiative: w.initiative.id,
      Activity: w.activity.id,
    };
    for (const [entityClass, id] of Object.entries(ids) as Array<[EntityClass, number]>) {
      expect(await status(entityClass, id), entityClass).toBe(200);
    }
  });

  it.each(ENTITY_CLASSES)('answer 404 for a %s that does not exist', async (entityClass) => {
    expect(await status(entityClass, 2_000_000_000)).toBe(404);
  });
});
