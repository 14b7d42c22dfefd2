/** Placeholders until the funders (sponsors) issue lands. */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/Placeholder';

export function FundersPage() {
  const { t } = useTranslation('funders');
  return <PlaceholderPage title={t('title')} emptyText={t('empty')} />;
}
