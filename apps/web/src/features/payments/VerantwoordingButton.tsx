/**
 * 'Verantwoording downloaden' on an initiative's or activity's page. The modal it opens is
 * loaded on the first click: most visits never open it, and its fields weigh more than the page.
 */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyModalButton } from '../../components/ui/LazyModalButton';
import type { PaymentsScope } from './schemas';

const VerantwoordingModal = lazy(() =>
  import('./VerantwoordingModal').then(({ VerantwoordingModal }) => ({
    default: VerantwoordingModal,
  })),
);

export function VerantwoordingButton({ scope }: { scope: PaymentsScope }) {
  const { t } = useTranslation('payments');
  return (
    <LazyModalButton modal={VerantwoordingModal} modalProps={{ scope }}>
      {t('verantwoording.open')}
    </LazyModalButton>
  );
}
