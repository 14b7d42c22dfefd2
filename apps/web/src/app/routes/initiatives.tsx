// The initiative detail /funds/:initiativeId/:tab (the overview is initiatives.list.tsx).
import { InitiativePage } from '../../features/initiatives';
import type { Namespace } from '../../lib/i18n';
import { detailNamespaces, detailSlots } from './initiatives.slots';

export const namespaces: Namespace[] = detailNamespaces;

export const InitiativeDetail = () => <InitiativePage slots={detailSlots} />;
