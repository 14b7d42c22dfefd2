import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';

/** Enable Banking takes up to 24 h; an hour is what its own samples use. */
const TOKEN_LIFETIME_SECONDS = 60 * 60;
/** A token is renewed this long before it ends, so no request leaves with one about to expire. */
const RENEW_BEFORE_SECONDS = 5 * 60;

/**
 * The application's RSA private key from PEM text or from the path of a PEM file, read once.
 * Errors name what is wrong, never the key itself.
 */
export function loadPrivateKey(privateKey: string): KeyObject {
  const pem = privateKey.includes('-----BEGIN') ? privateKey : readKeyFile(privateKey);
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('The Enable Banking private key is not a readable PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(
      `The Enable Banking private key must be an RSA key, not ${key.asymmetricKeyType ?? 'unknown'}`,
    );
  }
  // jose, like Enable Banking, refuses to sign RS256 with less; better to hear it at start.
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) {
    throw new Error(`The Enable Banking private key has ${bits} bits; RS256 needs at least 2048`);
  }
  return key;
}

function readKeyFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new Error(`The Enable Banking private key file could not be read (${code})`);
  }
}

/**
 * The application JWT that every call carries (Enable Banking has no token endpoint: the client
 * signs its own). One token serves all calls until shortly before it ends.
 */
export function createTokenSource(
  appId: string,
  key: KeyObject,
  now: () => Date,
): () => Promise<string> {
  let current: { token: Promise<string>; expiresAt: number } | null = null;
  return () => {
    const seconds = Math.floor(now().getTime() / 1000);
    if (!current || seconds >= current.expiresAt - RENEW_BEFORE_SECONDS) {
      const expiresAt = seconds + TOKEN_LIFETIME_SECONDS;
      const token = new SignJWT({})
        .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: appId })
        .setIssuer('enablebanking.com')
        .setAudience('api.enablebanking.com')
        .setIssuedAt(seconds)
        .setExpirationTime(expiresAt)
        .sign(key);
      // A failed signing must not be handed out again.
      token.catch(() => {
        if (current?.token === token) current = null;
      });
      current = { token, expiresAt };
    }
    return current.token;
  };
}
