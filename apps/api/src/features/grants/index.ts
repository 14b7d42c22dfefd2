export { grantsRoutes } from './grants.routes';
export { grantPlace } from './grants.queries';
export { findGrant, grantSubject, loadGrantSubject, type GrantPath } from './grants.service';
