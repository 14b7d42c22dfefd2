// Any URL outside the route table.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { TopBar } from '../../components/ui/TopBar';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';

export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <>
      <TopBar title={t('errors.notFoundTitle')} />
      <EmptyState title={t('errors.notFoundText')}>
        <Link to={paths.initiatives()}>{t('actions.backToStart')}</Link>
      </EmptyState>
    </>
  );
}
