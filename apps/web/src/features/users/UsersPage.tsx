import type { User } from '@helder/shared/users';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { TopBar } from '../../components/ui/TopBar';
import { uniqueById } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useLoadMoreOnScroll } from '../../lib/useLoadMoreOnScroll';
import { useCan, useSession } from '../auth';
import { useUser, useUsersList } from './api';
import { Avatar } from './Avatar';
import { errorMessage, fullName, roleLabelKey } from './labels';
import styles from './users.module.css';

/**
 * More users load when the list is scrolled to within this distance of its end
 * (docs/spec-map.md §9).
 */
const SCROLL_THRESHOLD_PX = 50;

/** One entry of the directory: a link to the user's page with picture, name, role and labels. */
function UserLink({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const name = fullName(user);
  return (
    <NavLink
      to={paths.user(user.id)}
      className={({ isActive }) => `${styles.entry} ${isActive ? styles.entryActive : ''}`}
    >
      <Avatar user={user} />
      <span className={styles.entryText}>
        <span className={styles.entryName}>{name ?? user.email ?? `#${user.id}`}</span>
        {name && user.email ? <span className={styles.entryEmail}>{user.email}</span> : null}
        <span className={styles.entryMeta}>
          <span>{t(roleLabelKey(user))}</span>
          {user.hidden ? <span className={styles.badge}>{t('labels.hidden')}</span> : null}
          {user.is_active === false ? (
            <span className={`${styles.badge} ${styles.badgeWarning}`}>{t('labels.inactive')}</span>
          ) : null}
        </span>
      </span>
    </NavLink>
  );
}

/** The caller's own entry, always at the top (docs/spec-map.md §2.5). */
function OwnProfileEntry({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const me = useUser(userId);
  return (
    <div className={styles.own}>
      <h2 className={styles.sectionLabel}>{t('ownProfile')}</h2>
      {me.data ? (
        <UserLink user={me.data} />
      ) : me.isPending ? (
        <Spinner size="small" />
      ) : (
        <NavLink to={paths.user(userId)} className={styles.entry}>
          {t('ownProfile')}
        </NavLink>
      )}
    </div>
  );
}

/**
 * The directory: pages of 20 from GET /api/users?email=…; the next page loads when the list is
 * scrolled to within 50 px of its end (or when the loaded users do not fill the list yet), until a
 * page holds fewer than 20. Duplicates (offsets shift when users are added) are dropped.
 */
function UsersList({ email, ownId }: { email: string; ownId: number }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const list = useUsersList(email);
  const { ref: scrollRef, onScroll } = useLoadMoreOnScroll<HTMLDivElement>(
    list,
    SCROLL_THRESHOLD_PX,
  );
  const users = useMemo(
    () => uniqueById(list.data?.pages.flat() ?? []).filter((user) => user.id !== ownId),
    [list.data, ownId],
  );

  // A new search starts at the top of the list.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [email, scrollRef]);

  // A user opened by URL is shown in the list, once their entry has loaded; only the list
  // scrolls (not the page), and only once per user, so it never fights the reader's scrolling.
  const { userId } = useParams();
  const revealed = useRef<string | undefined>(undefined);
  useEffect(() => {
    const box = scrollRef.current;
    const entry = box?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!box || !entry || revealed.current === userId) return;
    revealed.current = userId;
    const boxTop = box.getBoundingClientRect().top;
    const { top, bottom } = entry.getBoundingClientRect();
    if (top < boxTop || bottom > boxTop + box.clientHeight) {
      box.scrollTop += top - boxTop - (box.clientHeight - (bottom - top)) / 2;
    }
  }, [userId, users, scrollRef]);

  let content;
  if (list.isPending) {
    content = (
      <div className={styles.listState}>
        <Spinner />
      </div>
    );
  } else if (list.isError && !list.isFetchNextPageError) {
    content = (
      <div className={styles.listState}>
        <Alert>{tc('errors.loadFailed', { message: errorMessage(list.error) })}</Alert>
      </div>
    );
  } else if (users.length === 0) {
    content = (
      <div className={styles.listState}>
        <EmptyState title={t('empty')} />
      </div>
    );
  } else {
    content = (
      <ul className={styles.entries}>
        {users.map((user) => (
          <li key={user.id}>
            <UserLink user={user} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      onScroll={onScroll}
      role="region"
      aria-label={t('listLabel')}
      aria-busy={list.isFetching || undefined}
      data-testid="users-scroller"
    >
      {content}
      {list.isFetchingNextPage ? (
        <div className={styles.listState}>
          <Spinner size="small" label={t('loadingMore')} />
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <div className={styles.listState}>
          <Alert>{tc('errors.loadFailed', { message: errorMessage(list.error) })}</Alert>
        </div>
      ) : null}
    </div>
  );
}

/**
 * /contacts (docs/spec-map.md §2.5): the own-profile entry, the searchable directory and, next to
 * it (above 768 px) or instead of it (768 px and less), the selected user's page. Modals render in
 * the Outlet.
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const session = useSession();
  const navigate = useNavigate();
  const { userId } = useParams();
  const [search, setSearch] = useState('');
  const email = useDebouncedValue(search.trim());
  const canCreate = useCan('User').can('create');
  const showsDetail = userId !== undefined;

  // RequireSession renders this page only with a session.
  if (!session) return null;

  return (
    <div className={styles.page} data-detail={showsDetail}>
      <div className={styles.top}>
        <TopBar
          title={t('title')}
          canCreate={canCreate}
          onCreate={() => void navigate(paths.addUser())}
          createLabel={t('addUserButton')}
          search={search}
          onSearchChange={setSearch}
          searchLabel={t('searchLabel')}
        />
      </div>
      <div className={styles.layout}>
        <div className={styles.listPanel}>
          <OwnProfileEntry userId={session.userId} />
          <UsersList email={email} ownId={session.userId} />
        </div>
        <div className={styles.detailPanel}>
          {/* On a phone the user's page stands alone, without the top bar: it keeps its title. */}
          {showsDetail ? <h1 className={styles.detailTitle}>{t('title')}</h1> : null}
          {showsDetail ? null : <p className={styles.selectHint}>{t('selectUser')}</p>}
          <Outlet />
        </div>
      </div>
    </div>
  );
}
