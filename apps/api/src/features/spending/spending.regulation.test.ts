import { describe, expect, it } from 'vitest';
import type { RegulationSpendingResponse } from '@helder/shared/spending';
import type { Caller } from '../../test/http';
import { createGrant, createRegulation } from '../../test/funder-factories';
import {
  addInitiativeOwner,
  createInitiative,
  createPayment,
} from '../../test/initiative-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

async function spending(url: string, caller: Caller) {
  const res = await scene.call('GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RegulationSpendingResponse>().initiatives;
}

describe('GET /api/funder/:funderId/regulation/:regulationId/spending', () => {
  it('gives the money of the initiatives the caller may see under the regulation, as their pages do', async () => {
    const w = await scene.world();
    const other = await createGrant(scene.t, w.regulation.id);
    const spent = await createInitiative(scene.t, other.id, { budgetCents: 80_000 });
    const hidden = await createInitiative(scene.t, other.id, { hidden: true });
    const shielded = await createInitiative(scene.t, w.grant.id, { hiddenSponsors: true });
    await addInitiativeOwner(scene.t, shielded.id, scene.cast.owner.user.id);
    await createPayment(scene.t, { initiativeId: spent.id, amountCents: -12_345 });
    await createPayment(scene.t, { initiativeId: spent.id, amountCents: 50_000 });
    await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -500 });
    await createPayment(scene.t, { initiativeId: hidden.id, amountCents: -99_900 });
    const url = `/funder/${w.funder.id}/regulation/${w.regulation.id}/spending`;

    const visitor = await spending(url, null);
    expect(visitor.map((i) => i.id)).toEqual([spent.id, w.initiative.id]);
    expect(visitor[0]).toEqual({
      id: spent.id,
      name: spent.name,
      grant: { id: other.id, name: other.name },
      budget: 800,
      income: 500,
      expenses: -123.45,
    });
    for (const row of visitor) {
      const page = await scene.call('GET', `/initiative/${row.id}`, null);
      expect(page.json()).toMatchObject({
        budget: row.budget,
        income: row.income,
        expenses: row.expenses,
      });
    }
    // The owner of the shielded initiative sees it under its sponsor; the hidden one stays out.
    const owner = await spending(url, scene.cast.owner);
    expect(owner.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      [w.initiative.id, spent.id, shielded.id].sort((a, b) => a - b),
    );
    const admin = await spending(url, scene.cast.admin);
    expect(admin.map((i) => i.id)).toEqual([hidden.id, spent.id, w.initiative.id, shielded.id]);
  });

  it('answers an empty list for a regulation without initiatives and 404 under another funder', async () => {
    const w = await scene.world();
    const empty = await createRegulation(scene.t, w.funder.id);
    await createGrant(scene.t, empty.id);
    expect(await spending(`/funder/${w.funder.id}/regulation/${empty.id}/spending`, null)).toEqual(
      [],
    );
    const other = await scene.world();
    const wrong = await scene.call(
      'GET',
      `/funder/${other.funder.id}/regulation/${w.regulation.id}/spending`,
      null,
    );
    expect(wrong.statusCode).toBe(404);
    const none = await scene.call('GET', `/funder/${w.funder.id}/regulation/999999/spending`, null);
    expect(none.statusCode).toBe(404);
  });
});
