// Document titles shared by the initiative's and the activities' route modules (a plain module,
// so that neither route module pulls the other into its chunk).
import { useTranslation } from 'react-i18next';
import { useInitiative } from '../../features/initiatives';
import { usePageTitle } from '../../lib/page-title';
import { useIdParam } from '../../lib/params';

/** 'Buurtfeest · Initiatieven · Helder' once the initiative is loaded; `more` goes before it. */
export function useInitiativeTitle(...more: Array<string | undefined>) {
  const { t } = useTranslation();
  const initiative = useInitiative(useIdParam('initiativeId'));
  usePageTitle(...more, initiative.data?.name, t('nav.initiatives'));
}
