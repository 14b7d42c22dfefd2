// The initiative detail /funds/:initiativeId/:tab (the overview is initiatives.list.tsx).
import { useTranslation } from 'react-i18next';
import { InitiativePage, useInitiative } from '../../features/initiatives';
import { usePageTitle } from '../../lib/page-title';
import { useIdParam } from '../../lib/params';
import { detailSlots } from './initiatives.slots';

/** 'Buurtfeest · Initiatieven · Helder' once the initiative is loaded. */
export function useInitiativeTitle(...more: Array<string | undefined>) {
  const { t } = useTranslation();
  const initiative = useInitiative(useIdParam('initiativeId'));
  usePageTitle(...more, initiative.data?.name, t('nav.initiatives'));
}

export function InitiativeDetail() {
  useInitiativeTitle();
  return <InitiativePage slots={detailSlots} />;
}
