import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory/time costs.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/**
 * Compares in constant work: an unknown user is checked against a dummy hash so that timing
 * does not reveal which e-mail addresses exist.
 */
let dummy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) {
    dummy ??= hashPassword('dummy-password-for-timing');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
