import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
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
import { loginFormSchema, type AuthMessageKey, type LoginForm } from './schemas';

/** /login (docs/spec-map.md §2.3): a modal over the initiatives; the backdrop goes to /funds. */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { open, close } = useRouteModal(paths.initiatives());
  const loginMutation = useLogin();
  const busy = loginMutation.isPending;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await loginMutation.mutateAsync({ username: email.trim(), password });
      close(redirectTarget(location.state), { replace: true });
    } catch (error) {
      setError('root.server', { message: loginErrorKey(error) });
    }
  });

  const fieldError = (message: string | undefined) =>
    message ? t(message as AuthMessageKey) : undefined;
  const serverError = errors.root?.server?.message as LoginErrorKey | undefined;

  return (
    <Modal open={open} onClose={() => close()} title={t('login.title')} busy={busy} size="small">
      <Form onSubmit={onSubmit} aria-label={t('login.title')}>
        {serverError ? <Alert>{t(serverError)}</Alert> : null}
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldError(errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          {...register('password')}
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
