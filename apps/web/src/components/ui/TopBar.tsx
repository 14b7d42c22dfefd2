import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, SearchIcon, SettingsIcon } from './icons';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shows a settings icon button. */
  onSettings?: () => void;
  settingsLabel?: string;
  /** The '+' button is rendered only when this is true (the create permission). */
  canCreate?: boolean;
  onCreate?: () => void;
  /** Accessible name of the '+' button, e.g. 'Gebruiker toevoegen'. */
  createLabel?: string;
  /** The search box is shown when `onSearchChange` is given. */
  search?: string;
  onSearchChange?: (value: string) => void;
  searchLabel?: string;
  /** Extra content on the right (filters, tabs). */
  actions?: ReactNode;
}

/** Page header: title, optional subtitle, settings, '+' and the search box ('Zoekopdracht'). */
export function TopBar({
  title,
  subtitle,
  onSettings,
  settingsLabel,
  canCreate = false,
  onCreate,
  createLabel,
  search,
  onSearchChange,
  searchLabel,
  actions,
}: TopBarProps) {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <header className={styles.topBar}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      <div className={styles.tools}>
        {actions}
        {onSettings ? (
          <button
            type="button"
            className={styles.iconButton}
            onClick={onSettings}
            aria-label={settingsLabel ?? t('actions.settings')}
            title={settingsLabel ?? t('actions.settings')}
          >
            <SettingsIcon />
          </button>
        ) : null}
        {canCreate && onCreate ? (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.create}`}
            onClick={onCreate}
            aria-label={createLabel ?? t('actions.create')}
            title={createLabel ?? t('actions.create')}
          >
            <PlusIcon />
          </button>
        ) : null}
        {onSearchChange ? (
          <div className={styles.search} role="search">
            <label htmlFor={searchId} className="visually-hidden">
              {searchLabel ?? t('search.label')}
            </label>
            <SearchIcon className={styles.searchIcon} />
            <input
              id={searchId}
              type="search"
              className={styles.searchInput}
              placeholder={t('search.placeholder')}
              value={search ?? ''}
              onChange={(event) => onSearchChange(event.target.value)}
            />
          </div>
        ) : null}
      </div>
    </header>
  );
}
