export { authRoutes } from './auth.routes';
export {
  issuePasswordToken,
  passwordLink,
  storePassword,
  sendInvitation,
  sendPasswordReset,
} from './auth.tokens';
export { findUserByEmail } from './auth.service';
export type { SubjectLoader, SubjectLoaders, SubjectOf } from './subjects';
