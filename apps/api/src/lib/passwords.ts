import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's minimum memory/time costs. */
const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The test suite hashes thousands of passwords; it sets this variable (test/global-setup.ts) to
 * hash them with the same algorithm at a fraction of the cost. A production process ignores it.
 */
export const CHEAP_HASHES_ENV = 'HELDER_CHEAP_PASSWORD_HASHES';
const CHEAP_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

const cost = () =>
  process.env[CHEAP_HASHES_ENV] === '1' && process.env.NODE_ENV !== 'production'
    ? CHEAP_COST
    : PASSWORD_HASH_COST;

export const hashPassword = (password: string) => hash(password, cost());

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
