/**
 * The login form (docs/spec-map.md §5) without a validation or form library: /login is a page
 * people open first, and zod and react-hook-form were a third of what it loaded. Messages are
 * translation keys of the `auth` namespace.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '@helder/shared/users/client';

export type AuthMessageKey =
  | 'emptyEmail'
  | 'emailValidation'
  | 'usernamePasswordRequired'
  | 'resetPassword.passwordRequired'
  | 'resetPassword.mismatch'
  | 'resetPassword.passwordTooShort'
  | 'resetPassword.passwordTooLong';

export interface LoginForm {
  email: string;
  password: string;
}

/**
 * Both empty → usernamePasswordRequired (once, at the e-mail); empty e-mail → emptyEmail; an
 * e-mail that does not look like one → emailValidation; empty password →
 * usernamePasswordRequired.
 */
function loginFormProblems({
  email,
  password,
}: LoginForm): Partial<Record<keyof LoginForm, AuthMessageKey>> {
  const trimmed = email.trim();
  if (!trimmed && !password) return { email: 'usernamePasswordRequired' };
  const problems: Partial<Record<keyof LoginForm, AuthMessageKey>> = {};
  if (!trimmed) problems.email = 'emptyEmail';
  else if (!EMAIL_PATTERN.test(trimmed)) problems.email = 'emailValidation';
  if (!password) problems.password = 'usernamePasswordRequired';
  return problems;
}

type Problems = Partial<Record<keyof LoginForm, AuthMessageKey>>;

/**
 * The form's values and problems. Checked on submit, where the first field with a problem gets
 * the focus and `send` is not called; after the first submit a field is checked again as it is
 * typed in, the others keep what the submit found.
 */
export function useLoginForm(send: (values: LoginForm) => Promise<void>) {
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const field = (name: keyof LoginForm) => ({
    name,
    value: values[name],
    ref: inputs[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setProblems((found) => ({ ...found, [name]: loginFormProblems(next)[name] }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = loginFormProblems(values);
    setProblems(found);
    const first = (['email', 'password'] as const).find((name) => found[name]);
    if (first) inputs[first].current?.focus();
    else void send(values);
  };

  return { field, problems, onSubmit };
}
