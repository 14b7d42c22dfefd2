/** Placeholder modals until the users issue lands (own module: pages do not load Radix). */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type UserModalName = keyof Resources['users']['modals'];

export function UserModal({ modal }: { modal: UserModalName }) {
  const { t } = useTranslation('users');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
