import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@helder/shared/http';
import type { Initiative } from '@helder/shared/initiatives';
import { auditLog, initiatives } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createInitiative } from '../../test/initiative-factories';
import { addOfficer, createGrant } from '../../test/funder-factories';
import { uniq } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

const newInitiative = () => ({
  name: `Buurtfeest ${uniq()}`,
  description: 'Een feest voor\r\nde hele buurt.',
  purpose: 'Ontmoeting',
  target_audience: 'Bewoners',
  owner: 'Stichting Buurtfeest',
  owner_email: 'Info@Buurtfeest.test',
  address_applicant: 'Kerkstraat 3',
  kvk_registration: '87654321',
  location: 'Noord',
  budget: '2500.50',
});

describe('POST …/grant/:grantId/initiative', () => {
  it('lets a grant officer create one (defaults, normalised input) and audits it', async () => {
    const w = await scene.world();
    const input = newInitiative();
    const res = await call('POST', `${w.base}/initiative`, scene.cast.grantOfficer, {
      ...input,
      income: 5,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Initiative>();
    expect(body).toMatchObject({
      name: input.name,
      description: 'Een feest voor\nde hele buurt.',
      owner_email: 'info@buurtfeest.test',
      legal_entity: 'stichting',
      hidden: false,
      hidden_sponsors: false,
      sponsors_hidden: false,
      budget: 2500.5,
      income: 0,
      expenses: 0,
      profile_picture: null,
      initiative_owners: [],
      activities: [],
      grant: {
        id: w.grant.id,
        name: w.grant.name,
        reference: w.grant.reference,
        budget: 10_000,
        regulation: { id: w.regulation.id, name: w.regulation.name },
        funder: { id: w.funder.id, name: w.funder.name },
      },
    });
    const [row] = await scene.t.database.db
      .select()
      .from(initiatives)
      .where(eq(initiatives.id, body.id));
    expect(row).toMatchObject({ budgetCents: 250_050, grantId: w.grant.id });
    const [log] = await scene.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Initiative'), eq(auditLog.entityId, body.id)));
    expect(log).toMatchObject({ action: 'create', actorId: scene.cast.grantOfficer.user.id });
  });

  it('lets admins create; 401 anonymous; 403 for policy officers, overseers, owners, users and other officers', async () => {
    const w = await scene.world();
    const stranger = await createUser(scene.t, { password: null });
    const elsewhere = await scene.world();
    await addOfficer(scene.t, elsewhere.regulation.id, stranger.user.id, 'grant officer');
    const url = `${w.base}/initiative`;
    expect((await call('POST', url, scene.cast.admin, newInitiative())).statusCode).toBe(200);
    expect((await call('POST', url, null, newInitiative())).statusCode).toBe(401);
    for (const caller of [
      scene.cast.policyOfficer,
      scene.cast.overseer,
      scene.cast.owner,
      scene.cast.user,
      stranger,
    ]) {
      expect((await call('POST', url, caller, newInitiative())).statusCode).toBe(403);
    }
  });

  it('answers 404 for an unknown grant or one under another regulation', async () => {
    const w = await scene.world();
    const other = await createGrant(scene.t, (await scene.world()).regulation.id);
    const base = `/funder/${w.funder.id}/regulation/${w.regulation.id}`;
    expect(
      (
        await call(
          'POST',
          `${base}/grant/${other.id}/initiative`,
          scene.cast.admin,
          newInitiative(),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `${base}/grant/999999/initiative`, scene.cast.admin, newInitiative()))
        .statusCode,
    ).toBe(404);
  });

  it('answers 409 NAME_TAKEN for a name in use anywhere, in any case', async () => {
    const w = await scene.world();
    const elsewhere = await scene.world();
    const res = await call('POST', `${w.base}/initiative`, scene.cast.admin, {
      ...newInitiative(),
      name: elsewhere.initiative.name.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NAME_TAKEN' });
  });

  it('maps concurrent creates with one name to one 200 and 409s, never a 500', async () => {
    const w = await scene.world();
    const name = `Race ${uniq()}`;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', `${w.base}/initiative`, scene.cast.admin, { ...newInitiative(), name }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    ['name', 'x'.repeat(65)],
    ['name', ' '],
    ['description', 'x'.repeat(513)],
    ['purpose', 'x'.repeat(65)],
    ['target_audience', ''],
    ['owner_email', 'not-an-email'],
    ['legal_entity', 'nv'],
    ['budget', 0],
    ['budget', 1_000_000],
    ['budget', 12.345],
  ])('answers 422 for %s = %j', async (field, value) => {
    const w = await scene.world();
    const res = await call('POST', `${w.base}/initiative`, scene.cast.admin, {
      ...newInitiative(),
      [field]: value,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors?.map((e) => e.field)).toContain(field);
  });

  it('accepts the limits: 64-character name, 512-character description, legal entity', async () => {
    const w = await scene.world();
    const res = await call('POST', `${w.base}/initiative`, scene.cast.admin, {
      ...newInitiative(),
      name: `${uniq()}${'n'.repeat(56)}`,
      description: 'd'.repeat(512),
      legal_entity: 'vereniging',
      budget: 999_999,
      hidden: 'true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ legal_entity: 'vereniging', hidden: true });
  });
});

describe('GET /api/initiative/:id', () => {
  it('shows the public fields to anyone; insider fields to insiders only', async () => {
    const w = await scene.world();
    const anonymous = (
      await call('GET', `/initiative/${w.initiative.id}`, null)
    ).json<Initiative>();
    expect(anonymous).toMatchObject({ id: w.initiative.id, owner: 'Stichting De Buurt' });
    for (const key of ['owner_email', 'address_applicant', 'hidden_sponsors']) {
      expect(anonymous).not.toHaveProperty(key);
    }
    expect(anonymous.initiative_owners).toEqual([
      {
        id: scene.cast.owner.user.id,
        first_name: scene.cast.owner.user.firstName,
        last_name: scene.cast.owner.user.lastName,
        profile_picture: null,
      },
    ]);
    expect(anonymous.activities.map((a) => a.id)).toEqual([w.activity.id]);
    const user = (
      await call('GET', `/initiative/${w.initiative.id}`, scene.cast.user)
    ).json<Initiative>();
    expect(user).not.toHaveProperty('owner_email');
    expect(user.initiative_owners[0]?.email).toBe(scene.cast.owner.user.email);
    for (const insider of [
      scene.cast.owner,
      scene.cast.activityOwner,
      scene.cast.policyOfficer,
      scene.cast.financial,
    ]) {
      const seen = (
        await call('GET', `/initiative/${w.initiative.id}`, insider)
      ).json<Initiative>();
      expect(seen).toMatchObject({
        owner_email: 'info@debuurt.test',
        address_applicant: 'Dorpsstraat 1, Amsterdam',
        hidden_sponsors: false,
      });
    }
    expect((await call('GET', '/initiative/999999', null)).statusCode).toBe(404);
  });

  it('hides the sponsors from outsiders when hidden_sponsors is set', async () => {
    const w = await scene.world({ initiative: { hiddenSponsors: true } });
    const url = `/initiative/${w.initiative.id}`;
    for (const outsider of [null, scene.cast.user]) {
      const body = (await call('GET', url, outsider)).json<Initiative>();
      expect(body).not.toHaveProperty('grant');
      expect(body.sponsors_hidden).toBe(true);
    }
    for (const insider of [scene.cast.overseer, scene.cast.owner, scene.cast.admin]) {
      const body = (await call('GET', url, insider)).json<Initiative>();
      expect(body.grant?.id).toBe(w.grant.id);
      expect(body.sponsors_hidden).toBe(false);
    }
  });

  it('answers 404 for a hidden initiative to outsiders; insiders of every kind read it', async () => {
    const w = await scene.world({ initiative: { hidden: true } });
    const url = `/initiative/${w.initiative.id}`;
    expect((await call('GET', url, null)).statusCode).toBe(404);
    expect((await call('GET', url, scene.cast.user)).statusCode).toBe(404);
    const insiders = [
      scene.cast.admin,
      scene.cast.financial,
      scene.cast.grantOfficer,
      scene.cast.policyOfficer,
      scene.cast.overseer,
      scene.cast.owner,
      scene.cast.activityOwner,
    ];
    for (const insider of insiders) {
      const res = await call('GET', url, insider);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ hidden: true });
    }
  });
});

describe('PATCH /api/initiative/:id', () => {
  it('lets managers edit every field; audits the change', async () => {
    const w = await scene.world();
    const url = `/initiative/${w.initiative.id}`;
    const res = await call('PATCH', url, scene.cast.grantOfficer, {
      name: `Nieuw ${uniq()}`,
      budget: '750.25',
      hidden_sponsors: true,
      location: '',
      income: 3,
      grant: { id: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ budget: 750.25, hidden_sponsors: true, location: null });
    const logs = await scene.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Initiative'), eq(auditLog.entityId, w.initiative.id)));
    expect(logs.at(-1)?.changes).toMatchObject({
      budget: { from: 5000, to: 750.25 },
      location: { from: 'Amsterdam-Noord', to: null },
    });
  });

  it('lets an owner change the story but not the name (403); echoing the name is fine', async () => {
    const w = await scene.world();
    const url = `/initiative/${w.initiative.id}`;
    const echo = await call('PATCH', url, scene.cast.owner, {
      name: w.initiative.name,
      budget: 5000,
      description: 'Nieuw verhaal',
      purpose: 'Nieuw doel',
    });
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toMatchObject({ description: 'Nieuw verhaal', purpose: 'Nieuw doel' });
    const renamed = await call('PATCH', url, scene.cast.owner, { name: `Anders ${uniq()}` });
    expect(renamed.statusCode).toBe(403);
    expect((await call('PATCH', url, scene.cast.owner, { hidden: true })).statusCode).toBe(403);
  });

  it('answers 401, 403 (activity owner, overseer, policy officer), 404, 409 and 422', async () => {
    const w = await scene.world();
    const hidden = await scene.world({ initiative: { hidden: true } });
    const other = await createInitiative(scene.t, w.grant.id);
    const url = `/initiative/${w.initiative.id}`;
    expect((await call('PATCH', url, null, { description: 'x' })).statusCode).toBe(401);
    for (const caller of [
      scene.cast.activityOwner,
      scene.cast.overseer,
      scene.cast.policyOfficer,
      scene.cast.user,
    ]) {
      expect((await call('PATCH', url, caller, { description: 'x' })).statusCode).toBe(403);
    }
    const hiddenUrl = `/initiative/${hidden.initiative.id}`;
    expect((await call('PATCH', hiddenUrl, scene.cast.user, { description: 'x' })).statusCode).toBe(
      404,
    );
    const taken = await call('PATCH', url, scene.cast.admin, { name: other.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN' });
    expect((await call('PATCH', url, scene.cast.admin, { name: '' })).statusCode).toBe(422);
    expect((await call('PATCH', url, scene.cast.admin, { budget: -1 })).statusCode).toBe(422);
    // A case-only rename of itself is not a conflict.
    const recased = await call('PATCH', url, scene.cast.admin, {
      name: w.initiative.name.toUpperCase(),
    });
    expect(recased.statusCode).toBe(200);
  });
});
