/** Placeholder modals until the initiatives issue lands (own module: pages do not load Radix). */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type InitiativeModalName = keyof Resources['initiatives']['modals'];

export function InitiativeModal({ modal }: { modal: InitiativeModalName }) {
  const { t } = useTranslation('initiatives');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
