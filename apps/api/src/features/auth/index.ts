export { authRoutes } from './auth.routes';
export { issuePasswordToken, passwordLink, storePassword, sendInvitation } from './auth.tokens';
export { findUserByEmail } from './auth.service';
export type { SubjectLoaders, SubjectOf } from './subjects';
