/**
 * Form schemas of the auth screens. Messages are translation keys of the `auth` namespace
 * (rendered with t()), so the schemas stay language-free.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from '@helder/shared/users/client';
import { newPasswordSchema } from '../../components/ui/NewPasswordFields';
import type { AuthMessageKey } from './login-form';

export type { AuthMessageKey } from './login-form';

const message = (key: AuthMessageKey) => ({ message: key });

export const emailFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, message('emptyEmail'))
    .regex(EMAIL_PATTERN, message('emailValidation')),
});
export type EmailForm = z.infer<typeof emailFormSchema>;

export const resetPasswordFormSchema = newPasswordSchema({
  required: 'resetPassword.passwordRequired' satisfies AuthMessageKey,
  mismatch: 'resetPassword.mismatch' satisfies AuthMessageKey,
});
