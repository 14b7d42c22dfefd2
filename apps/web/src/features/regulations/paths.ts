import { useIdParam } from '../../lib/params';
import type { RegulationPath } from './api';

/** The regulation a route names: /sponsors/:sponsorId/regulations/:regulationId/…. */
export function useRegulationPath(): RegulationPath {
  return { funderId: useIdParam('sponsorId'), regulationId: useIdParam('regulationId') };
}
