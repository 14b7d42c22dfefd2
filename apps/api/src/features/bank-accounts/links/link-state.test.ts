import { describe, expect, it } from 'vitest';
import { linkIdOfState, readLinkState, signLinkState } from './link-state';

const SECRET = 'a-secret-that-is-long-enough-for-the-tests-000';
const now = new Date('2026-11-26T10:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('the state of a bank link', () => {
  const state = signLinkState(SECRET, 7, 42, 'nonce-1', later(30));

  it('reads back the attempt and nonce for the user it was made for', () => {
    expect(readLinkState(SECRET, 7, state, now)).toEqual({
      ok: true,
      linkId: 42,
      nonce: 'nonce-1',
    });
    expect(linkIdOfState(state)).toBe(42);
    expect(state.length).toBeLessThanOrEqual(200);
  });

  it('is refused for another user, another secret, or when any part is changed', () => {
    expect(readLinkState(SECRET, 8, state, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(readLinkState(`${SECRET}x`, 7, state, now)).toEqual({ ok: false, reason: 'invalid' });
    const [id, nonce, exp, mac] = state.split('.') as [string, string, string, string];
    for (const forged of [
      `43.${nonce}.${exp}.${mac}`,
      `${id}.other.${exp}.${mac}`,
      `${id}.${nonce}.${Number(exp) + 3600}.${mac}`,
      `${id}.${nonce}.${exp}.${mac.slice(1)}`,
      `${id}.${nonce}.${exp}`,
      '',
      null,
    ]) {
      expect(readLinkState(SECRET, 7, forged, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('expires, but only once its MAC holds', () => {
    expect(readLinkState(SECRET, 7, state, later(30))).toEqual({ ok: false, reason: 'expired' });
    expect(readLinkState(SECRET, 7, state, later(29))).toMatchObject({ ok: true });
    expect(readLinkState(SECRET, 8, state, later(31))).toEqual({ ok: false, reason: 'invalid' });
  });
});
