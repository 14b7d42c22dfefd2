import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { FormPage } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { isApiError } from '../../lib/api';
import { useForgotPassword } from './api';
import styles from './auth.module.css';
import { emailFormSchema, type AuthMessageKey, type EmailForm } from './schemas';

export interface RequestPasswordPageProps {
  /**
   * `request` (/request-new-password): button 'Verstuur link';
   * `recovery` (/account-recovery, linked from the login): button 'Verstuur Link'.
   */
  variant: 'request' | 'recovery';
}

/** Asks for an e-mail address and mails a set-password link (POST /api/auth/forgot-password). */
export function RequestPasswordPage({ variant }: RequestPasswordPageProps) {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const busy = forgot.isPending;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
    } catch (error) {
      setError('root.server', {
        message: isApiError(error) && error.status === 429 ? 'tooManyAttempts' : 'unknownError',
      });
    }
  });

  const title =
    variant === 'recovery' ? t('requestPassword.recoveryTitle') : t('requestPassword.title');

  if (forgot.isSuccess) {
    return (
      <FormPage title={title}>
        <Alert tone="success">
          <div className={styles.sent}>
            <p>{t('requestPassword.sent')}</p>
            <p>{t('requestPassword.followLink')}</p>
          </div>
        </Alert>
        <p>
          <Link to="/login">{t('requestPassword.backToLogin')}</Link>
        </p>
      </FormPage>
    );
  }

  const serverError = errors.root?.server?.message;
  const emailError = errors.email?.message;

  return (
    <FormPage title={title} intro={t('requestPassword.intro')}>
      <Form onSubmit={onSubmit} aria-label={title}>
        {serverError ? (
          <Alert>
            {serverError === 'tooManyAttempts'
              ? t('tooManyAttempts')
              : t('requestPassword.unknownError')}
          </Alert>
        ) : null}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={emailError ? t(emailError as AuthMessageKey) : undefined}
          {...register('email')}
        />
        <FormActions>
          <Link to="/login">{t('requestPassword.backToLogin')}</Link>
          <Button type="submit" busy={busy}>
            {busy
              ? t('requestPassword.submitting')
              : variant === 'recovery'
                ? t('requestPassword.submitRecovery')
                : t('requestPassword.submit')}
          </Button>
        </FormActions>
      </Form>
    </FormPage>
  );
}
