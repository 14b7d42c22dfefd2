// The initiatives overview at / and /funds (and /funds/:action). Apart from the detail so that
// the first page of most visits loads neither the payments table nor its catalogs.
import { useTranslation } from 'react-i18next';
import { InitiativesPage } from '../../features/initiatives';
import { usePageTitle } from '../../lib/page-title';

export function InitiativesList() {
  const { t } = useTranslation();
  usePageTitle(t('nav.initiatives'));
  return <InitiativesPage />;
}
