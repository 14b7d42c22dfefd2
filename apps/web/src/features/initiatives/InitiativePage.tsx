import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PlusIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { HistoryPanel, useHistoryEarly } from '../audit';
import { useCan, useEntityEditFields, useSession } from '../auth';
import { ChartsPanel } from '../charts';
import { useInitiative } from './api';
import { DetailLayout } from './DetailLayout';
import { ActivityList, DetailsTab, FundersTab, OwnersTab } from './DetailTabs';
import type { InitiativeLinkState } from './InitiativesPage';
import styles from './tabs.module.css';
import { INITIATIVE_TABS, useActiveTab, type DetailSlots, type TabState } from './tabs';

export interface InitiativeViewProps {
  id: number;
  slots: DetailSlots;
}

/**
 * An initiative in the detail layout: header, 'Beheer initiatief' (edit) and 'Verwijder
 * initiatief' (delete) by permission, and the six tabs. Used by /funds/:id/:tab and as the right
 * panel of the activities screen when no activity is chosen.
 */
export function InitiativeView({ id, slots }: InitiativeViewProps) {
  const { t } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const initiative = useInitiative(id);
  const { can } = useCan('Initiative', id);
  // Warm the edit-fields cache, so the manage modal opens with its fields.
  useEntityEditFields(can('edit') ? { entity_class: 'Initiative', entity_id: id } : null);
  const activeTab = useActiveTab(paths.initiative(id), INITIATIVE_TABS);
  slots.usePaymentsEarly({ initiativeId: id }, activeTab.key === 'payments');
  useHistoryEarly();
  const state: TabState = { tab: activeTab.segment };
  const fallbackTitle =
    (location.state as InitiativeLinkState | null)?.initiativeName ?? t('detailTitle');

  let status;
  if (initiative.isError) {
    status = (
      <Alert tone={isNotFound(initiative.error) ? 'info' : 'error'}>
        {isNotFound(initiative.error)
          ? t('detail.notFound')
          : tc('errors.loadFailed', { message: t('detail.loadFailed') })}
      </Alert>
    );
  } else {
    status = <Spinner label={t('detail.loading')} />;
  }

  const data = initiative.data;
  let content = null;
  if (data) {
    switch (activeTab.key) {
      case 'payments':
        content = slots.payments({ initiativeId: id });
        break;
      case 'activities':
        content = (
          <div className={styles.tabBody}>
            {can('create_activity') ? (
              <div className={styles.tabActions}>
                <ButtonLink
                  to={paths.addActivity(id)}
                  state={state}
                  variant="primary"
                  icon={<PlusIcon size={18} />}
                >
                  {t('activities.add')}
                </ButtonLink>
              </div>
            ) : null}
            <ActivityList
              initiativeId={id}
              activities={data.activities}
              label={t('activities.listLabel')}
            />
          </div>
        );
        break;
      case 'details':
        content = <DetailsTab values={data} />;
        break;
      case 'funders':
        content = <FundersTab initiative={data} />;
        break;
      case 'media':
        content = slots.media({ initiativeId: id });
        break;
      case 'owners':
        content = (
          <OwnersTab
            owners={data.initiative_owners}
            emptyText={t('owners.empty')}
            listLabel={t('owners.listLabel')}
            addButton={
              session && can('set_owners') ? (
                <ButtonLink
                  to={paths.initiativeOwners(id)}
                  variant="primary"
                  icon={<PlusIcon size={18} />}
                >
                  {t('owners.add')}
                </ButtonLink>
              ) : null
            }
          />
        );
        break;
    }
  }

  return (
    <DetailLayout
      breadcrumbs={[
        { label: t('detail.root'), to: paths.initiatives() },
        { label: data?.name ?? fallbackTitle },
      ]}
      entity={data ?? null}
      fallbackTitle={fallbackTitle}
      status={status}
      actionsLabel={t('detail.actions')}
      actions={{
        edit: can('edit') && { to: paths.editInitiative(id), label: t('detail.edit') },
        remove: can('delete') && { to: paths.deleteInitiative(id), label: t('detail.delete') },
        state,
        extra: slots.verantwoording({ initiativeId: id }),
      }}
      tabsLabel={t('tabs.label')}
      tabs={INITIATIVE_TABS.map((tab) => ({
        ...tab,
        label: t(`tabs.${tab.key}`),
        to: paths.initiative(id, tab.key),
      }))}
      activeTab={activeTab}
      footer={
        <>
          {data ? (
            <ChartsPanel
              charts={[
                {
                  type: 'activities',
                  items: data.activities.map((activity) => ({
                    id: activity.id,
                    label: activity.name,
                    budget: activity.budget,
                    expenses: activity.expenses,
                  })),
                },
                { type: 'cumulative', initiativeId: id },
              ]}
            />
          ) : null}
          <HistoryPanel entityClass="Initiative" entityId={id} />
        </>
      }
    >
      {content}
    </DetailLayout>
  );
}

function isNotFound(error: unknown) {
  return isApiError(error) && error.status === 404;
}

/** /funds/:initiativeId[/:tab]: the initiative; its modals render in the Outlet. */
export function InitiativePage({ slots }: { slots: DetailSlots }) {
  const id = useIdParam('initiativeId');
  return (
    <>
      <InitiativeView id={id} slots={slots} />
      <Outlet />
    </>
  );
}
