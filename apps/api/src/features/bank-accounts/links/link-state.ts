import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the user has at the bank before the state that brings them back expires. */
export const LINK_STATE_SECONDS = 30 * 60;

/**
 * The `state` (GoCardless: `reference`) that comes back on the provider's redirect: the link
 * attempt's row, a random nonce that the row holds (so it is used once), an expiry, and a MAC
 * over those and the user, so it cannot be forged, moved to another user or stretched. Short,
 * because GoCardless takes at most 256 characters.
 */
export function signLinkState(
  secret: string,
  userId: number,
  linkId: number,
  nonce: string,
  expiresAt: Date,
): string {
  const body = `${linkId}.${nonce}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(secret, userId, body)}`;
}

export const newNonce = () => randomBytes(16).toString('base64url');

export type ReadState =
  { ok: true; linkId: number; nonce: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the MAC before anything else: an expiry is only believed once the MAC holds. */
export function readLinkState(
  secret: string,
  userId: number,
  state: string | null,
  now: Date,
): ReadState {
  const parts = state?.split('.') ?? [];
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [linkId, nonce, expires, given] = parts as [string, string, string, string];
  if (!/^\d{1,10}$/.test(linkId) || !/^\d{1,12}$/.test(expires)) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = Buffer.from(mac(secret, userId, `${linkId}.${nonce}.${expires}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, linkId: Number(linkId), nonce };
}

const mac = (secret: string, userId: number, body: string) =>
  createHmac('sha256', secret).update(`bank-link-state:${userId}:${body}`).digest('base64url');

/** The attempt a state names, unverified: only to find whose MAC to check. */
export function linkIdOfState(state: string | null): number | null {
  const match = /^(\d{1,9})\./.exec(state ?? '');
  return match ? Number(match[1]) : null;
}
