/** Public entry of the auth feature (other features and the app import only from here). */
export {
  decodeToken,
  getSession,
  getToken,
  isExpired,
  loadSession,
  login,
  logout,
  SESSION_CHECK_INTERVAL_MS,
  subscribeSession,
  TOKEN_STORAGE_KEY,
  useSession,
  type Session,
} from './session';
export {
  RequireSession,
  redirectTarget,
  useRedirectOnSessionExpiry,
  type FromState,
} from './guards';
export { authKeys, renewSession, useEntityActions, useEntityEditFields } from './api';
export { useCan, type EntityPermissions, type UseCanOptions } from './useCan';
export { LoginModal } from './LoginModal';
export { ResetPasswordPage } from './ResetPasswordPage';
export { RequestPasswordPage, type RequestPasswordPageProps } from './RequestPasswordPage';
export { PermissionCheckerPage } from './PermissionCheckerPage';
