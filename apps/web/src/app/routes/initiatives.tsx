// The initiative detail /funds/:initiativeId/:tab (the overview is initiatives.list.tsx).
import { InitiativePage } from '../../features/initiatives';
import { detailSlots } from './initiatives.slots';

export const InitiativeDetail = () => <InitiativePage slots={detailSlots} />;
