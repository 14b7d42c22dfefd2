// Pages: /sponsors and /sponsors/:sponsorId/regulations[/:regulationId] (login only).
import { FundersPage } from '../../features/funders';
import { GrantList } from '../../features/grants';
import { RegulationDetail, RegulationsPage } from '../../features/regulations';

export const Funders = FundersPage;
export const Regulations = RegulationsPage;
/** The regulation detail with the grants feature's list of its grants. */
export const Regulation = () => (
  <RegulationDetail renderGrants={(props) => <GrantList {...props} />} />
);
