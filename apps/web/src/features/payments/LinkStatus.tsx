/**
 * What the last link of the Transactieoverzicht did, said politely (a live region that is always
 * there, so the change is announced), with 'Ongedaan maken', which takes the payment back to its
 * link before, and then puts focus back on the row's control. After 'Alle zekere voorstellen
 * overnemen' it says how many were linked, and undoing takes them all back in one call.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { focusLinkControl, useFocusAfterRender, type LinkDone } from './LinkCells';
import { useBulkLink, useRelink, type LinkChange } from './linking.api';
import styles from './overview.module.css';

type RowNotice =
  | { kind: 'linked'; done: LinkDone }
  | { kind: 'undone'; done: LinkDone }
  | { kind: 'undoFailed'; done: LinkDone };

type BulkNotice =
  | { kind: 'bulkLinked'; changes: LinkChange[] }
  | { kind: 'bulkUndone'; changes: LinkChange[] }
  | { kind: 'bulkUndoFailed'; changes: LinkChange[] }
  | { kind: 'bulkFailed' };

export type LinkNotice = RowNotice | BulkNotice;

const isBulk = (notice: LinkNotice): notice is BulkNotice => notice.kind.startsWith('bulk');

function useNoticeText(notice: RowNotice): string {
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
  notice: RowNotice;
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

/** What a bulk link did, and 'Ongedaan maken' while it can be undone. */
function BulkNoticeBody({
  notice,
  busy,
  onUndo,
}: {
  notice: BulkNotice;
  busy: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation('payments');
  if (notice.kind === 'bulkFailed') {
    return <p className={styles.linkError}>{t('overview.suggestion.bulkFailed')}</p>;
  }
  const count = notice.changes.length;
  const text =
    notice.kind === 'bulkLinked'
      ? t('overview.suggestion.bulkLinked', { count })
      : notice.kind === 'bulkUndone'
        ? t('overview.suggestion.bulkUndone', { count })
        : t('overview.suggestion.bulkUndoFailed');
  return (
    <>
      <p className={notice.kind === 'bulkUndoFailed' ? styles.linkError : undefined}>{text}</p>
      {notice.kind === 'bulkUndone' ? null : (
        <Button variant="secondary" busy={busy} onClick={onUndo}>
          {t('overview.link.undo')}
        </Button>
      )}
    </>
  );
}

/** Undoing a bulk link: the same changes the other way, in one call. */
function useBulkUndo(userId: number, onNotice: (notice: LinkNotice) => void) {
  const bulk = useBulkLink(userId);
  const undo = (changes: LinkChange[]) =>
    bulk.mutate(
      changes.map(({ paymentId, from, to }) => ({ paymentId, from: to, to: from })),
      {
        onSuccess: () => onNotice({ kind: 'bulkUndone', changes }),
        onError: () => onNotice({ kind: 'bulkUndoFailed', changes }),
      },
    );
  return { undo, busy: bulk.isPending };
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
  const bulkUndo = useBulkUndo(userId, onNotice);
  const focusLater = useFocusAfterRender();
  const onUndo = () => {
    if (!notice || isBulk(notice)) return;
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
      {notice === null ? null : isBulk(notice) ? (
        <BulkNoticeBody
          notice={notice}
          busy={bulkUndo.busy}
          onUndo={() => {
            if (notice.kind !== 'bulkFailed') bulkUndo.undo(notice.changes);
          }}
        />
      ) : (
        <NoticeBody notice={notice} busy={undo.isPending} onUndo={onUndo} />
      )}
    </div>
  );
}
