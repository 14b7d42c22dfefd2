import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { editableFields, type Actor, type Subject } from '@helder/shared/permissions';
import type { inviteUserBody, updateUserBody, User, usersQuery } from '@helder/shared/users';
import { users } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, forbidden } from '../../http/errors';
import { diff, removal } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import { rowPictures } from '../../lib/picture-upload';
import { authorize, readable, write } from '../../lib/write';
import { sendInvitation, storePassword } from '../auth';
import { forgetUserParses } from '../bank-accounts';
import { emailTaken, selectUser, selectUserPage, type UserRow } from './users.queries';
import { toUserResponse } from './users.response';

type UsersQuery = z.output<typeof usersQuery>;
type InviteInput = z.output<typeof inviteUserBody>;
type UpdateInput = z.output<typeof updateUserBody>;

/** PATCH body fields that map onto a column, with the column they change. */
const FIELD_COLUMNS = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  biography: 'biography',
  role: 'role',
  is_active: 'isActive',
  is_superuser: 'isSuperuser',
  hidden: 'hidden',
  receipt_reminders: 'receiptReminders',
  language: 'language',
} as const satisfies Partial<Record<keyof UpdateInput, keyof UserRow>>;
type Field = keyof typeof FIELD_COLUMNS;

type UserSubject = Extract<Subject, { type: 'User' }>;
const subjectOf = (row: Pick<UserRow, 'id' | 'hidden' | 'isSuperuser'>): UserSubject => ({
  type: 'User',
  id: row.id,
  hidden: row.hidden,
  isSuperuser: row.isSuperuser,
});

const emailTakenError = () => conflict('EMAIL_TAKEN', 'This e-mail address is already in use');

/** entity-access for User: the flags `can()` reads, in one light statement. */
export async function loadUserSubject(ctx: Ctx, id: number): Promise<UserSubject | null> {
  const [row] = await ctx.db
    .select({ id: users.id, hidden: users.hidden, isSuperuser: users.isSuperuser })
    .from(users)
    .where(eq(users.id, id));
  return row ? subjectOf(row) : null;
}

/** The user, or 404 when it does not exist or the caller may not see it (hidden). */
async function findVisible(ctx: Ctx, id: number): Promise<UserRow> {
  return readable(ctx.actor, await selectUser(ctx.db, ctx.actor, id), subjectOf, 'User');
}

/** Files are removed after the commit; a failure leaves an orphan file, never a broken row. */
export async function listUsers(ctx: Ctx, query: UsersQuery): Promise<User[]> {
  const rows = await selectUserPage(ctx.db, { actor: ctx.actor, ...query });
  return rows.map((row) => toUserResponse(ctx, row));
}

export async function getUser(ctx: Ctx, id: number): Promise<User> {
  return toUserResponse(ctx, await findVisible(ctx, id));
}

/** Creates an account without a password and mails a set-password link (docs/api-rules.md §3). */
export async function inviteUser(ctx: Ctx, input: InviteInput): Promise<User> {
  const actor = requireActor(ctx);
  const subject = subjectOf({ id: 0, hidden: input.hidden, isSuperuser: input.is_superuser });
  authorize(actor, 'create', subject, 'Only administrators can invite users');
  if (input.is_superuser && !actor.isSuperuser) {
    throw forbidden('Only a superuser can create a superuser');
  }
  if (await emailTaken(ctx.db, input.email)) throw emailTakenError();
  const row = await write(ctx, actor, {
    onConflict: emailTakenError,
    run: async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          biography: input.biography,
          role: input.role,
          isActive: input.is_active,
          isSuperuser: input.is_superuser,
          isVerified: input.is_verified,
          hidden: input.hidden,
        })
        .returning({ id: users.id });
      const user = (await selectUser(tx, actor, created!.id))!;
      // Inside the transaction: when the mail cannot be sent, no account without a link remains.
      await sendInvitation({ ...ctx, db: tx }, user);
      return user;
    },
    audit: (user) => ({
      entityClass: 'User',
      entityId: user.id,
      action: 'create',
      changes: diff({}, { ...input }),
    }),
  });
  return toUserResponse(ctx, row);
}

