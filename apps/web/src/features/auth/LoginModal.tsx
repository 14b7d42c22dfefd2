import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { Modal, useRouteModal } from '../../components/ui/Modal';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';
import { paths } from '../../lib/paths';
import { useLogin } from './api';
import { loginErrorKey, type LoginErrorKey } from './errors';
import { redirectTarget } from './guards';
import { useLoginForm } from './login-form';

/** /login (docs/spec-map.md §2.3): a modal over the initiatives; the backdrop goes to /funds. */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { open, close } = useRouteModal(paths.initiatives());
  const loginMutation = useLogin();
  const busy = loginMutation.isPending;

  const [serverError, setServerError] = useState<LoginErrorKey>();
  const { field, problems, onSubmit } = useLoginForm(async ({ email, password }) => {
    setServerError(undefined);
    try {
      await loginMutation.mutateAsync({ username: email.trim(), password });
      close(redirectTarget(location.state), { replace: true });
    } catch (error) {
      setServerError(loginErrorKey(error));
    }
  });
  const fieldError = (name: 'email' | 'password') => {
    const key = problems[name];
    return key ? t(key) : undefined;
  };

  return (
    <Modal open={open} onClose={() => close()} title={t('login.title')} busy={busy} size="small">
      <Form onSubmit={onSubmit} aria-label={t('login.title')}>
        {serverError ? <Alert>{t(serverError)}</Alert> : null}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          error={fieldError('email')}
          {...field('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          error={fieldError('password')}
          {...field('password')}
        />
        <FormActions>
          <Link to="/account-recovery">{t('login.forgotPassword')}</Link>
          <Button type="submit" busy={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </FormActions>
      </Form>
    </Modal>
  );
}
