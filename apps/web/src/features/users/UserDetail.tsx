import { expiresOn } from '@helder/shared/bank-accounts/client';
import type { User } from '@helder/shared/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import buttonStyles from '../../components/ui/Button.module.css';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { PageSpinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { formatIban } from '../../lib/iban';
import { paths } from '../../lib/paths';
import { HistoryPanel } from '../audit';
import { useCan, useEntityEditFields, useSession } from '../auth';
import { useUser } from './api';
import { Avatar } from './Avatar';
import { useUserIdParam } from './hooks';
import { displayName, errorMessage, roleLabelKey } from './labels';
import styles from './users.module.css';

type BankAccount = NonNullable<User['owned_bank_accounts']>[number];

function sharingKey(count: number) {
  if (count === 0) return 'detail.sharedNone' as const;
  if (count === 1) return 'detail.sharedOne' as const;
  return 'detail.sharedMany' as const;
}

/** The user's own linked bank accounts (only the user themself receives them). */
function BankAccounts({ accounts }: { accounts: BankAccount[] }) {
  const { t, i18n } = useTranslation('users');
  const active = accounts.filter((account) => !account.is_revoked);
  return (
    <section className={styles.section} aria-labelledby="user-bank-accounts">
      <h3 id="user-bank-accounts" className={styles.sectionTitle}>
        {t('detail.bankAccounts')}
      </h3>
      {active.length === 0 ? (
        <p className={styles.muted}>{t('detail.noBankAccounts')}</p>
      ) : (
        <ul className={styles.bankList}>
          {active.map((account) => {
            const expires = expiresOn(account.expiration_date);
            return (
              <li key={account.id} className={styles.bank}>
                <span className={styles.bankName}>{account.institution_name}</span>
                <span className={styles.iban}>{formatIban(account.iban)}</span>
                {expires ? (
                  <span className={styles.muted}>
                    {t('detail.expires', {
                      date: formatDate(expires, i18n.resolvedLanguage ?? 'nl'),
                    })}
                  </span>
                ) : null}
                <span className={styles.muted}>
                  {t(sharingKey(account.user_count), { number: account.user_count })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to={paths.bankConnections()}>{t('detail.manageBanks')}</Link>
      </p>
    </section>
  );
}

function LinkedItems({ user }: { user: User }) {
  const { t } = useTranslation('users');
  return (
    <>
      <section className={styles.section} aria-labelledby="user-initiatives">
        <h3 id="user-initiatives" className={styles.sectionTitle}>
          {t('detail.initiatives')}
        </h3>
        {user.initiatives.length === 0 ? (
          <p className={styles.muted}>{t('detail.noInitiatives')}</p>
        ) : (
          <ul className={styles.links}>
            {user.initiatives.map((initiative) => (
              <li key={initiative.id}>
                <Link to={paths.initiative(initiative.id, 'activities')}>{initiative.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="user-activities">
        <h3 id="user-activities" className={styles.sectionTitle}>
          {t('detail.activities')}
        </h3>
        {user.activities.length === 0 ? (
          <p className={styles.muted}>{t('detail.noActivities')}</p>
        ) : (
          <ul className={styles.links}>
            {user.activities.map((activity) => (
              <li key={activity.id}>
                <Link to={paths.activity(activity.initiative_id, activity.id)}>
                  {activity.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * Buttons by permission (docs/spec-map.md §2.5): Profiel/Instellingen with edit, Verwijderen with
 * delete.
 */
function DetailActions({ userId, isSelf }: { userId: number; isSelf: boolean }) {
  const { t } = useTranslation('users');
  const { can } = useCan('User', userId);
  // Warm the edit-fields cache, so the edit modals open with their fields.
  useEntityEditFields(can('edit') ? { entity_class: 'User', entity_id: userId } : null);

  // Links that look like buttons: they open the modal routes.
  const link = (variant: 'primary' | 'secondary' | 'danger') => ({
    className: `${buttonStyles.button} ${buttonStyles[variant]}`,
    'data-variant': variant,
  });
  if (!can('edit') && !can('delete') && !isSelf) return null;
  return (
    <div className={styles.actions} role="group" aria-label={t('detail.actions')}>
      {can('edit') ? (
        <>
          <Link to="edit-profile" {...link('primary')}>
            {t('detail.editProfile')}
          </Link>
          <Link to="edit-settings" {...link('secondary')}>
            {t('detail.editSettings')}
          </Link>
        </>
      ) : null}
      {isSelf ? (
        <Link to="change-password" {...link('secondary')}>
          {t('detail.changePassword')}
        </Link>
      ) : null}
      {can('delete') ? (
        <Link to="delete-user" {...link('danger')}>
          {t('detail.delete')}
        </Link>
      ) : null}
    </div>
  );
}

function UserProfile({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { t } = useTranslation('users');
  const headingId = useId();
  const name = displayName(user);
  return (
    <article className={styles.detail} aria-labelledby={headingId}>
      <header className={styles.detailHeader}>
        <Avatar user={user} size="large" alt={t('detail.picture', { name })} />
        <div className={styles.detailHeading}>
          <h2 id={headingId} className={styles.detailName}>
            {name}
          </h2>
          <p className={styles.entryMeta}>
            <span>{t(roleLabelKey(user))}</span>
            {user.hidden ? <span className={styles.badge}>{t('labels.hidden')}</span> : null}
            {user.is_active === false ? (
              <span className={`${styles.badge} ${styles.badgeWarning}`}>
                {t('labels.inactive')}
              </span>
            ) : null}
          </p>
        </div>
      </header>

      <DetailActions userId={user.id} isSelf={isSelf} />

      <dl className={styles.facts}>
        {user.email ? (
          <div>
            <dt>{t('detail.email')}</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('detail.role')}</dt>
          <dd>{t(roleLabelKey(user))}</dd>
        </div>
        <div>
          <dt>{t('detail.biography')}</dt>
          <dd className={styles.biography}>
            {user.biography?.trim() ? (
              user.biography
            ) : (
              <span className={styles.muted}>{t('detail.noBiography')}</span>
            )}
          </dd>
        </div>
      </dl>

      <LinkedItems user={user} />
      {isSelf && user.owned_bank_accounts ? (
        <BankAccounts accounts={user.owned_bank_accounts} />
      ) : null}
      <HistoryPanel entityClass="User" entityId={user.id} level={3} />
    </article>
  );
}

/** /contacts/:userId: the user's page (next to the list, or on its own at 768 px or less). */
export function UserDetail() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const session = useSession();
  const id = useUserIdParam();
  const user = useUser(id);

  let content;
  if (id === null || (user.isError && isApiError(user.error) && user.error.status === 404)) {
    content = <Alert tone="info">{t('detail.notFound')}</Alert>;
  } else if (user.isError) {
    content = <Alert>{tc('errors.loadFailed', { message: errorMessage(user.error) })}</Alert>;
  } else if (user.data) {
    content = <UserProfile user={user.data} isSelf={user.data.id === session?.userId} />;
  } else {
    content = <PageSpinner />;
  }

  return (
    <>
      <Link to={paths.users()} className={styles.backLink}>
        <ArrowLeftIcon size={18} />
        {t('detail.back')}
      </Link>
      {content}
      <Outlet />
    </>
  );
}
