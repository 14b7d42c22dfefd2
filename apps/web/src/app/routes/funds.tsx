// Pages: /, /funds, /funds/:action and the initiative detail /funds/:initiativeId/:tab.
import { InitiativePage, InitiativesPage } from '../../features/initiatives';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['initiatives'];

export const InitiativesList = InitiativesPage;
export const InitiativeDetail = InitiativePage;
