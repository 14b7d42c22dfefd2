// /login: a modal over the initiatives overview.
import { useTranslation } from 'react-i18next';
import { LoginModal } from '../../features/auth';
import { usePageTitle } from '../../lib/page-title';

export function Login() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  return <LoginModal />;
}
