export { authRoutes } from './auth.routes';
export {
  issuePasswordToken,
  passwordLink,
  storePassword,
  sendInvitation,
  sendPasswordReset,
} from './auth.tokens';
export { findUserByEmail } from './auth.service';
export { loadSubject, registerSubjectLoader, type SubjectLoader } from './subjects';
