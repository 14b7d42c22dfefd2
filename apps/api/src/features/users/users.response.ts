import { isAdmin, type Actor } from '@helder/shared/permissions';
import type { User } from '@helder/shared/users';
import type { Ctx } from '../../http/context';
import { signedPicture } from '../../lib/pictures';
import type { PersonRow, UserRow } from './users.queries';

type SigningCtx = Pick<Ctx, 'actor' | 'config' | 'clock' | 'fileBase'>;

/**
 * The one mapper from a user row to the response (docs/api-rules.md §6). Keys the caller may not
 * read are absent: `email` needs a login; account flags and bank accounts are for the user
 * themself and admins.
 */
export function toUserResponse(ctx: SigningCtx, row: UserRow): User {
  const { actor } = ctx;
  const self = actor !== null && actor.id === row.id;
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    biography: row.biography,
    role: row.role,
    profile_picture: row.pictureKey ? signedPicture(ctx, row.pictureKey) : null,
    initiatives: row.initiatives,
    activities: row.activities,
    ...(actor !== null ? { email: row.email } : {}),
    ...(self || isAdmin(actor)
      ? {
          is_active: row.isActive,
          is_superuser: row.isSuperuser,
          is_verified: row.isVerified,
          hidden: row.hidden,
          owned_bank_accounts: row.ownedBankAccounts ?? [],
          used_bank_accounts: row.usedBankAccounts ?? [],
          receipt_reminders: row.receiptReminders,
          language: row.language,
        }
      : {}),
  };
}

/**
 * The response shape of a linked user: the e-mail only for logged-in callers
 * (docs/api-rules.md §6).
 */
export function toPerson(actor: Actor | null, row: PersonRow) {
  return {
    id: row.id,
    ...(actor !== null ? { email: row.email } : {}),
    first_name: row.first_name,
    last_name: row.last_name,
  };
}
