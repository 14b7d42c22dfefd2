import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { AppLayout } from '../components/ui/AppLayout';
import { SideMenu } from '../components/ui/SideMenu';
import { PageSpinner } from '../components/ui/Spinner';
import { logout, useRedirectOnSessionExpiry, useSession } from '../features/auth/shell';
import styles from './RootLayout.module.css';

/** The shell of every screen: side menu, session expiry watch, route progress, Suspense. */
export function RootLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  useRedirectOnSessionExpiry();

  const location = useLocation();

  // Logging out returns to / (docs/spec-map.md §2.1). Leave first and end the session once / is
  // shown: ending it on a login-only page would make that page redirect to /login instead.
  const logoutPending = useRef(false);
  const handleLogout = () => {
    logoutPending.current = true;
    void navigate('/');
  };
  useEffect(() => {
    if (!logoutPending.current || location.pathname !== '/') return;
    logoutPending.current = false;
    logout();
    queryClient.clear();
    // location.key: also when already at / (navigating to / again makes a new entry).
  }, [location.key, location.pathname, queryClient]);

  return (
    <AppLayout
      menu={
        <SideMenu
          loggedIn={session !== null}
          username={session?.username}
          onLogout={handleLogout}
        />
      }
    >
      {navigation.state === 'loading' ? (
        <div className={styles.progress} aria-hidden="true" />
      ) : null}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
