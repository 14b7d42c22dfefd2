// /reset-password, /request-new-password, /account-recovery.
import { RequestPasswordPage, ResetPasswordPage } from '../../features/auth';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['auth'];

export const ResetPassword = ResetPasswordPage;
export const RequestNewPassword = () => <RequestPasswordPage variant="request" />;
export const AccountRecovery = () => <RequestPasswordPage variant="recovery" />;
