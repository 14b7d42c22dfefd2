import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { ActionMenu, type ActionMenuItem } from '../../components/ui/ActionMenu';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { PencilIcon, TrashIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { SponsorLogo } from '../../components/ui/SponsorLogo';
import { TopBar } from '../../components/ui/TopBar';
import { errorText } from '../../lib/error-text';
import { paths } from '../../lib/paths';
import { useCan } from '../auth';
import { useFunders } from './api';
import styles from './funders.module.css';

/**
 * /sponsors: the sponsors in pages of 20 ("Meer laden"), filtered by the search box on what is
 * loaded. The '+' needs class-level Funder `create`; the per-sponsor menu (edit, delete) Funder
 * `edit` / `delete`. Funders have no scoped roles (the same answer for every funder), so the
 * actions of the first sponsor stand for all of them: one request instead of one per row.
 */
export function FundersPage() {
  const { t } = useTranslation('funders');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const funders = useFunders();
  const first = funders.data?.[0];
  const canCreate = useCan('Funder').can('create');
  const { can } = useCan('Funder', first?.id, { enabled: first !== undefined });
  const canEdit = can('edit');
  const canDelete = canEdit && can('delete');

  const term = search.trim().toLowerCase();
  const shown = (funders.data ?? []).filter((funder) => funder.name.toLowerCase().includes(term));

  const menuItems = (id: number): ActionMenuItem[] => [
    ...(canEdit
      ? [
          {
            key: 'edit',
            label: t('menu.edit'),
            icon: <PencilIcon size={18} />,
            onSelect: () => void navigate(paths.editFunder(id)),
          },
        ]
      : []),
    ...(canDelete
      ? [
          {
            key: 'delete',
            label: t('menu.delete'),
            icon: <TrashIcon size={18} />,
            tone: 'danger' as const,
            onSelect: () => void navigate(paths.deleteFunder(id)),
          },
        ]
      : []),
  ];

  let content;
  if (funders.isPending) {
    content = (
      <div className={styles.center}>
        <Spinner size="large" />
      </div>
    );
  } else if (funders.isError) {
    content = (
      <Alert>
        {tc('errors.loadFailed', { message: errorText(funders.error) })}
        <div>
          <Button variant="secondary" onClick={() => void funders.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Alert>
    );
  } else if (shown.length === 0) {
    content = <EmptyState title={term ? t('noMatches') : t('empty')} />;
  } else {
    content = (
      <>
        <ul className={styles.list} aria-label={t('listLabel')}>
          {shown.map((funder) => {
            const items = menuItems(funder.id);
            return (
              <li key={funder.id} className={styles.card}>
                <SponsorLogo
                  logo={funder.logo}
                  name={funder.name}
                  size="small"
                  fallback="monogram"
                />
                <div className={styles.text}>
                  <Link to={paths.regulations(funder.id)} className={styles.name}>
                    {funder.name}
                  </Link>
                  <a
                    href={funder.url}
                    className={styles.url}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {funder.url}
                  </a>
                </div>
                {items.length > 0 ? (
                  <div className={styles.menu}>
                    <ActionMenu label={t('menu.label', { name: funder.name })} items={items} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
        {funders.hasNextPage ? (
          <div className={styles.more}>
            <Button
              variant="secondary"
              busy={funders.isFetchingNextPage}
              onClick={() => void funders.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <TopBar
        title={t('title')}
        canCreate={canCreate}
        onCreate={() => void navigate(paths.addFunder())}
        createLabel={t('add')}
        search={search}
        onSearchChange={setSearch}
      />
      {content}
      {/* The sponsor modals render here. */}
      <Outlet />
    </>
  );
}
