// Pages: /sponsors and /sponsors/:sponsorId/regulations[/:regulationId] (login only).
import { useTranslation } from 'react-i18next';
import { FundersPage, useFunder } from '../../features/funders';
import { GrantList } from '../../features/grants';
import {
  RegulationDetail,
  RegulationsPage,
  useRegulation,
  useRegulationPath,
} from '../../features/regulations';
import { usePageTitle } from '../../lib/page-title';
import { useIdParam } from '../../lib/params';

function useFunderTitle(...more: Array<string | undefined>) {
  const { t } = useTranslation();
  const funder = useFunder(useIdParam('sponsorId'));
  usePageTitle(...more, funder.data?.name, t('nav.funders'));
}

export function Funders() {
  const { t } = useTranslation();
  usePageTitle(t('nav.funders'));
  return <FundersPage />;
}

export function Regulations() {
  useFunderTitle();
  return <RegulationsPage />;
}

/** The regulation detail with the grants feature's list of its grants. */
export function Regulation() {
  const regulation = useRegulation(useRegulationPath());
  useFunderTitle(regulation.data?.name);
  return <RegulationDetail renderGrants={(props) => <GrantList {...props} />} />;
}
