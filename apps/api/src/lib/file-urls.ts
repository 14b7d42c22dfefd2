import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed file URLs expire on the hour after next: valid at least an hour (docs/api-rules.md §11)
 * and the same for every read within one hour, so browsers can cache a picture instead of fetching
 * it again under a new URL in every response.
 */
export const FILE_URL_WINDOW_SECONDS = 60 * 60;

const signature = (secret: string, key: string, exp: number) =>
  createHmac('sha256', secret).update(`file:${key}:${exp}`).digest('base64url');

/** The expiry (seconds since the epoch) of URLs signed at `now`. */
export function fileUrlExpiry(now: Date): number {
  const window = Math.floor(now.getTime() / 1000 / FILE_URL_WINDOW_SECONDS);
  return (window + 2) * FILE_URL_WINDOW_SECONDS;
}

/** An absolute, signed, expiring URL for a stored file. */
export function signFileUrl(publicUrl: string, secret: string, key: string, now: Date): string {
  const exp = fileUrlExpiry(now);
  return `${publicUrl}/api/files/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

export function verifyFileSignature(
  secret: string,
  key: string,
  exp: number,
  sig: string,
  now: Date,
): boolean {
  if (!Number.isInteger(exp) || exp * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, key, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
