/** Placeholder modals until the regulations issue lands (own module: pages do not load Radix). */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type RegulationModalName = keyof Resources['regulations']['modals'];

export function RegulationModal({ modal }: { modal: RegulationModalName }) {
  const { t } = useTranslation('regulations');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
