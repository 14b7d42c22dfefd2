import { PASSWORD_MAX, PASSWORD_MIN } from '@helder/shared/users/client';
import { useEffect } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { FormPage } from '../../components/ui/Page';
import {
  NewPasswordFields,
  useNewPasswordForm,
  type NewPasswordForm,
} from '../../components/ui/NewPasswordFields';
import { isApiError } from '../../lib/api';
import { useResetPassword } from './api';
import styles from './auth.module.css';
import { resetPasswordFormSchema, type AuthMessageKey } from './schemas';

/** After a successful reset the page goes to /login (docs/spec-map.md §9: 5 s). */
const RESET_REDIRECT_MS = 5_000;

type ServerError = 'badToken' | 'unknownError' | 'tooManyAttempts';

/** Maps a failed reset: field errors go to the field, the rest becomes a page-level message. */
function handleResetError(
  error: unknown,
  setError: UseFormSetError<NewPasswordForm>,
): ServerError | null {
  if (!isApiError(error)) return 'unknownError';
  if (error.status === 400) return 'badToken';
  if (error.status === 429) return 'tooManyAttempts';
  if (error.status === 422) {
    const passwordError = error.errors.find((e) => e.field === 'password');
    if (passwordError?.code === 'too_small') {
      setError('password', { message: 'resetPassword.passwordTooShort' });
      return null;
    }
    if (passwordError?.code === 'too_big') {
      setError('password', { message: 'resetPassword.passwordTooLong' });
      return null;
    }
  }
  return 'unknownError';
}

/** 'Er is iets mis gegaan. Vraag een nieuwe link aan' (no, bad or used token) and a way out. */
function BadTokenMessage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert>
        <p>{t('resetPassword.badToken')}</p>
        <p className={styles.detail}>{t('resetPassword.invalidToken')}</p>
      </Alert>
      <p>
        <Link to="/account-recovery">{t('resetPassword.requestNewLink')}</Link>
      </p>
    </>
  );
}

/** /reset-password?token=… (docs/spec-map.md §2.4): choose a password with a mailed token. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <FormPage title={t('resetPassword.title')}>
      {token ? <ResetPasswordFormView token={token} /> : <BadTokenMessage />}
    </FormPage>
  );
}

function ResetPasswordFormView({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const busy = reset.isPending;

  const form = useNewPasswordForm(resetPasswordFormSchema);
  const { errors } = form.formState;

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      const serverError = handleResetError(error, form.setError);
      if (serverError) form.setError('root.server', { message: serverError });
    }
  });

  if (reset.isSuccess) {
    return (
      <>
        <Alert tone="success">
          <p>{t('resetPassword.success')}</p>
          <p>{t('resetPassword.redirecting', { seconds: RESET_REDIRECT_MS / 1000 })}</p>
        </Alert>
        <p>
          <Link to="/login">{t('resetPassword.toLogin')}</Link>
        </p>
      </>
    );
  }

  const serverError = errors.root?.server?.message as ServerError | undefined;
  if (serverError === 'badToken') return <BadTokenMessage />;

  const fieldError = (message: string | undefined) =>
    message ? t(message as AuthMessageKey, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined;

  return (
    <Form onSubmit={onSubmit} aria-label={t('resetPassword.title')}>
      <p>{t('resetPassword.intro')}</p>
      {serverError ? (
        <Alert>
          {serverError === 'tooManyAttempts'
            ? t('tooManyAttempts')
            : t('resetPassword.unknownError')}
        </Alert>
      ) : null}
      <NewPasswordFields
        labels={[t('fields.newPassword'), t('fields.confirmPassword')]}
        form={form}
        errorText={fieldError}
      />
      <FormActions align="end">
        <Button type="submit" busy={busy}>
          {busy ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}
