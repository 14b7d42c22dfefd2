/**
 * Form schemas of the contacts screens. Messages are translation keys of the `users` namespace
 * (rendered with t()), so the schemas stay language-free. The server's own limits (name length,
 * password length) are reported by the server and shown translated.
 */
import { LANGUAGES } from '@helder/shared/languages';
import { ROLES } from '@helder/shared/permissions';
import { BIOGRAPHY_MAX, EMAIL_PATTERN } from '@helder/shared/users/client';
import { z } from 'zod';
import { newPasswordSchema } from '../../components/ui/NewPasswordFields';

export type UsersMessageKey =
  | 'addUser.emailRequired'
  | 'addUser.emailInvalid'
  | 'addUser.SelectRole'
  | 'editSettings.emailRequired'
  | 'editSettings.emailInvalid'
  | 'editProfile.biographyTooLong'
  | 'editProfile.nameTooLong'
  | 'changePassword.passwordRequired'
  | 'changePassword.mismatch';

const message = (key: UsersMessageKey) => ({ message: key });

const roleChoice = z.enum(ROLES, message('addUser.SelectRole'));

/** Add user (docs/spec-map.md §5): e-mail required and valid, role a single required choice. */
export const addUserFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, message('addUser.emailRequired'))
    .regex(EMAIL_PATTERN, message('addUser.emailInvalid')),
  first_name: z.string().trim(),
  last_name: z.string().trim(),
  // An unchecked radio group gives null; the form starts with no role chosen.
  role: z
    .union([roleChoice, z.null()])
    .refine((role) => role !== null, message('addUser.SelectRole')),
});
export type AddUserForm = z.input<typeof addUserFormSchema>;

/**
 * Edit profile: the biography counter and its message do not block saving (docs/spec-map.md §5);
 * the server caps it and its answer is shown. So no rule here, only trimming.
 */
export const editProfileFormSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  biography: z.string(),
  hidden: z.boolean(),
});
export type EditProfileForm = z.infer<typeof editProfileFormSchema>;

export const isBiographyTooLong = (biography: string) => biography.length > BIOGRAPHY_MAX;

/** Edit settings: e-mail required and valid ('Vul een e-mailadres in' / '…geldig…'). */
export const editSettingsFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, message('editSettings.emailRequired'))
    .regex(EMAIL_PATTERN, message('editSettings.emailInvalid')),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  hidden: z.boolean(),
  receipt_reminders: z.boolean(),
  language: z.enum(LANGUAGES),
});
export type EditSettingsForm = z.infer<typeof editSettingsFormSchema>;

export const changePasswordFormSchema = newPasswordSchema({
  required: 'changePassword.passwordRequired' satisfies UsersMessageKey,
  mismatch: 'changePassword.mismatch' satisfies UsersMessageKey,
});
