import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import styles from './AppLayout.module.css';
import { ArrowLeftIcon, CloseIcon, LogoMark, MenuIcon } from './icons';

export interface AppLayoutProps {
  /** The side menu (see SideMenu); a drawer at widths of 768 px or less. */
  menu: ReactNode;
  children: ReactNode;
}

const MAIN_CONTENT_ID = 'main-content';
const MENU_ID = 'side-menu';

function goBack(navigate: ReturnType<typeof useNavigate>) {
  // React Router keeps the history index in history.state; at 0 there is nothing to go back to.
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(paths.initiatives());
}

/** Skip link, side menu (with the compact mobile top bar) and the main landmark. */
export function AppLayout({ menu, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  // The drawer closes when one of its links is followed or on Esc.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) setMenuOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && menuOpen) setMenuOpen(false);
  };

  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.mobileBar}>
          <button
            type="button"
            className={styles.barButton}
            onClick={() => goBack(navigate)}
            aria-label={t('nav.back')}
            title={t('nav.back')}
          >
            <ArrowLeftIcon />
          </button>
          <Link to={paths.initiatives()} className={styles.barLogo} aria-label={t('nav.home')}>
            <LogoMark size={28} />
            <span aria-hidden="true">{t('appName')}</span>
          </Link>
          <button
            type="button"
            className={styles.barButton}
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={t('nav.openMenu')}
            title={t('nav.openMenu')}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- delegation only: links and buttons inside handle the keyboard */}
        <div
          id={MENU_ID}
          className={styles.menu}
          data-open={menuOpen}
          onClick={closeOnLink}
          onKeyDown={closeOnEscape}
        >
          {menu}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        <div className={styles.content}>{children}</div>
      </main>
    </div>
  );
}
