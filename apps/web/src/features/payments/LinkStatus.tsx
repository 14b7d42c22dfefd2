/**
 * What the last link of the Transactieoverzicht did, said politely (a live region that is always
 * there, so the change is announced), with 'Ongedaan maken', which takes the payment back to its
 * link before, and then puts focus back on the row's control.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { focusLinkControl, useFocusAfterRender, type LinkDone } from './LinkCells';
import { useRelink } from './linking.api';
import styles from './overview.module.css';

export type LinkNotice =
  | { kind: 'linked'; done: LinkDone }
  | { kind: 'undone'; done: LinkDone }
  | { kind: 'undoFailed'; done: LinkDone };

function useNoticeText(notice: LinkNotice): string {
  const { t } = useTranslation('payments');
  const { done } = notice;
  const payment = { date: done.date, amount: done.amount };
  if (notice.kind === 'undone') return t('overview.link.undone', payment);
  if (notice.kind === 'undoFailed') return t('overview.link.undoFailed', payment);
  if (done.change.to.initiativeId === null) return t('overview.link.unlinked', payment);
  const target =
    done.activityName === null
      ? (done.initiativeName ?? '')
      : t('overview.link.target', {
          initiative: done.initiativeName ?? '',
          activity: done.activityName,
        });
  return t('overview.link.linked', { ...payment, target });
}

function NoticeBody({
  notice,
  busy,
  onUndo,
}: {
  notice: LinkNotice;
  busy: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation('payments');
  const text = useNoticeText(notice);
  return (
    <>
      <p className={notice.kind === 'undoFailed' ? styles.linkError : undefined}>{text}</p>
      {notice.kind === 'undone' ? null : (
        <Button variant="secondary" busy={busy} onClick={onUndo}>
          {t('overview.link.undo')}
        </Button>
      )}
    </>
  );
}

export function LinkStatus({
  userId,
  notice,
  onNotice,
}: {
  userId: number;
  notice: LinkNotice | null;
  onNotice: (notice: LinkNotice) => void;
}) {
  const undo = useRelink(userId);
  const focusLater = useFocusAfterRender();
  const onUndo = () => {
    if (!notice) return;
    const { done } = notice;
    const { paymentId, from, to } = done.change;
    undo.mutate(
      { paymentId, from: to, to: from },
      {
        onSuccess: () => {
          onNotice({ kind: 'undone', done });
          focusLater(() => focusLinkControl(paymentId, done.origin));
        },
        onError: () => onNotice({ kind: 'undoFailed', done }),
      },
    );
  };
  return (
    <div className={styles.status} role="status" aria-live="polite">
      {notice ? <NoticeBody notice={notice} busy={undo.isPending} onUndo={onUndo} /> : null}
    </div>
  );
}
