export { grantsRoutes } from './grants.routes';
export { findGrant, grantSubject, loadGrantSubject, type GrantPath } from './grants.service';
