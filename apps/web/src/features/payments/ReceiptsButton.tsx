/**
 * 'Bonnen toevoegen': opens the receipt inbox (docs/api-rules.md §22) of an initiative, or without
 * one the caller's own (/transactions). The inbox is loaded only when it is opened.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';

const ReceiptInbox = lazy(() =>
  import('./ReceiptInbox').then(({ ReceiptInbox }) => ({ default: ReceiptInbox })),
);

export function ReceiptsButton({ initiativeId }: { initiativeId?: number }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('receipts.add')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReceiptInbox initiativeId={initiativeId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
