export * from './types';
export { can, allowedActions, classActions, isAdmin, reviewLocked, seesReviews } from './rules';
export * from './fields';
