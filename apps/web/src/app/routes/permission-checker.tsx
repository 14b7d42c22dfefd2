// /permission-checker: debug page for the entity-access endpoints.
import { PermissionCheckerPage } from '../../features/auth';

export const PermissionChecker = PermissionCheckerPage;
