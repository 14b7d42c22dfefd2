import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES } from '@helder/shared/permissions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { TextField } from '../../components/ui/TextField';
import { isApiError } from '../../lib/api';
import { useInviteUser } from './api';
import { RadioGroupField } from '../../components/ui/ChoiceFields';
import { addUserFormSchema, type AddUserForm, type UsersMessageKey } from './schemas';

/** Role options in the order of the spec: Beheerder, Financieel, Gebruiker. */
export const ROLE_OPTIONS = [...ROLES].reverse();

type ServerError = 'addUser.failed';

/**
 * /contacts/add-user: invite a user (POST /api/user). The server creates the account and mails a
 * set-password link. 409 → 'Gebruiker reeds bekend' at the e-mail field; anything else the
 * generic message. Success closes the modal; the list refreshes.
 */
export function AddUserModal() {
  const { t } = useTranslation('users');
  const invite = useInviteUser();
  const busy = invite.isPending;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddUserForm>({
    resolver: zodResolver(addUserFormSchema),
    defaultValues: { email: '', first_name: '', last_name: '', role: null },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const fieldError = (message: string | undefined) =>
    message ? t(message as UsersMessageKey | 'addUser.AlreadyExist') : undefined;
  const serverError = errors.root?.server?.message as ServerError | undefined;
  const optional = (label: string) => t('fields.optional', { label });

  return (
    <RouteModal title={t('addUser.title')} busy={busy}>
      {(close) => {
        const onSubmit = handleSubmit(async ({ email, first_name, last_name, role }) => {
          try {
            await invite.mutateAsync({
              email: email.trim(),
              role: role ?? 'user',
              ...(first_name.trim() ? { first_name: first_name.trim() } : {}),
              ...(last_name.trim() ? { last_name: last_name.trim() } : {}),
            });
            close();
          } catch (error) {
            if (isApiError(error) && error.status === 409) {
              setError('email', { message: 'addUser.AlreadyExist' }, { shouldFocus: true });
            } else {
              setError('root.server', { message: 'addUser.failed' satisfies ServerError });
            }
          }
        });
        return (
          <Form onSubmit={onSubmit} aria-label={t('addUser.title')}>
            <p>{t('addUser.intro')}</p>
            {serverError ? <Alert>{t(serverError)}</Alert> : null}
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="off"
              error={fieldError(errors.email?.message)}
              {...register('email')}
            />
            <TextField
              label={optional(t('fields.firstName'))}
              autoComplete="off"
              error={fieldError(errors.first_name?.message)}
              {...register('first_name')}
            />
            <TextField
              label={optional(t('fields.lastName'))}
              autoComplete="off"
              error={fieldError(errors.last_name?.message)}
              {...register('last_name')}
            />
            <RadioGroupField
              legend={t('fields.role')}
              options={ROLE_OPTIONS.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              error={fieldError(errors.role?.message)}
              {...register('role')}
            />
            <FormActions>
              <Button variant="secondary" onClick={() => close()} disabled={busy}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" busy={busy}>
                {busy ? t('addUser.submitting') : t('addUser.submit')}
              </Button>
            </FormActions>
          </Form>
        );
      }}
    </RouteModal>
  );
}
