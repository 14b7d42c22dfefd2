// /reset-password, /request-new-password, /account-recovery.
import { useTranslation } from 'react-i18next';
import { RequestPasswordPage, ResetPasswordPage } from '../../features/auth';
import { usePageTitle } from '../../lib/page-title';

export function ResetPassword() {
  const { t } = useTranslation('auth');
  usePageTitle(t('resetPassword.title'));
  return <ResetPasswordPage />;
}

export function RequestNewPassword() {
  const { t } = useTranslation('auth');
  usePageTitle(t('requestPassword.title'));
  return <RequestPasswordPage variant="request" />;
}

export function AccountRecovery() {
  const { t } = useTranslation('auth');
  usePageTitle(t('requestPassword.recoveryTitle'));
  return <RequestPasswordPage variant="recovery" />;
}
