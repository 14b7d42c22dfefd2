/**
 * The activities screen (docs/spec-map.md §2.7): /funds/:id/activities[/:activityId]. Left the
 * initiative's activities (hidden at 768 px and less), right the initiative when none is chosen,
 * else the activity, both in the one detail layout.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PlusIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { HistoryPanel, useHistoryEarly } from '../audit';
import { useCan, useEntityEditFields, useSession } from '../auth';
import {
  ACTIVITY_TABS,
  ActivityList,
  DetailLayout,
  DetailsTab,
  FundersTab,
  InitiativeView,
  OwnersTab,
  useActiveTab,
  useInitiative,
  type DetailSlots,
  type InitiativeLinkState,
  type TabState,
} from '../initiatives';
import { useActivity } from './api';
import styles from './activities.module.css';

/** The activity id of the URL, or undefined on /funds/:id/activities. */
function useActivityIdParam(): number | undefined {
  const { activityId } = useParams();
  if (activityId === undefined) return undefined;
  const id = Number(activityId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function SideList({ initiativeId, currentId }: { initiativeId: number; currentId?: number }) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation();
  const titleId = useId();
  const initiative = useInitiative(initiativeId);
  let content;
  if (initiative.data) {
    content = (
      <ActivityList
        initiativeId={initiativeId}
        activities={initiative.data.activities}
        currentId={currentId}
        label={t('list.label')}
      />
    );
  } else if (initiative.isError) {
    content = <Alert>{tc('errors.loadFailed', { message: t('detail.loadFailed') })}</Alert>;
  } else {
    content = <Spinner label={t('list.loading')} />;
  }
  return (
    <aside className={styles.side} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sideTitle}>
        {t('title')}
      </h2>
      {content}
    </aside>
  );
}

interface ActivityViewProps {
  initiativeId: number;
  activityId: number;
  slots: DetailSlots;
}

/** An activity in the detail layout: 'Beheer activiteit', 'Verwijder activiteit' and five tabs. */
function ActivityView({ initiativeId, activityId, slots }: ActivityViewProps) {
  const { t } = useTranslation('activities');
  const { t: ti } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const activity = useActivity(initiativeId, activityId);
  const initiative = useInitiative(initiativeId);
  const { can } = useCan('Activity', activityId);
  useEntityEditFields(can('edit') ? { entity_class: 'Activity', entity_id: activityId } : null);
  const activeTab = useActiveTab(paths.activity(initiativeId, activityId), ACTIVITY_TABS);
  slots.usePaymentsEarly({ initiativeId, activityId }, activeTab.key === 'payments');
  useHistoryEarly();
  const state: TabState = { tab: activeTab.segment };
  const initiativeName =
    initiative.data?.name ??
    activity.data?.initiative.name ??
    (location.state as InitiativeLinkState | null)?.initiativeName ??
    ti('detailTitle');

  const notFound = isApiError(activity.error) && activity.error.status === 404;
  const status = activity.isError ? (
    <Alert tone={notFound ? 'info' : 'error'}>
      {notFound
        ? t('detail.notFound')
        : tc('errors.loadFailed', { message: t('detail.loadFailed') })}
    </Alert>
  ) : (
    <Spinner label={t('detail.loading')} />
  );

  const data = activity.data;
  let content = null;
  if (data) {
    const scope = { initiativeId, activityId };
    switch (activeTab.key) {
      case 'payments':
        content = slots.payments(scope);
        break;
      case 'details':
        content = (
          <DetailsTab
            values={{
              ...data,
              kvk_registration: data.initiative.kvk_registration,
              location: data.initiative.location,
            }}
          />
        );
        break;
      case 'funders':
        content = initiative.data ? (
          <FundersTab initiative={initiative.data} />
        ) : initiative.isError ? (
          <Alert>{tc('errors.loadFailed', { message: ti('detail.loadFailed') })}</Alert>
        ) : (
          <Spinner />
        );
        break;
      case 'media':
        content = slots.media(scope);
        break;
      default:
        content = (
          <OwnersTab
            owners={data.activity_owners}
            emptyText={t('owners.empty')}
            listLabel={t('owners.listLabel')}
            addButton={
              session && can('set_owners') ? (
                <ButtonLink
                  to={paths.activityOwners(initiativeId, activityId)}
                  variant="primary"
                  icon={<PlusIcon size={18} />}
                >
                  {t('owners.add')}
                </ButtonLink>
              ) : null
            }
          />
        );
    }
  }

  return (
    <DetailLayout
      breadcrumbs={[
        { label: ti('detail.root'), to: paths.initiatives() },
        { label: initiativeName, to: paths.activities(initiativeId) },
        { label: data?.name ?? t('detailTitle') },
      ]}
      entity={data ?? null}
      fallbackTitle={t('detailTitle')}
      status={status}
      actionsLabel={t('detail.actions')}
      actions={{
        edit: can('edit') && {
          to: paths.editActivity(initiativeId, activityId),
          label: t('detail.edit'),
        },
        remove: can('delete') && {
          to: paths.deleteActivity(initiativeId, activityId),
          label: t('detail.delete'),
        },
        state,
        extra: slots.verantwoording({ initiativeId, activityId }),
      }}
      tabsLabel={t('tabs.label')}
      tabs={ACTIVITY_TABS.map((tab) => ({
        ...tab,
        label: ti(`tabs.${tab.key}`),
        to: paths.activity(initiativeId, activityId, tab.key),
      }))}
      activeTab={activeTab}
      footer={<HistoryPanel entityClass="Activity" entityId={activityId} />}
    >
      {content}
    </DetailLayout>
  );
}

/** /funds/:initiativeId/activities: the side list and the initiative or the chosen activity. */
export function ActivitiesScreen({ slots }: { slots: DetailSlots }) {
  const initiativeId = useIdParam('initiativeId');
  const activityId = useActivityIdParam();
  return (
    <div className={styles.screen}>
      <SideList initiativeId={initiativeId} {...(activityId ? { currentId: activityId } : {})} />
      <div className={styles.main}>
        {activityId === undefined ? <InitiativeView id={initiativeId} slots={slots} /> : <Outlet />}
      </div>
    </div>
  );
}

/** /funds/:initiativeId/activities/:activityId[/:tab]: the activity; its modals in the Outlet. */
export function ActivityPage({ slots }: { slots: DetailSlots }) {
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  return (
    <>
      <ActivityView initiativeId={initiativeId} activityId={activityId} slots={slots} />
      <Outlet />
    </>
  );
}
