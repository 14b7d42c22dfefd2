import { jwtVerify, SignJWT } from 'jose';
import { jwtClaims } from '@helder/shared/auth';

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

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
    .sign(key(secret));
}

/**
 * The user id and token version of a valid, unexpired token; null for anything else. The caller
 * compares the version with the user's current one (a password change bumps it).
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<{ id: number; version: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = jwtClaims.safeParse(payload);
    if (!claims.success) return null;
    const id = Number(claims.data.sub);
    return Number.isInteger(id) && id > 0 ? { id, version: claims.data.ver ?? 0 } : null;
  } catch {
    return null;
  }
}
