/** How a user is named and labelled in the contacts screens (docs/spec-map.md §2.5). */
import type { User } from '@helder/shared/users';
import { isApiError } from '../../lib/api';

export type RoleLabelKey = 'roles.superuser' | `roles.${User['role']}`;

/** 'Super beheerder' for superusers, otherwise Beheerder / Financieel / Gebruiker. */
export function roleLabelKey(user: Pick<User, 'role' | 'is_superuser'>): RoleLabelKey {
  return user.is_superuser ? 'roles.superuser' : `roles.${user.role}`;
}

/** First and last name; null when neither is known (the caller falls back to the e-mail). */
export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string | null {
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** What to call a user: the name, else the e-mail address, else `#id`. */
export function displayName(user: Pick<User, 'id' | 'first_name' | 'last_name' | 'email'>): string {
  return fullName(user) ?? user.email ?? `#${user.id}`;
}

/** Up to two initials for the picture placeholder. */
export function initials(user: Pick<User, 'id' | 'first_name' | 'last_name' | 'email'>): string {
  const first = user.first_name?.trim().charAt(0) ?? '';
  const last = user.last_name?.trim().charAt(0) ?? '';
  const fromName = `${first}${last}`;
  if (fromName) return fromName.toUpperCase();
  return (user.email?.charAt(0) ?? '?').toUpperCase();
}

/** The message of a failed request for 'Error: {message}': the server's detail when it sent one. */
export function errorMessage(error: Error): string {
  return isApiError(error) ? error.detail : error.message;
}
