// Pages: /, /funds, /funds/:action and the initiative detail /funds/:initiativeId/:tab.
import { InitiativePage, InitiativesPage } from '../../features/initiatives';
import type { Namespace } from '../../lib/i18n';
import { detailNamespaces, detailSlots } from './initiatives.slots';

export const namespaces: Namespace[] = detailNamespaces;

export const InitiativesList = InitiativesPage;
export const InitiativeDetail = () => <InitiativePage slots={detailSlots} />;
