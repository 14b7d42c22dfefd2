/**
 * The active filter of a payments tab as chips: each removes its own value, 'Wis filter' all of
 * them. Removing changes the URL, so the list starts again at page 1.
 */
import { formatEuro } from '@helder/shared/money';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { CloseIcon } from '../../components/ui/icons';
import { dayToText } from '../../lib/dates';
import {
  FILTER_KEYS,
  filterToSearch,
  isFilterEmpty,
  withoutKey,
  type FilterKey,
  type PaymentsListFilter,
} from './filters';
import styles from './chips.module.css';

export function FilterChips({ filter }: { filter: PaymentsListFilter }) {
  const { t } = useTranslation('payments');
  const [, setSearchParams] = useSearchParams();
  if (isFilterEmpty(filter)) return null;

  const valueText = (key: FilterKey): string => {
    switch (key) {
      case 'start_date':
      case 'end_date':
        return dayToText(filter[key] ?? '');
      case 'min_amount':
      case 'max_amount':
        return formatEuro(Number(filter[key]));
      case 'route':
        return filter.route ? t(`routes.${filter.route}`) : '';
      case 'receipt':
        return '';
    }
  };
  const show = (next: PaymentsListFilter) =>
    setSearchParams(filterToSearch(next), { preventScrollReset: true });

  return (
    <div className={styles.chips}>
      <p className={styles.chipsLabel}>{t('filter.active')}</p>
      <ul className="chip-list" aria-label={t('filter.active')}>
        {FILTER_KEYS.filter((key) => filter[key] !== undefined).map((key) => {
          const label = t(`filter.chips.${key}`, { value: valueText(key) });
          return (
            <li key={key}>
              <button
                type="button"
                className={styles.chip}
                aria-label={t('filter.remove', { label })}
                onClick={() => show(withoutKey(filter, key))}
              >
                <span>{label}</span>
                <CloseIcon size={14} />
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" onClick={() => show({})}>
        {t('filter.clear')}
      </Button>
    </div>
  );
}
