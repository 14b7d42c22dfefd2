export * from './types';
export { can, allowedActions, classActions, isAdmin } from './rules';
export * from './fields';
