// Pages: /sponsors and /sponsors/:sponsorId/regulations/:regulationId (login only).
import { FundersPage } from '../../features/funders';
import { RegulationDetail, RegulationsPage } from '../../features/regulations';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['funders', 'regulations'];

export const Sponsors = FundersPage;
export const Regulations = RegulationsPage;
export const Regulation = RegulationDetail;
