import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed file URLs live at least an hour (server-rules §11); two hours leaves slack for a page. */
export const FILE_URL_TTL_SECONDS = 2 * 60 * 60;

const signature = (secret: string, key: string, exp: number) =>
  createHmac('sha256', secret).update(`file:${key}:${exp}`).digest('base64url');

/** An absolute, signed, expiring URL for a stored file. */
export function signFileUrl(publicUrl: string, secret: string, key: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS;
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
