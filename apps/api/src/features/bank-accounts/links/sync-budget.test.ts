import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/cast-app';
import { createUser } from '../../../test/factories';
import { createBankAccount } from '../../../test/payment-factories';
import {
  CALLS_PER_DAY,
  callsToday,
  nextAllowedCall,
  nextUnattendedSync,
  reserveCall,
  UNATTENDED_GAP_MS,
} from './sync-budget';

const scene = useCastApp();
const HOUR = 3_600_000;

async function account() {
  const owner = await createUser(scene.t, { password: null });
  return (await createBankAccount(scene.t, owner.user.id)).id;
}

describe('the daily call budget of an account', () => {
  it('allows four calls in any 24 hours, and says when the fifth may go', async () => {
    const id = await account();
    const db = scene.t.database.db;
    const start = new Date('2026-11-01T08:00:00Z');
    const at = (h: number) => new Date(start.getTime() + h * HOUR);
    for (const h of [0, 1, 2, 3]) expect((await reserveCall(db, id, at(h), false)).ok).toBe(true);
    const refused = await reserveCall(db, id, at(5), false);
    expect(refused).toEqual({ ok: false, nextAllowedAt: new Date(at(24).getTime() + 1000) });
    expect(await nextAllowedCall(db, id, at(5))).toEqual(refused.nextAllowedAt);
    expect(await callsToday(db, id, at(5))).toBe(CALLS_PER_DAY);
    // The window rolls: once the first call is a day old, one more is possible, not two.
    expect((await reserveCall(db, id, at(24.1), false)).ok).toBe(true);
    expect((await reserveCall(db, id, at(24.2), false)).ok).toBe(false);
  });

  it('never gives a fifth call in a day to concurrent claims', async () => {
    const id = await account();
    const now = new Date('2026-11-02T08:00:00Z');
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => reserveCall(scene.t.database.db, id, now, false)),
    );
    expect(claims.filter((c) => c.ok)).toHaveLength(CALLS_PER_DAY);
  });

  it('keeps a simulated week of scheduled and asked-for syncs within the budget', async () => {
    const id = await account();
    const db = scene.t.database.db;
    const start = new Date('2026-11-03T00:00:00Z');
    const made: Date[] = [];
    let next = start;
    // The schedule's own syncs, and a user pressing 'Nu synchroniseren' every 5 hours.
    for (let h = 0; h < 7 * 24; h += 0.5) {
      const now = new Date(start.getTime() + h * HOUR);
      const attended = h % 5 === 0;
      if (now < next && !attended) continue;
      const claim = await reserveCall(db, id, now, attended);
      if (claim.ok) {
        made.push(now);
        next = nextUnattendedSync(now, claim.nextAllowedAt);
      }
    }
    expect(made.length).toBeGreaterThan(7 * 3);
    for (const [i, at] of made.entries()) {
      const window = made.filter((m) => m > new Date(at.getTime() - 24 * HOUR) && m <= at);
      expect(window.length, `calls in the day before call ${i}`).toBeLessThanOrEqual(CALLS_PER_DAY);
    }
  });

  it('spreads unattended syncs over the day', () => {
    const now = new Date('2026-11-04T00:00:00Z');
    expect(nextUnattendedSync(now, now).getTime() - now.getTime()).toBe(UNATTENDED_GAP_MS);
    const later = new Date(now.getTime() + 10 * HOUR);
    expect(nextUnattendedSync(now, later)).toEqual(later);
  });
});
