import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
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
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // An open drawer takes the focus to its first link, and Esc (wherever the focus is) closes it
  // and gives the focus back to the toggle, as a dialog would.
  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // The drawer closes when one of its links is followed.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) setMenuOpen(false);
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
            ref={toggleRef}
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            title={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation only: links and buttons inside handle the keyboard */}
        <div
          id={MENU_ID}
          ref={menuRef}
          className={styles.menu}
          data-open={menuOpen}
          onClick={closeOnLink}
        >
          {menu}
        </div>
        {menuOpen ? (
          // A tap beside the open drawer closes it; keyboard users have Esc and the toggle.
          <div
            className={styles.scrim}
            data-testid="menu-scrim"
            aria-hidden="true"
            onClick={() => setMenuOpen(false)}
          />
        ) : null}
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        <div className={styles.content}>{children}</div>
      </main>
    </div>
  );
}
