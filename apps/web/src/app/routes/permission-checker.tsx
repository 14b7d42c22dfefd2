// /permission-checker: debug page for the entity-access endpoints.
import { PermissionCheckerPage } from '../../features/auth';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['auth'];

export const PermissionChecker = PermissionCheckerPage;