/**
 * Field-level edit (docs/api-rules.md §5–6): a field the caller may not edit is refused only when
 * its value changes; echoed unchanged values are ignored. The password only by the user themself.
 */
export async function updateUser(ctx: Ctx, id: number, input: UpdateInput): Promise<User> {
  const actor = requireActor(ctx);
  const row = await findVisible(ctx, id);
  const subject = subjectOf(row);
  authorize(actor, 'edit', subject, 'You may not edit this user');
  const allowed = new Set(editableFields(actor, subject));

  const set: Partial<typeof users.$inferInsert> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of Object.keys(FIELD_COLUMNS) as Field[]) {
    const to = input[field];
    const column = FIELD_COLUMNS[field];
    const from = row[column];
    if (to === undefined || sameValue(field, from, to)) continue;
    if (!allowed.has(field)) throw forbidden(`You may not change ${field}`);
    checkSelfGuards(actor, row, field, to);
    Object.assign(set, { [column]: to });
    before[field] = from;
    after[field] = to;
  }
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if (!allowed.has('password')) throw forbidden('Only the user themself can change the password');
    passwordHash = await hashPassword(input.password);
  }
  if (Object.keys(set).length === 0 && passwordHash === undefined) {
    return toUserResponse(ctx, row);
  }
  if (set.email !== undefined && (await emailTaken(ctx.db, set.email, id))) {
    throw emailTakenError();
  }
  const changes = diff(before, after);
  if (passwordHash !== undefined) changes.password = { from: '***', to: '***' };
  // Deactivation ends the tokens the user holds for good: reactivating them later must not revive
  // a token issued before (docs/api-rules.md §3).
  const columns =
    set.isActive === false ? { ...set, tokenVersion: sql`${users.tokenVersion} + 1` } : set;
  const updated = await write(ctx, actor, {
    onConflict: emailTakenError,
    run: async (tx) => {
      if (Object.keys(set).length > 0) await tx.update(users).set(columns).where(eq(users.id, id));
      if (passwordHash !== undefined) await storePassword(tx, id, passwordHash);
      return (await selectUser(tx, actor, id))!;
    },
    audit: () => ({ entityClass: 'User', entityId: id, action: 'update', changes }),
  });
  return toUserResponse(ctx, updated);
}

/** E-mail addresses compare case-insensitively (they are unique that way). */
const sameValue = (field: Field, from: unknown, to: unknown) =>
  field === 'email' ? String(from).toLowerCase() === String(to).toLowerCase() : from === to;

/** Nobody locks themself out: an admin cannot deactivate their own account. */
function checkSelfGuards(actor: Actor, row: UserRow, field: Field, to: unknown) {
  if (actor.id !== row.id) return;
  if (field === 'is_active' && to === false) throw forbidden('You cannot deactivate yourself');
}

/**
 * Deletes a user with their role links; their picture and stored statements go after the commit
 * (docs/api-rules.md §10).
 */
export async function deleteUser(ctx: Ctx, id: number): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findVisible(ctx, id);
  if (actor.id === id) throw forbidden('You cannot delete yourself');
  authorize(actor, 'delete', subjectOf(row), 'You may not delete this user');
  await write(ctx, actor, {
    run: async (tx) => {
      const parses = await forgetUserParses(tx, id);
      await tx.delete(users).where(eq(users.id, id));
      return parses;
    },
    audit: () => ({
      entityClass: 'User',
      entityId: id,
      action: 'delete',
      changes: removal({
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        role: row.role,
      }),
    }),
    files: (parses) => [...parses, ...(row.pictureKey ? [row.pictureKey] : [])],
  });
}

/**
 * Whoever may edit the user may change their picture, by upload or removal alike; the old files go
 * after the commit (docs/api-rules.md §11).
 */
export const { upload: uploadPicture, remove: removeUserPicture } = rowPictures({
  entityClass: 'User',
  table: users,
  folder: 'users',
  find: async (ctx, id: number) => ({ id, subject: subjectOf(await findVisible(ctx, id)) }),
  denied: 'You may not edit this user',
});
