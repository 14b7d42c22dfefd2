// /permission-checker: debug page for the entity-access endpoints.
import { useTranslation } from 'react-i18next';
import { PermissionCheckerPage } from '../../features/auth';
import { usePageTitle } from '../../lib/page-title';

export function PermissionChecker() {
  const { t } = useTranslation('auth');
  usePageTitle(t('permissions.title'));
  return <PermissionCheckerPage />;
}
