/** Placeholder modals until the bank-accounts issue lands (own module: pages do not load Radix). */
import { useTranslation } from 'react-i18next';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import type { Resources } from '../../lib/i18n';

export type BankModalName = keyof Resources['bank-accounts']['modals'];

export function BankModal({ modal }: { modal: BankModalName }) {
  const { t } = useTranslation('bank-accounts');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
