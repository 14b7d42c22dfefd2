/** Public entry of the auth feature (other features and the app import only from here). */
export { getSession, TOKEN_STORAGE_KEY, useSession } from './session';
export { authKeys, renewSession, useEntityEditFields } from './api';
export { useCan } from './useCan';
export { LoginModal } from './LoginModal';
export { ResetPasswordPage } from './ResetPasswordPage';
export { RequestPasswordPage } from './RequestPasswordPage';
export { UnsubscribeRemindersPage } from './UnsubscribeRemindersPage';
export { PermissionCheckerPage } from './PermissionCheckerPage';
