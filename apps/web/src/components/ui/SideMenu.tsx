import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import {
  FundersIcon,
  InitiativesIcon,
  LoginIcon,
  LogoMark,
  LogoutIcon,
  PaymentsIcon,
  UsersIcon,
} from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import styles from './SideMenu.module.css';

export interface SideMenuProps {
  loggedIn: boolean;
  username?: string | undefined;
  onLogout: () => void;
}

interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Also active on these path prefixes ('/' shows the initiatives). */
  alsoActiveOn?: string[];
}

/** Side menu: logo (top), sections (middle), language and login/logout (bottom). */
export function SideMenu({ loggedIn, username, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();

  const items: MenuItem[] = [
    {
      to: paths.initiatives(),
      label: t('nav.initiatives'),
      icon: <InitiativesIcon />,
      alsoActiveOn: ['/'],
    },
    { to: paths.users(), label: t('nav.users'), icon: <UsersIcon /> },
    ...(loggedIn
      ? [
          { to: paths.payments(), label: t('nav.payments'), icon: <PaymentsIcon /> },
          { to: paths.funders(), label: t('nav.funders'), icon: <FundersIcon /> },
        ]
      : []),
  ];

  return (
    <div className={styles.menu}>
      <div className={styles.top}>
        <Link to={paths.initiatives()} className={styles.logo} aria-label={t('nav.home')}>
          <LogoMark />
          <span className={styles.logoText} aria-hidden="true">
            {t('appName')}
          </span>
        </Link>
      </div>

      <nav aria-label={t('nav.label')} className={styles.middle}>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  isActive || item.alsoActiveOn?.includes(location.pathname)
                    ? `${styles.item} ${styles.active}`
                    : styles.item
                }
              >
                {item.icon}
                <span>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className={styles.bottom}>
        <LanguageSwitch />
        {loggedIn ? (
          <>
            {username ? <p className={styles.user}>{t('nav.loggedInAs', { username })}</p> : null}
            <button type="button" className={styles.item} onClick={onLogout}>
              <LogoutIcon />
              <span>{t('nav.logout')}</span>
            </button>
          </>
        ) : (
          <NavLink
            to="/login"
            state={{ from: location }}
            className={({ isActive }) =>
              isActive ? `${styles.item} ${styles.active}` : styles.item
            }
          >
            <LoginIcon />
            <span>{t('nav.login')}</span>
          </NavLink>
        )}
      </div>
    </div>
  );
}
