import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from './PasswordField';

/**
 * A new password typed twice (reset and change password): present and the same twice. The length
 * rule is the server's; its 422 is shown translated. Messages are the form's translation keys.
 */
export const newPasswordSchema = (messages: { required: string; mismatch: string }) =>
  z
    .object({
      password: z.string().min(1, { message: messages.required }),
      confirmation: z.string(),
    })
    .refine((values) => values.password === values.confirmation, {
      path: ['confirmation'],
      message: messages.mismatch,
    });
export type NewPasswordForm = z.infer<ReturnType<typeof newPasswordSchema>>;

/** The form of a new password, both fields empty at first. */
export const useNewPasswordForm = (schema: ReturnType<typeof newPasswordSchema>) =>
  useForm<NewPasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmation: '' },
  });

export interface NewPasswordFieldsProps {
  /** The labels of the password and of its repetition. */
  labels: [string, string];
  form: UseFormReturn<NewPasswordForm>;
  /** The text of a field's error message (a translation key). */
  errorText: (message: string | undefined) => string | undefined;
}

/** Both fields are `new-password`, so that a password manager offers to make and save one. */
export function NewPasswordFields({ labels, form, errorText }: NewPasswordFieldsProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <>
      <PasswordField
        label={labels[0]}
        autoComplete="new-password"
        error={errorText(errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        label={labels[1]}
        autoComplete="new-password"
        error={errorText(errors.confirmation?.message)}
        {...register('confirmation')}
      />
    </>
  );
}
