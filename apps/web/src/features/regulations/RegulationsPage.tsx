import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Breadcrumbs, type Crumb } from '../../components/ui/Breadcrumbs';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { PlusIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { SponsorLogo } from '../../components/ui/SponsorLogo';
import { TopBar } from '../../components/ui/TopBar';
import { errorText } from '../../lib/error-text';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { useCan } from '../auth';
import { ChartsPanel } from '../charts';
import { OpenDataLinks, useFunder } from '../funders';
import { useRegulations } from './api';
import styles from './regulations.module.css';

/**
 * /sponsors/:sponsorId[/regulations[/:regulationId]]: breadcrumbs, the sponsor's regulations as
 * a side list and the chosen regulation as the detail panel (the nested route). At 768 px or
 * less the list and the detail stack. 'Regeling toevoegen' sits with the list's heading (not alone
 * in the top bar, where on a phone it stood apart from the list) and needs Funder
 * `create_regulation`.
 */
export function RegulationsPage() {
  const { t } = useTranslation('regulations');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const funderId = useIdParam('sponsorId');
  const { regulationId } = useParams();
  const funder = useFunder(funderId);
  const regulations = useRegulations(funderId);
  const canCreate = useCan('Funder', funderId).can('create_regulation');

  const current = regulations.data?.find((regulation) => String(regulation.id) === regulationId);
  const crumbs: Crumb[] = [
    { label: t('breadcrumbs.funders'), to: paths.funders() },
    { label: t('breadcrumbs.regulations'), to: current ? paths.regulations(funderId) : undefined },
    ...(current ? [{ label: current.name }] : []),
  ];
  const funderName = funder.data?.name ?? '';

  let list;
  if (regulations.isPending) {
    list = <Spinner />;
  } else if (regulations.isError) {
    list = (
      <Alert>
        {tc('errors.loadFailed', { message: errorText(regulations.error) })}
        <div>
          <Button variant="secondary" onClick={() => void regulations.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Alert>
    );
  } else if (regulations.data.length === 0) {
    list = <EmptyState title={t('empty')} />;
  } else {
    list = (
      <ul className={styles.list}>
        {regulations.data.map((regulation) => (
          <li key={regulation.id}>
            <NavLink
              to={paths.regulation(funderId, regulation.id)}
              className={({ isActive }) =>
                isActive ? `${styles.listLink} ${styles.active}` : styles.listLink
              }
            >
              {regulation.name}
            </NavLink>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <Breadcrumbs label={t('breadcrumbs.label')} items={crumbs} />
      <TopBar
        title={
          funderName ? (
            <span className={styles.titleWithLogo}>
              <SponsorLogo logo={funder.data?.logo} name={funderName} size="large" />
              {funderName}
            </span>
          ) : (
            t('title')
          )
        }
        subtitle={funderName ? t('title') : undefined}
      />
      {funder.data ? <OpenDataLinks funderId={funderId} funderName={funderName} /> : null}
      {funder.isError ? (
        <Alert>{tc('errors.loadFailed', { message: errorText(funder.error) })}</Alert>
      ) : (
        <div className={styles.layout}>
          <nav
            className={styles.side}
            aria-label={funderName ? t('listLabel', { sponsor: funderName }) : t('title')}
          >
            <div className={styles.sideHeader}>
              <h2 className={styles.sideTitle}>{t('title')}</h2>
              {canCreate ? (
                <Button
                  variant="secondary"
                  size="small"
                  icon={<PlusIcon size={18} />}
                  onClick={() => void navigate(paths.addRegulation(funderId))}
                >
                  {t('add')}
                </Button>
              ) : null}
            </div>
            {list}
          </nav>
          <div className={styles.detail}>
            {regulationId === undefined &&
            regulations.data !== undefined &&
            regulations.data.length > 0 ? (
              <p className={styles.choose}>{t('choose')}</p>
            ) : null}
            {/* The regulation detail, or the create-regulation modal. */}
            <Outlet />
          </div>
        </div>
      )}
      {regulations.data && regulations.data.length > 0 ? (
        <ChartsPanel
          heading={tc('charts.funder')}
          charts={[
            {
              type: 'grants',
              funderId,
              regulationIds: regulations.data.map((regulation) => regulation.id),
            },
          ]}
        />
      ) : null}
    </>
  );
}
