export { regulationsRoutes } from './regulations.routes';
export { grantFiguresWithInitiatives, officerRoles, toRelations } from './regulations.queries';
export {
  findRegulation,
  loadRegulationSubject,
  regulationSubject,
  type RegulationPath,
} from './regulations.service';
