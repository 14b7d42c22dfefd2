/** Placeholders until the grants issue lands: the grant modals of a regulation. */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type GrantModalName = keyof Resources['grants']['modals'];

export function GrantModal({ modal }: { modal: GrantModalName }) {
  const { t } = useTranslation('grants');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
