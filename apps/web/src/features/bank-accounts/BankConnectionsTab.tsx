/**
 * The Banks tab of /transactions (docs/spec-map.md §2.9): 'Jouw gekoppelde rekeningnummers' (the
 * caller's own accounts, with 'Vernieuw nu' for bank links, 'Personen uitnodigen' and
 * 'Verwijderen') and 'Met jou gedeelde rekeningnummers' (read-only), and 'Bankrekening
 * toevoegen'. A linked account shows its sync (LinkedAccountStatus), a statement file's when it
 * was last imported. Revoked accounts never arrive (the API leaves them out). Ownership decides
 * the buttons: the owner is the one who may invite, renew, sync and remove
 * (docs/api-rules.md §13).
 */
import type { BankAccountSummary } from '@helder/shared/bank-accounts';
import { expiresOn } from '@helder/shared/bank-accounts/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { EmptyState } from '../../components/ui/EmptyState';
import { BankIcon, PlusIcon, TrashIcon, UsersIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { formatDate } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { paths } from '../../lib/paths';
import { useSession } from '../auth';
import { useBankAccounts } from './api';
import styles from './bank-accounts.module.css';
import { BankLogo } from './BankLogo';
import { formatIban } from '../../lib/iban';
import { daysUntil } from './format';
import { LinkedAccountStatus } from './LinkedAccountStatus';

function sharingKey(count: number) {
  if (count === 0) return 'account.sharedNone' as const;
  if (count === 1) return 'account.sharedOne' as const;
  return 'account.sharedMany' as const;
}

function daysLeftKey(days: number) {
  if (days < 0) return 'account.expired' as const;
  if (days === 0) return 'account.expiresToday' as const;
  if (days === 1) return 'account.daysLeftOne' as const;
  return 'account.daysLeftMany' as const;
}

/** 'Vernieuw nu': the add-bank flow for this account's bank, at the consent. */
const renewPath = (bankAccountId: number) => `${paths.addBank()}?id=${bankAccountId}`;

function AccountCard({
  userId,
  account,
  owned,
}: {
  userId: number;
  account: BankAccountSummary;
  owned: boolean;
}) {
  const { t, i18n } = useTranslation('bank-accounts');
  const titleId = useId();
  const language = i18n.resolvedLanguage ?? 'nl';
  // A statement file's account never expires (its date is far ahead for other clients).
  const expires = expiresOn(account.expiration_date);
  const days = expires ? daysUntil(expires) : null;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <BankLogo name={account.institution_name} logo={account.institution_logo} />
      <div className={styles.cardBody}>
        <h3 id={titleId} className={styles.institution}>
          {account.institution_name}
        </h3>
        {account.holder_name ? <p className={styles.holder}>{account.holder_name}</p> : null}
        <p className={styles.iban}>
          <span className="visually-hidden">{t('account.iban')} </span>
          {formatIban(account.iban)}
        </p>
        {expires ? (
          <p className={styles.meta}>
            {t('account.expires', { date: formatDate(expires, language) })}
            {days === null ? null : <> {t(daysLeftKey(days), { n: days })}</>}
          </p>
        ) : null}
        {owned ? (
          <p className={styles.meta}>
            {t(sharingKey(account.user_count), { n: account.user_count })}
          </p>
        ) : null}
        {account.provider === 'file' ? (
          <p className={styles.meta}>
            {account.last_synced_at
              ? t('account.lastImport', { date: formatDate(account.last_synced_at, language) })
              : t('account.neverImported')}
          </p>
        ) : (
          <LinkedAccountStatus userId={userId} account={account} owned={owned} titleId={titleId} />
        )}
      </div>
      {owned ? (
        <div className={styles.cardActions}>
          {account.provider !== 'file' && account.institution_id ? (
            <ButtonLink to={renewPath(account.id)} aria-describedby={titleId}>
              {t('account.renew')}
            </ButtonLink>
          ) : null}
          <ButtonLink
            to={paths.bankUsers(account.id)}
            icon={<UsersIcon size={18} />}
            aria-describedby={titleId}
          >
            {t('account.invite')}
          </ButtonLink>
          <ButtonLink
            to={paths.deleteBank(account.id)}
            variant="danger"
            icon={<TrashIcon size={18} />}
            aria-describedby={titleId}
          >
            {t('account.remove')}
          </ButtonLink>
        </div>
      ) : null}
    </article>
  );
}

function AccountSection({
  userId,
  title,
  empty,
  accounts,
  owned,
}: {
  userId: number;
  title: string;
  empty: string;
  accounts: BankAccountSummary[];
  owned: boolean;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {accounts.length === 0 ? (
        <EmptyState title={empty} icon={<BankIcon size={32} />} />
      ) : (
        <ul className={styles.cards}>
          {accounts.map((account) => (
            <li key={account.id}>
              <AccountCard userId={userId} account={account} owned={owned} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BankConnections({ userId }: { userId: number }) {
  const { t } = useTranslation('bank-accounts');
  const { t: tc } = useTranslation();
  const list = useBankAccounts(userId);

  let body;
  if (list.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner label={t('tab.loading')} />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className={styles.state}>
        <Alert>
          <p>{t('tab.loadFailed')}</p>
          <p>{tc('errors.loadFailed', { message: errorText(list.error) })}</p>
        </Alert>
        <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
          {t('tab.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <AccountSection
          userId={userId}
          title={t('tab.owned')}
          empty={t('tab.emptyOwned')}
          accounts={list.data.ownedBankAccounts}
          owned
        />
        <AccountSection
          userId={userId}
          title={t('tab.shared')}
          empty={t('tab.emptyShared')}
          accounts={list.data.usedBankAccounts}
          owned={false}
        />
      </>
    );
  }

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <ButtonLink to={paths.addBank()} variant="primary" icon={<PlusIcon size={18} />}>
          {t('tab.add')}
        </ButtonLink>
      </div>
      {body}
    </div>
  );
}

/** /transactions/bankconnections (and /transactions/bankaccounts): the logged-in user's banks. */
export function BankConnectionsTab() {
  const session = useSession();
  return (
    <>
      {session ? <BankConnections userId={session.userId} /> : null}
      <Outlet />
    </>
  );
}
