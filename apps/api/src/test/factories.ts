import type { z } from 'zod';
import type { Role } from '@helder/shared/permissions';
import { inviteUserBody } from '@helder/shared/users';
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

/** A create body of `POST /user` (an invitation) with a unique e-mail address. */
export const userInput = (
  overrides: Partial<z.input<typeof inviteUserBody>> = {},
): z.input<typeof inviteUserBody> => ({
  email: `user-${++sequence}-${Math.random().toString(36).slice(2, 8)}@example.test`,
  first_name: `Test${sequence}`,
  last_name: 'Gebruiker',
  ...overrides,
});

/**
 * Inserts a user straight into the database and signs a token for it (at the test clock's
 * time), so tests do not need to log in: `createUser(t, { role: 'administrator' })`.
 */
export async function createUser(t: TestApp, overrides: Partial<UserOverrides> = {}) {
  const input = inviteUserBody.parse(userInput());
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: overrides.email ?? input.email,
      passwordHash: password === null ? null : await hashPassword(password),
      role: overrides.role ?? input.role,
      isSuperuser: overrides.isSuperuser ?? input.is_superuser,
      isActive: overrides.isActive ?? input.is_active,
      isVerified: overrides.isVerified ?? input.is_verified,
      hidden: overrides.hidden ?? input.hidden,
      firstName: overrides.firstName === undefined ? input.first_name : overrides.firstName,
      lastName: overrides.lastName === undefined ? input.last_name : overrides.lastName,
      biography: overrides.biography ?? input.biography,
    })
    .returning();
  const token = await signAccessToken(t.config.secretKey, user!, t.clock.now);
  return { user: user!, password, token, headers: { authorization: `Bearer ${token}` } };
}

export type CreatedUser = Awaited<ReturnType<typeof createUser>>;
