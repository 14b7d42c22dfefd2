import type { Role } from '@helder/shared/permissions';
import { users } from '../db/schema';
import { signAccessToken } from '../lib/jwt';
import { hashPassword } from '../lib/passwords';
import type { TestApp } from './app';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

export interface UserOverrides {
  email: string;
  /** Plain password, hashed with argon2id; `null` leaves the account without one (invited). */
  password: string | null;
  role: Role;
  isSuperuser: boolean;
  isActive: boolean;
  isVerified: boolean;
  hidden: boolean;
  firstName: string | null;
  lastName: string | null;
  biography: string | null;
}

let sequence = 0;

/**
 * Inserts a user straight into the database and signs a token for it (at the test clock's
 * time), so tests do not need to log in: `createUser(t, { role: 'administrator' })`.
 */
export async function createUser(t: TestApp, overrides: Partial<UserOverrides> = {}) {
  sequence += 1;
  const n = `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: overrides.email ?? `user-${n}@example.test`,
      passwordHash: password === null ? null : await hashPassword(password),
      role: overrides.role ?? 'user',
      isSuperuser: overrides.isSuperuser ?? false,
      isActive: overrides.isActive ?? true,
      isVerified: overrides.isVerified ?? true,
      hidden: overrides.hidden ?? false,
      firstName: overrides.firstName === undefined ? `Test${sequence}` : overrides.firstName,
      lastName: overrides.lastName === undefined ? 'Gebruiker' : overrides.lastName,
      biography: overrides.biography ?? null,
    })
    .returning();
  const token = await signAccessToken(t.config.secretKey, user!, t.clock.now);
  return { user: user!, password, token, headers: { authorization: `Bearer ${token}` } };
}

export type CreatedUser = Awaited<ReturnType<typeof createUser>>;
