/**
 * How a linked account (not a statement file's) is kept up to date, on its Banks tab card: the
 * last and the next sync, why it does not sync now (`sync_problem`), and for its owner
 * 'Nu synchroniseren', which fetches at once or says when the bank allows it.
 */
import type { BankAccountSummary, BankSyncProblem } from '@helder/shared/bank-accounts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { AlertIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useSyncBankAccount } from './api';
import styles from './bank-accounts.module.css';
import { minutesUntil } from './format';

const MINUTES_PER_DAY = 24 * 60;

/**
 * A moment as the reader says it: 'zojuist' or 'zo meteen' within the minute, relative within a
 * day ('3 uur geleden', 'over 20 minuten'), else its day ('op 12 mrt 2027'). A moment `ahead`
 * that has passed is due, so 'zo meteen'. Frisian uses the Dutch words, as its dates do.
 */
function useWhen() {
  const { t, i18n } = useTranslation('bank-accounts');
  const language = i18n.resolvedLanguage ?? 'nl';
  const relative = new Intl.RelativeTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL');
  return (iso: string, ahead = false): string => {
    const minutes = minutesUntil(iso);
    if (minutes === null) return iso;
    if (minutes < 1 && (ahead || minutes > -1)) {
      return ahead ? t('sync.when.soon') : t('sync.when.justNow');
    }
    if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
    if (Math.abs(minutes) < MINUTES_PER_DAY)
      return relative.format(Math.round(minutes / 60), 'hour');
    return t('sync.when.on', { date: formatDate(iso, language) });
  };
}

function ProblemLine({
  problem,
  nextSyncAt,
  owned,
}: {
  problem: BankSyncProblem;
  nextSyncAt: string | null;
  owned: boolean;
}) {
  const { t } = useTranslation('bank-accounts');
  const when = useWhen();
  let text;
  if (problem === 'reauth_required') {
    text = owned ? t('sync.problem.reauth') : t('sync.problem.reauthShared');
  } else if (problem === 'rate_limited') {
    text = nextSyncAt
      ? t('sync.problem.rateLimited', { when: when(nextSyncAt, true) })
      : t('sync.problem.rateLimitedToday');
  } else {
    text = nextSyncAt
      ? t('sync.problem.unavailable', { when: when(nextSyncAt, true) })
      : t('sync.problem.unavailableLater');
  }
  return (
    <p className={styles.problem}>
      <AlertIcon size={16} className={styles.problemIcon} />
      <span>{text}</span>
    </p>
  );
}

/** 'Nu synchroniseren' and what came of it: fetching now, or when the bank allows it. */
function SyncNow({
  userId,
  account,
  describedBy,
}: {
  userId: number;
  account: BankAccountSummary;
  describedBy: string;
}) {
  const { t } = useTranslation('bank-accounts');
  const when = useWhen();
  const sync = useSyncBankAccount(userId, account.id);
  let feedback = null;
  if (sync.isError) {
    feedback = <Alert>{t('sync.failed', { message: errorText(sync.error) })}</Alert>;
  } else if (sync.data?.status === 'queued') {
    feedback = <Alert tone="info">{t('sync.queued')}</Alert>;
  } else if (sync.data?.status === 'waiting') {
    const next = sync.data.next_sync_at;
    feedback = (
      <Alert tone="info">
        {next ? t('sync.waiting', { when: when(next, true) }) : t('sync.waitingLater')}
      </Alert>
    );
  }
  return (
    <div className={styles.syncNow}>
      <Button
        variant="secondary"
        busy={sync.isPending}
        aria-describedby={describedBy}
        onClick={() => sync.mutate()}
      >
        {sync.isPending ? t('sync.busy') : t('sync.now')}
      </Button>
      {feedback}
    </div>
  );
}

export function LinkedAccountStatus({
  userId,
  account,
  owned,
  titleId,
}: {
  userId: number;
  account: BankAccountSummary;
  owned: boolean;
  /** The card's title, which names the account the sync button is for. */
  titleId: string;
}) {
  const { t } = useTranslation('bank-accounts');
  const when = useWhen();
  const problem = account.sync_problem;
  return (
    <>
      <p className={styles.meta}>
        {account.last_synced_at
          ? t('sync.last', { when: when(account.last_synced_at) })
          : t('sync.never')}
      </p>
      {account.next_sync_at && problem === null ? (
        <p className={styles.meta}>{t('sync.next', { when: when(account.next_sync_at, true) })}</p>
      ) : null}
      {problem ? (
        <ProblemLine problem={problem} nextSyncAt={account.next_sync_at} owned={owned} />
      ) : null}
      {/* Without a consent nothing can be fetched: the problem line points to 'Vernieuw nu'. */}
      {owned && problem !== 'reauth_required' ? (
        <SyncNow userId={userId} account={account} describedBy={titleId} />
      ) : null}
    </>
  );
}
