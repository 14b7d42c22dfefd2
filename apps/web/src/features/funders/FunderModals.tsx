/** Placeholder modals until the funders issue lands (own module: pages do not load Radix). */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type FunderModalName = keyof Resources['funders']['modals'];

export function FunderModal({ modal }: { modal: FunderModalName }) {
  const { t } = useTranslation('funders');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
