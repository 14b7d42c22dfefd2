// Pages: /contacts and /contacts/:userId (login only).
import { useTranslation } from 'react-i18next';
import { displayName, UserDetail, UsersPage, useUser } from '../../features/users';
import { usePageTitle } from '../../lib/page-title';
import { parseId } from '../../lib/params';
import { useParams } from 'react-router';

export function Users() {
  const { t } = useTranslation();
  usePageTitle(t('nav.users'));
  return <UsersPage />;
}

export function User() {
  const { t } = useTranslation();
  const user = useUser(parseId(useParams().userId));
  usePageTitle(user.data ? displayName(user.data) : undefined, t('nav.users'));
  return <UserDetail />;
}
