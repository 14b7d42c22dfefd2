import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { type Caller } from '../../test/http';

let t: TestApp;
let admin: CreatedUser;
let superuser: CreatedUser;
let financial: CreatedUser;
let user: CreatedUser;
let other: CreatedUser;
let hidden: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator' });
  superuser = await createUser(t, { role: 'administrator', isSuperuser: true });
  financial = await createUser(t, { role: 'financial' });
  user = await createUser(t);
  other = await createUser(t);
  hidden = await createUser(t, { hidden: true });
});
afterAll(async () => {
  await t?.close();
});

async function access(kind: 'actions' | 'edit-fields', caller: Caller, query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auth/entity-access/${kind}?${query}`,
    headers: caller ? caller.headers : {},
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

const actionsOn = async (caller: Caller, target: CreatedUser) => {
  const res = await access('actions', caller, `entity_class=User&entity_id=${target.user.id}`);
  expect(res.status).toBe(200);
  return res.body.actions;
};
const fieldsOn = async (caller: Caller, target: CreatedUser) => {
  const res = await access('edit-fields', caller, `entity_class=User&entity_id=${target.user.id}`);
  expect(res.status).toBe(200);
  return res.body.fields;
};

describe('GET /api/auth/entity-access/actions', () => {
  it('gives class-level create on User only to admins', async () => {
    const cases: Array<[Caller, string[]]> = [
      [null, []],
      [user, []],
      [financial, []],
      [admin, ['create']],
      [superuser, ['create']],
    ];
    for (const [caller, expected] of cases) {
      expect(await access('actions', caller, 'entity_class=User')).toEqual({
        status: 200,
        body: { actions: expected },
      });
    }
    // An empty entity_id means "no id".
    expect((await access('actions', admin, 'entity_class=User&entity_id=')).body).toEqual({
      actions: ['create'],
    });
  });

  it('lets a user read others and read and edit themself', async () => {
    expect(await actionsOn(user, user)).toEqual(['read', 'edit']);
    expect(await actionsOn(user, other)).toEqual(['read']);
    expect(await actionsOn(null, other)).toEqual(['read']);
    expect(await actionsOn(financial, other)).toEqual(['read']);
  });

  it('lets admins edit and delete others, but not delete themselves', async () => {
    expect(await actionsOn(admin, other)).toEqual(['read', 'edit', 'delete']);
    expect(await actionsOn(admin, admin)).toEqual(['read', 'edit']);
    expect(await actionsOn(superuser, admin)).toEqual(['read', 'edit', 'delete']);
  });

  it('keeps superusers out of reach of ordinary admins', async () => {
    expect(await actionsOn(admin, superuser)).toEqual(['read']);
    const second = await createUser(t, { role: 'administrator', isSuperuser: true });
    expect(await actionsOn(superuser, second)).toEqual(['read', 'edit', 'delete']);
  });

  it('answers 404 for a hidden user to outsiders, and to nobody else', async () => {
    const query = `entity_class=User&entity_id=${hidden.user.id}`;
    for (const caller of [null, user, financial]) {
      for (const kind of ['actions', 'edit-fields'] as const) {
        const res = await access(kind, caller, query);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    expect(await actionsOn(hidden, hidden)).toEqual(['read', 'edit']);
    expect(await actionsOn(admin, hidden)).toEqual(['read', 'edit', 'delete']);
  });

  it('answers 404 for a missing entity or a class without a loader', async () => {
    expect((await access('actions', admin, 'entity_class=User&entity_id=999999')).status).toBe(404);
    expect((await access('actions', admin, 'entity_class=Payment&entity_id=999999')).status).toBe(
      404,
    );
  });

  it('answers 422 for an unknown class or a bad id', async () => {
    for (const query of ['entity_class=Nope', 'entity_class=User&entity_id=abc', '']) {
      const res = await access('actions', admin, query);
      expect(res.status, query).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/auth/entity-access/edit-fields', () => {
  const SELF = [
    'first_name',
    'last_name',
    'biography',
    'email',
    'password',
    'receipt_reminders',
    'language',
  ];
  const PROFILE = ['first_name', 'last_name', 'biography', 'email'];
  const ADMIN = ['role', 'is_active', 'hidden'];

  it('lets users edit their own profile and password, nothing of others', async () => {
    expect(await fieldsOn(user, user)).toEqual(SELF);
    expect(await fieldsOn(user, other)).toEqual([]);
    expect(await fieldsOn(null, other)).toEqual([]);
    expect(await fieldsOn(financial, other)).toEqual([]);
  });

  it('adds role, is_active and hidden for admins, never another user’s password or mail choices', async () => {
    expect(await fieldsOn(admin, other)).toEqual([...PROFILE, ...ADMIN]);
    expect(await fieldsOn(admin, admin)).toEqual([...SELF, ...ADMIN]);
  });

  it('adds is_superuser only for superusers', async () => {
    expect(await fieldsOn(superuser, other)).toEqual([...PROFILE, ...ADMIN, 'is_superuser']);
    expect(await fieldsOn(superuser, superuser)).toEqual([...SELF, ...ADMIN, 'is_superuser']);
    expect(await fieldsOn(admin, superuser)).toEqual([]);
  });

  it('returns no fields at class level', async () => {
    expect((await access('edit-fields', admin, 'entity_class=User')).body).toEqual({ fields: [] });
  });
});
