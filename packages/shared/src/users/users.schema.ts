import { z } from 'zod';
import { bankAccountSummarySchema } from '../bank-accounts/bank-accounts.schema';
import { booleanish, idSchema, optionalQuery, pagingQuery } from '../http';
import { LANGUAGES } from '../languages';
import { ROLES } from '../permissions';
import { BIOGRAPHY_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './users.constants';

export const roleSchema = z.enum(ROLES);
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const pictureSchema = z.object({
  id: z.number().optional(),
  attachment_url: z.string(),
  attachment_thumbnail_url_128: z.string().nullable(),
  attachment_thumbnail_url_256: z.string().nullable(),
  attachment_thumbnail_url_512: z.string().nullable(),
});
export type Picture = z.infer<typeof pictureSchema>;

/** Keys the caller may not read are absent (docs/api-rules.md §6). */
export const userSchema = z.object({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  biography: z.string().nullable(),
  role: roleSchema,
  profile_picture: pictureSchema.nullable(),
  initiatives: z.array(z.object({ id: z.number(), name: z.string() })),
  activities: z.array(z.object({ id: z.number(), name: z.string(), initiative_id: z.number() })),
  email: z.string().optional(),
  is_active: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
  is_verified: z.boolean().optional(),
  hidden: z.boolean().optional(),
  owned_bank_accounts: z.array(bankAccountSummarySchema).optional(),
  used_bank_accounts: z.array(bankAccountSummarySchema).optional(),
  /** The weekly mail about expenses without a receipt; for the user themself and admins. */
  receipt_reminders: z.boolean().optional(),
  /** The language of the user's mails; for the user themself and admins. */
  language: z.enum(LANGUAGES).optional(),
});
export type User = z.infer<typeof userSchema>;

export const usersQuery = pagingQuery.extend({
  email: optionalQuery(z.string().trim().max(EMAIL_MAX)),
  /** Keyset paging: the users after this one in the list's order; `offset` counts on. */
  after: optionalQuery(idSchema),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const inviteUserBody = z.object({
  email: emailSchema,
  first_name: optionalText(NAME_MAX),
  last_name: optionalText(NAME_MAX),
  biography: optionalText(BIOGRAPHY_MAX),
  role: roleSchema.default('user'),
  is_active: booleanish().default(true),
  is_superuser: booleanish().default(false),
  is_verified: booleanish().default(true),
  hidden: booleanish().default(false),
});
export type InviteUserInput = z.input<typeof inviteUserBody>;

export const updateUserBody = z.object({
  email: emailSchema.optional(),
  first_name: optionalText(NAME_MAX).optional(),
  last_name: optionalText(NAME_MAX).optional(),
  biography: optionalText(BIOGRAPHY_MAX).optional(),
  role: roleSchema.optional(),
  is_active: booleanish().optional(),
  is_superuser: booleanish().optional(),
  hidden: booleanish().optional(),
  password: passwordSchema.optional(),
  receipt_reminders: booleanish().optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserBody>;

/** A signed link of a receipt reminder mail that turns the reminders off. */
export const unsubscribeRemindersBody = z.object({ token: z.string().min(1).max(2048) });
