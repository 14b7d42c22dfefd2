import type { Regulation } from '@helder/shared/regulations';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { ActionMenu } from '../../components/ui/ActionMenu';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useCan } from '../auth';
import { ChartsPanel } from '../charts';
import { toPickedUser } from '../users';
import { useRegulation } from './api';
import { OverviewButton } from './OverviewButton';
import { useRegulationPath } from './paths';
import styles from './regulations.module.css';

type GrantSummary = Regulation['grants'][number];

/** What the grant list of a regulation gets (rendered by the grants feature, see the route). */
export interface RegulationGrantsProps {
  funderId: number;
  regulationId: number;
  grants: GrantSummary[];
  /**
   * Grant edit, delete, overseers and creating initiatives. The server grants them to admins and
   * the regulation's grant officers, exactly the holders of Regulation `create_grant`; so that one
   * answer stands for every grant of the regulation instead of one actions call per grant.
   */
  canManageGrants: boolean;
  /** The funder's overview of each grant: the holders of Regulation `overview` read every grant's. */
  canReadOverview?: boolean;
}

export interface RegulationDetailProps {
  /** The grant list (the grants feature builds on this one, so it is passed in by the route). */
  renderGrants?: (props: RegulationGrantsProps) => ReactNode;
}

function OfficerList({
  title,
  empty,
  officers,
}: {
  title: string;
  empty: string;
  officers: Regulation['grant_officers'];
}) {
  const headingId = useId();
  return (
    <section className={styles.officers} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {title}
      </h3>
      {officers.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.people}>
          {officers.map((officer) => {
            const person = toPickedUser(officer);
            return (
              <li key={officer.id} className={styles.person}>
                {person.name ? <span className={styles.personName}>{person.name}</span> : null}
                {person.email ? <span className={styles.personEmail}>{person.email}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * /sponsors/:sponsorId/regulations/:regulationId: name, description, grants and both officer
 * lists. Buttons follow Regulation actions: edit / delete; 'Medewerkers' (the officer modals) with
 * `set_officers` (admin-only on the server); adding grants with `create_grant`.
 */
export function RegulationDetail({ renderGrants }: RegulationDetailProps) {
  const { t } = useTranslation('regulations');
  const { t: tg } = useTranslation('grants');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const grantsTitleId = useId();
  const path = useRegulationPath();
  const { funderId, regulationId } = path;
  const regulation = useRegulation(path);
  const { can } = useCan('Regulation', regulationId);
  const canEdit = can('edit');
  const canDelete = can('delete');
  const canSetOfficers = can('set_officers');
  const canCreateGrant = can('create_grant');
  const canReadOverview = can('overview');

  if (regulation.isPending) {
    return (
      <div className={styles.panel}>
        <Spinner />
      </div>
    );
  }
  if (regulation.isError) {
    return (
      <div className={styles.panel}>
        <Alert>
          {isApiError(regulation.error) && regulation.error.status === 404
            ? t('detail.notFound')
            : tc('errors.loadFailed', { message: errorText(regulation.error) })}
        </Alert>
      </div>
    );
  }

  const data = regulation.data;
  const hasActions = canEdit || canDelete || canSetOfficers || canReadOverview;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {data.name}
        </h2>
        {hasActions ? (
          <div className={styles.actions} role="group" aria-label={t('detail.actions')}>
            {canEdit ? (
              <ButtonLink to="edit-regulation" size="small" icon={<PencilIcon size={18} />}>
                {t('detail.edit')}
              </ButtonLink>
            ) : null}
            {canDelete ? (
              <ButtonLink to="delete-regulation" size="small" icon={<TrashIcon size={18} />}>
                {t('detail.delete')}
              </ButtonLink>
            ) : null}
            {canReadOverview ? <OverviewButton scope={{ regulationId }} /> : null}
            {canSetOfficers ? (
              <ActionMenu
                label={t('detail.employeesMenu')}
                triggerText={t('detail.employees')}
                items={[
                  {
                    key: 'grant-officers',
                    label: t('officers.grantOfficers'),
                    onSelect: () => void navigate('add-employee'),
                  },
                  {
                    key: 'policy-officers',
                    label: t('officers.policyOfficers'),
                    onSelect: () => void navigate('add-officer'),
                  },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </header>
      <p className={styles.description}>{data.description}</p>

      <section className={styles.grants} aria-labelledby={grantsTitleId}>
        <div className={styles.sectionHeader}>
          <h3 id={grantsTitleId} className={styles.sectionTitle}>
            {tg('title')}
          </h3>
          {canCreateGrant ? (
            <ButtonLink to="add-grant" size="small" icon={<PlusIcon size={18} />}>
              {tg('add')}
            </ButtonLink>
          ) : null}
        </div>
        {renderGrants?.({
          funderId,
          regulationId,
          grants: data.grants,
          canManageGrants: canCreateGrant,
          canReadOverview,
        })}
      </section>

      <ChartsPanel
        level={3}
        heading={tc('charts.regulation')}
        charts={[{ type: 'initiatives', funderId, regulationId }]}
      />

      <div className={styles.officerLists}>
        <OfficerList
          title={t('officers.grantOfficers')}
          empty={t('officers.noGrantOfficers')}
          officers={data.grant_officers}
        />
        <OfficerList
          title={t('officers.policyOfficers')}
          empty={t('officers.noPolicyOfficers')}
          officers={data.policy_officers}
        />
      </div>

      {/* The regulation's modals render here. */}
      <Outlet />
    </section>
  );
}
