/**
 * 'Overzicht downloaden' on a regulation page and its grant rows, for those who may read the
 * funder's overview. The modal is loaded on the first click, so it adds nothing to the page.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import type { OverviewScope } from './OverviewModal';

const OverviewModal = lazy(() =>
  import('./OverviewModal').then(({ OverviewModal }) => ({ default: OverviewModal })),
);

export function OverviewButton({
  scope,
  context,
}: {
  scope: OverviewScope;
  /** Says, for screen readers, which grant a row's button is for. */
  context?: ReactNode;
}) {
  const { t } = useTranslation('regulations');
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
        {t('overview.open')}
        {context}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <OverviewModal scope={scope} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
