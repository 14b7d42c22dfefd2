/** Placeholder modals until the activities issue lands (own module: pages do not load Radix). */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type ActivityModalName = keyof Resources['activities']['modals'];

export function ActivityModal({ modal }: { modal: ActivityModalName }) {
  const { t } = useTranslation('activities');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
