/** Placeholders until the activities issue lands. */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/Placeholder';

export function ActivitiesPage() {
  const { t } = useTranslation('activities');
  return <PlaceholderPage title={t('title')} emptyText={t('empty')} searchable={false} />;
}

export function ActivityPage() {
  const { t } = useTranslation('activities');
  return <PlaceholderPage title={t('detailTitle')} emptyText={t('empty')} searchable={false} />;
}
