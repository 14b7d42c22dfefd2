/** Placeholders until the users (contacts) issue lands. */
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PlaceholderPage } from '../../components/ui/Placeholder';

export function UsersPage() {
  const { t } = useTranslation('users');
  return <PlaceholderPage title={t('title')} emptyText={t('empty')} />;
}

/** /contacts/:userId: the detail view next to the list; its modals render in the Outlet. */
export function UserDetail() {
  const { t } = useTranslation('users');
  return (
    <section aria-label={t('detailTitle')}>
      <Outlet />
    </section>
  );
}
