/**
 * Form schemas of the auth screens. Messages are translation keys of the `auth` namespace
 * (rendered with t()), so the schemas stay language-free.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from '@helder/shared/users/client';
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

/** The length rule is the server's (422, shown translated); here only presence and equality. */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(1, message('resetPassword.passwordRequired')),
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    ...message('resetPassword.mismatch'),
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
