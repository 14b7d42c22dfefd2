/**
 * Tab contents shared by initiatives and activities: Details, Sponsoren, Gebruikers, and the
 * activity cards (the Activiteiten tab and the side list of the activities screen).
 */
import type { ActivitySummary, Initiative, Owner } from '@helder/shared/initiatives';
import { formatEuro } from '@helder/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { paths } from '../../lib/paths';
import { useSession } from '../auth';
import { BudgetBar } from './BudgetBar';
import { budgetFigures } from './figures';
import { OverBudget } from './OverBudget';
import parts from './parts.module.css';
import styles from './tabs.module.css';

/**
 * Details (docs/spec-map.md §2.7): Naam, Beschrijving, Doel, Doelgroep, Kamer van Koophandel,
 * Locatie-inflatie; for anonymous visitors only those that are filled in.
 */
export function DetailsTab({
  values,
}: {
  values: {
    name: string;
    description: string;
    purpose: string;
    target_audience: string;
    kvk_registration: string | null;
    location: string | null;
  };
}) {
  const { t } = useTranslation('initiatives');
  // Anonymous visitors see what is known; logged-in readers also see what is still missing.
  const visitor = useSession() === null;
  const rows: [string, string | null][] = [
    [t('details.name'), values.name],
    [t('details.description'), values.description],
    [t('details.purpose'), values.purpose],
    [t('details.targetAudience'), values.target_audience],
    [t('details.kvk'), values.kvk_registration],
    [t('details.location'), values.location],
  ];
  const shown = visitor ? rows.filter(([, value]) => value?.trim()) : rows;
  return (
    <dl className={styles.facts}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value?.trim() ? value : <span className={styles.muted}>{t('details.unknown')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Sponsoren (docs/spec-map.md §2.7): funder, regulation, grant, decision number, budget and the two
 * 'Verantwoord' fields ('Nee' unless the grant says otherwise); a notice when they are hidden.
 */
export function FundersTab({
  initiative,
}: {
  initiative: Pick<Initiative, 'grant' | 'sponsors_hidden'>;
}) {
  const { t } = useTranslation('initiatives');
  const grant = initiative.grant;
  if (initiative.sponsors_hidden || !grant) {
    return <p className={styles.notice}>{t('funders.hidden')}</p>;
  }
  // The logo's thumbnail drawn here, not through the sponsors' SponsorLogo: a shared chunk of
  // its own would cost this page a request and its budget (docs/decisions/0027) more bytes.
  const logo = grant.funder.logo?.attachment_thumbnail_url_128;
  const rows: [string, string, ReactNode][] = [
    [
      'funder',
      t('funders.funder'),
      <span className={styles.sponsor}>
        {logo ? (
          <img
            src={logo}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            className={styles.sponsorLogo}
          />
        ) : null}
        {grant.funder.name}
      </span>,
    ],
    ['regulation', t('funders.regulation'), grant.regulation.name],
    ['grant', t('funders.grant'), grant.name],
    ['reference', t('funders.reference'), grant.reference],
    ['budget', t('funders.budget'), formatEuro(grant.budget)],
    ['accounted-1', t('funders.accounted'), grant.verantwoordelijk || t('funders.no')],
    ['accounted-2', t('funders.accounted'), grant.verantwoordelijkheid || t('funders.no')],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ownerName(owner: Owner): string {
  const name = [owner.first_name, owner.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || owner.email || `#${owner.id}`;
}

function initials(owner: Owner): string {
  const fromName = `${owner.first_name?.trim().charAt(0) ?? ''}${owner.last_name?.trim().charAt(0) ?? ''}`;
  return (fromName || owner.email?.charAt(0) || '?').toUpperCase();
}

/**
 * Gebruikers (docs/spec-map.md §2.7): the owners with picture, name and (for logged-in viewers; the
 * API leaves it out otherwise) e-mail; the add button when the caller may set owners.
 */
export function OwnersTab({
  owners,
  emptyText,
  listLabel,
  addButton,
}: {
  owners: Owner[];
  emptyText: string;
  listLabel: string;
  addButton?: ReactNode;
}) {
  return (
    <div className={styles.tabBody}>
      {addButton ? <div className={styles.tabActions}>{addButton}</div> : null}
      {owners.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <ul className={styles.owners} aria-label={listLabel}>
          {owners.map((owner) => {
            const src =
              owner.profile_picture?.attachment_thumbnail_url_128 ??
              owner.profile_picture?.attachment_thumbnail_url_256;
            return (
              <li key={owner.id} className={styles.owner}>
                {src ? (
                  <img
                    src={src}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className={styles.avatar}
                  />
                ) : (
                  <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
                    {initials(owner)}
                  </span>
                )}
                <span className={styles.ownerText}>
                  <span className={styles.ownerName}>{ownerName(owner)}</span>
                  {owner.email ? (
                    <a href={`mailto:${owner.email}`} className={styles.ownerEmail}>
                      {owner.email}
                    </a>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * One activity as a card (docs/spec-map.md §2.7 side list): name, bar, Toegekend / Besteed /
 * Beschikbaar and 'Verborgen'. A link to the activity; `current` marks the one on screen.
 */
function ActivityCard({
  initiativeId,
  activity,
  current = false,
  headingLevel = 3,
}: {
  initiativeId: number;
  activity: ActivitySummary;
  current?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('initiatives');
  const figures = budgetFigures(activity);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.activityCard} data-current={current}>
      <Heading className={styles.activityName}>
        <Link
          to={paths.activity(initiativeId, activity.id)}
          className={parts.cardLink}
          aria-current={current ? 'page' : undefined}
        >
          {activity.name}
        </Link>
      </Heading>
      {activity.hidden ? (
        <p>
          <span className={parts.badge}>{t('labels.hidden')}</span>
        </p>
      ) : null}
      <BudgetBar money={activity} />
      <dl className={styles.activityFigures}>
        <div>
          <dt>{t('budget.allocatedShort')}</dt>
          <dd>{formatEuro(figures.allocated)}</dd>
        </div>
        <div>
          <dt>{t('budget.spent')}</dt>
          <dd>{formatEuro(figures.spent)}</dd>
        </div>
        <div>
          <dt>{t('budget.availableShort')}</dt>
          <dd>{formatEuro(figures.available)}</dd>
        </div>
      </dl>
      <OverBudget amount={figures.overspent} />
    </article>
  );
}

/** The activity cards of an initiative, or 'Geen activiteiten gevonden'. */
export function ActivityList({
  initiativeId,
  activities,
  currentId,
  label,
  headingLevel,
}: {
  initiativeId: number;
  activities: ActivitySummary[];
  currentId?: number | undefined;
  label: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('initiatives');
  if (activities.length === 0) return <EmptyState title={t('activities.empty')} />;
  return (
    <ul className={styles.activityList} aria-label={label}>
      {activities.map((activity) => (
        <li key={activity.id}>
          <ActivityCard
            initiativeId={initiativeId}
            activity={activity}
            current={activity.id === currentId}
            {...(headingLevel ? { headingLevel } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
