// The initiative detail /funds/:initiativeId/:tab (the overview is initiatives.list.tsx).
import { InitiativePage } from '../../features/initiatives';
import { detailSlots } from './initiatives.slots';
import { useInitiativeTitle } from './titles';

export function InitiativeDetail() {
  useInitiativeTitle();
  return <InitiativePage slots={detailSlots} />;
}
