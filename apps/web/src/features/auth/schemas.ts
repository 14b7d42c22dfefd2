/**
 * Form schemas of the auth screens. Messages are translation keys of the `auth` namespace
 * (rendered with t()), so the schemas stay language-free.
 */
import { z } from 'zod';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthMessageKey =
  | 'emptyEmail'
  | 'emailValidation'
  | 'usernamePasswordRequired'
  | 'resetPassword.passwordRequired'
  | 'resetPassword.mismatch'
  | 'resetPassword.passwordTooShort'
  | 'resetPassword.passwordTooLong';

const message = (key: AuthMessageKey) => ({ message: key });

/**
 * Login (docs/spec-map.md §5): both empty → usernamePasswordRequired; empty e-mail → emptyEmail; an
 * e-mail that does not look like one → emailValidation; empty password → usernamePasswordRequired.
 * react-hook-form validates on submit and, after the first submit, again while typing.
 */
export const loginFormSchema = z
  .object({ email: z.string(), password: z.string() })
  .superRefine(({ email, password }, ctx) => {
    const trimmed = email.trim();
    if (!trimmed && !password) {
      ctx.addIssue({ code: 'custom', path: ['email'], ...message('usernamePasswordRequired') });
      return;
    }
    if (!trimmed) ctx.addIssue({ code: 'custom', path: ['email'], ...message('emptyEmail') });
    else if (!EMAIL_PATTERN.test(trimmed)) {
      ctx.addIssue({ code: 'custom', path: ['email'], ...message('emailValidation') });
    }
    if (!password) {
      ctx.addIssue({ code: 'custom', path: ['password'], ...message('usernamePasswordRequired') });
    }
  });
export type LoginForm = z.infer<typeof loginFormSchema>;

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
