/**
 * 'Verantwoording downloaden' on an initiative's or activity's page. The modal it opens is
 * loaded on the first click: most visits never open it, and its fields weigh more than the page.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import type { PaymentsScope } from './schemas';

const VerantwoordingModal = lazy(() =>
  import('./VerantwoordingModal').then(({ VerantwoordingModal }) => ({
    default: VerantwoordingModal,
  })),
);

export function VerantwoordingButton({ scope }: { scope: PaymentsScope }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  // Once loaded it stays mounted, so that closing fades out and focus returns as in every modal.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('verantwoording.open')}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <VerantwoordingModal scope={scope} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
