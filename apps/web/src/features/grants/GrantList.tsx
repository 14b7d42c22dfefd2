import { formatEuro } from '@helder/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PlusIcon } from '../../components/ui/icons';
import { EmptyState } from '../../components/ui/EmptyState';
import { paths } from '../../lib/paths';
import { OverviewButton, type RegulationGrantsProps } from '../regulations';
import styles from './grants.module.css';

/**
 * The grants of a regulation: `reference | name | € budget` (nl-NL, 2 decimals) and what its
 * initiatives spent of it. A grant with initiatives links to its first initiative
 * (/funds/:id/activities). Managers (see `canManageGrants`) get edit, delete, 'Penvoerders' and
 * 'Initiatief (n)', which opens the create-initiative modal (add-fund) for that grant and says so
 * in its accessible name; others see the count.
 */
export function GrantList({
  funderId,
  regulationId,
  grants,
  canManageGrants,
  canReadOverview = false,
}: RegulationGrantsProps) {
  const { t } = useTranslation('grants');
  if (grants.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <ul className={styles.list}>
      {grants.map((grant) => {
        // Text that wraps like words, never before a separator; the separators are decoration
        // (the spaces after them keep the link's accessible name readable).
        const summary = (
          <>
            <span className={styles.reference}>{grant.reference}</span>
            <span className={styles.separator} aria-hidden="true">
              |
            </span>{' '}
            <span className={styles.name}>{grant.name}</span>
            <span className={styles.separator} aria-hidden="true">
              |
            </span>{' '}
            <span className={styles.budget}>{formatEuro(grant.budget)}</span>
          </>
        );
        const context = (
          <span className="visually-hidden">{t('row.of', { reference: grant.reference })}</span>
        );
        const initiatives = t('row.initiatives', { n: grant.initiative_count });
        const spent = Math.max(-grant.expenses, 0);
        const over = Math.round((spent - grant.budget) * 100) / 100;
        const spentShare = grant.budget > 0 ? Math.min(spent / grant.budget, 1) : 1;
        return (
          <li key={grant.id} className={styles.row}>
            {grant.first_initiative_id !== null ? (
              <Link to={paths.activities(grant.first_initiative_id)} className={styles.summary}>
                {summary}
              </Link>
            ) : (
              <p className={styles.summary}>{summary}</p>
            )}
            <div className={styles.spend}>
              {/* Decoration: the text beside it says the same. */}
              <span className={styles.spendBar} data-over={over > 0} aria-hidden="true">
                <span style={{ width: `${(spentShare * 100).toFixed(2)}%` }} />
              </span>
              <span>
                {t('row.spent', { spent: formatEuro(spent), budget: formatEuro(grant.budget) })}
              </span>
              {over > 0 ? (
                <span className={styles.over}>
                  {t('row.overspent', { amount: formatEuro(over) })}
                </span>
              ) : null}
            </div>
            {canReadOverview ? (
              <div className={styles.buttons}>
                <OverviewButton scope={{ regulationId, grantId: grant.id }} context={context} />
              </div>
            ) : null}
            {canManageGrants ? (
              <div className={styles.buttons}>
                <ButtonLink to={`edit-grant/${grant.id}`} size="small">
                  {t('row.edit')} {context}
                </ButtonLink>
                <ButtonLink to={`delete-grant/${grant.id}`} size="small">
                  {t('row.delete')} {context}
                </ButtonLink>
                <ButtonLink to={`overseers/${grant.id}`} size="small">
                  {t('row.overseers')} {context}
                </ButtonLink>
                <ButtonLink
                  to={paths.addInitiative(funderId, regulationId, grant.id)}
                  size="small"
                  icon={<PlusIcon size={16} />}
                >
                  {initiatives}
                  <span className="visually-hidden">
                    {t('row.addInitiative', { reference: grant.reference })}
                  </span>
                </ButtonLink>
              </div>
            ) : (
              <p className={styles.count}>{initiatives}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
