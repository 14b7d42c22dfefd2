// /reset-password, /request-new-password, /account-recovery, /reminders/unsubscribe.
import { useTranslation } from 'react-i18next';
import {
  RequestPasswordPage,
  ResetPasswordPage,
  UnsubscribeRemindersPage,
} from '../../features/auth';
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

export function UnsubscribeReminders() {
  const { t } = useTranslation('auth');
  usePageTitle(t('unsubscribeReminders.title'));
  return <UnsubscribeRemindersPage />;
}
