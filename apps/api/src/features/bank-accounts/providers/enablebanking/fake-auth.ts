import { createPublicKey, type KeyObject } from 'node:crypto';
import {
  decodeProtectedHeader,
  errors,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import { FakeApiError } from './fake-errors';

/** An application key pair in PEM, for tests and the demo's sandbox bank. */
export async function generateApplicationKeys(): Promise<{
  privateKey: string;
  publicKey: string;
}> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  return {
    privateKey: await exportPKCS8(pair.privateKey),
    publicKey: await exportSPKI(pair.publicKey),
  };
}

/** The application's public key from PEM (a private key's PEM will do: its public half is taken). */
export function applicationPublicKey(key: string | KeyObject): KeyObject {
  return typeof key === 'string' ? createPublicKey(key) : key;
}

/** Enable Banking answers a bad signature without an `error` code. */
const wrongSignature = () => new FakeApiError(401, 'Wrong signature');
const MAX_LIFETIME_SECONDS = 86_400;

/**
 * Checks the application JWT as Enable Banking does: RS256 only, `kid` = the application id,
 * fixed issuer and audience, not expired and living at most a day. Answers the issue time.
 */
export async function verifyApplicationJwt(
  authorization: string | undefined,
  expected: { appId: string; publicKey: KeyObject; now: Date },
): Promise<{ issuedAt: number }> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) {
    throw new FakeApiError(
      401,
      'Authorization header is not provided',
      'AUTHORIZATION_NOT_PROVIDED',
    );
  }
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw wrongSignature();
  }
  if (header.alg !== 'RS256' || header.kid !== expected.appId) throw wrongSignature();
  try {
    const { payload } = await jwtVerify(token, expected.publicKey, {
      algorithms: ['RS256'],
      issuer: 'enablebanking.com',
      audience: 'api.enablebanking.com',
      currentDate: expected.now,
      requiredClaims: ['iat', 'exp'],
    });
    const issuedAt = payload.iat ?? 0;
    if ((payload.exp ?? 0) - issuedAt > MAX_LIFETIME_SECONDS) {
      throw new FakeApiError(401, 'JWT lifetime must not exceed 86400 seconds');
    }
    return { issuedAt };
  } catch (error) {
    if (error instanceof FakeApiError) throw error;
    if (error instanceof errors.JWTExpired) throw new FakeApiError(401, 'JWT is expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      throw new FakeApiError(401, `Invalid JWT claim ${error.claim}`);
    }
    throw wrongSignature();
  }
}
