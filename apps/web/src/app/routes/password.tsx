// /reset-password, /request-new-password, /account-recovery.
import { RequestPasswordPage, ResetPasswordPage } from '../../features/auth';

export const ResetPassword = ResetPasswordPage;
export const RequestNewPassword = () => <RequestPasswordPage variant="request" />;
export const AccountRecovery = () => <RequestPasswordPage variant="recovery" />;
