import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { jwtClaims } from '@helder/shared/auth';

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

/**
 * The HS256 key of `secret`, imported once. Given the secret's bytes (or a Node key object, which
 * it exports to bytes), jose imports a new key for every token it checks: in a CPU profile of
 * logged-in reads, a third of the time spent checking tokens.
 */
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let made = keys.get(secret);
  if (!made) {
    made = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, made);
  }
  return made;
}

export async function signAccessToken(
  secret: string,
  user: { id: number; email: string; tokenVersion: number },
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ username: user.email, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(await key(secret));
}

/** What a valid token says: its user, their token version when issued, and when it expires. */
export interface VerifiedToken {
  id: number;
  version: number;
  /** Seconds since the epoch; the token is valid while the current second is before it. */
  expires: number;
}

/** As jose decides expiry: a token is valid while the current whole second is before `exp`. */
export const unexpired = (token: VerifiedToken, now: Date) =>
  Math.floor(now.getTime() / 1000) < token.expires;

/**
 * The user id and token version of a valid, unexpired token; null for anything else. The caller
 * compares the version with the user's current one (a password change bumps it).
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = jwtClaims.safeParse(payload);
    if (!claims.success) return null;
    const id = Number(claims.data.sub);
    return Number.isInteger(id) && id > 0
      ? { id, version: claims.data.ver ?? 0, expires: claims.data.exp }
      : null;
  } catch {
    return null;
  }
}

/** The audience of an unsubscribe link's token: it is no access token, nor the other way round. */
const UNSUBSCRIBE_AUDIENCE = 'receipt-reminders-unsubscribe';
/** Long enough to outlive a few unread weekly mails; each new mail brings a fresh link. */
const UNSUBSCRIBE_TTL_SECONDS = 60 * 24 * 60 * 60;

/** The token of a reminder mail's unsubscribe link: the user, signed, expiring. */
export async function signUnsubscribeToken(
  secret: string,
  userId: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + UNSUBSCRIBE_TTL_SECONDS)
    .sign(await key(secret));
}

/** The user id of a valid, unexpired unsubscribe token; null for anything else. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: ['HS256'],
      audience: UNSUBSCRIBE_AUDIENCE,
      currentDate: now,
    });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
