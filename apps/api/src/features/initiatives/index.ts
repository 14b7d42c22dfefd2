export { initiativesRoutes } from './initiatives.routes';
export {
  activityTotals,
  ownersJson,
  relationColumns,
  repairTotals,
  toInitiativeRelations,
} from './initiatives.queries';
export {
  columnsOf as initiativeColumns,
  findInitiative,
  loadInitiativeSubject,
} from './initiatives.service';
export { aboutUnit, toOwner } from './initiatives.response';
