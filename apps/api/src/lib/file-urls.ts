import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed file URLs expire on the hour after next: valid at least an hour (docs/api-rules.md §11)
 * and the same for every read within one hour, so browsers can cache a picture instead of fetching
 * it again under a new URL in every response.
 */
const FILE_URL_WINDOW_SECONDS = 60 * 60;

const signature = (secret: string, key: string, exp: number) =>
  createHmac('sha256', secret).update(`file:${key}:${exp}`).digest('base64url');

/** The expiry (seconds since the epoch) of URLs signed at `now`. */
function fileUrlExpiry(now: Date): number {
  const window = Math.floor(now.getTime() / 1000 / FILE_URL_WINDOW_SECONDS);
  return (window + 2) * FILE_URL_WINDOW_SECONDS;
}

/** An absolute, signed, expiring URL for a stored file, on `base` (an origin, no slash after). */
export function signFileUrl(base: string, secret: string, key: string, now: Date): string {
  const exp = fileUrlExpiry(now);
  return `${base}/api/files/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The base of this request's file URLs (docs/api-rules.md §11): PUBLIC_URL when it is set, else
 * the origin the request came to, so that a page opened as 127.0.0.1, localhost or a LAN name
 * loads its pictures from where it is. The Host header is the client's word: it is used only as
 * the host of these URLs, and only when it is a well-formed host[:port]; anything else gets
 * `fallback`. (Kept anonymous answers are keyed by it, http/public-cache.ts.)
 */
export function fileUrlBase(
  fileUrlBaseSetting: string | undefined,
  request: { protocol: string; host: string | undefined },
  fallback: string,
): string {
  if (fileUrlBaseSetting !== undefined) return fileUrlBaseSetting;
  const host = request.host?.toLowerCase();
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return host !== undefined && host.length <= 261 && HOST.test(host)
    ? `${protocol}://${host}`
    : fallback;
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
