import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { NewPasswordFields, useNewPasswordForm } from '../../components/ui/NewPasswordFields';
import { useSession } from '../auth';
import { useChangePassword } from './api';
import { useUserIdParam } from './hooks';
import { changePasswordFormSchema, type UsersMessageKey } from './schemas';

/**
 * /contacts/:userId/change-password (own profile only): new password and its confirmation must
 * match; any rejection by the server (too short, …) shows 'Failed to change password. Please try
 * again.' translated.
 */
export function ChangePasswordModal() {
  const { t } = useTranslation('users');
  const session = useSession();
  const id = useUserIdParam();
  const isSelf = id !== null && id === session?.userId;
  const update = useChangePassword(id ?? 0);
  const busy = update.isPending;

  const form = useNewPasswordForm(changePasswordFormSchema);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await update.mutateAsync(password);
    } catch {
      form.setError('root.server', { message: 'changePassword.failed' });
    }
  });

  const fieldError = (message: string | undefined) =>
    message ? t(message as UsersMessageKey) : undefined;

  return (
    <RouteModal title={t('changePassword.title')} busy={busy} size="small">
      {(close) => {
        if (!isSelf) {
          return (
            <>
              <Alert tone="info">{t('changePassword.onlyOwn')}</Alert>
              <FormActions align="end">
                <Button variant="secondary" onClick={() => close()}>
                  {t('changePassword.close')}
                </Button>
              </FormActions>
            </>
          );
        }
        if (update.isSuccess) {
          return (
            <>
              <Alert tone="success">{t('changePassword.success')}</Alert>
              <FormActions align="end">
                <Button onClick={() => close()} data-autofocus>
                  {t('changePassword.close')}
                </Button>
              </FormActions>
            </>
          );
        }
        return (
          <Form onSubmit={onSubmit} aria-label={t('changePassword.title')}>
            {errors.root?.server ? <Alert>{t('changePassword.failed')}</Alert> : null}
            <NewPasswordFields
              labels={[t('fields.newPassword'), t('fields.confirmPassword')]}
              form={form}
              errorText={fieldError}
            />
            <FormActions align="end">
              <Button variant="secondary" onClick={() => close()} disabled={busy}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" busy={busy}>
                {busy ? t('changePassword.submitting') : t('changePassword.submit')}
              </Button>
            </FormActions>
          </Form>
        );
      }}
    </RouteModal>
  );
}
