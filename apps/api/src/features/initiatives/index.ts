export { initiativesRoutes } from './initiatives.routes';
export {
  activityTotals,
  ownersJson,
  relationColumns,
  repairTotals,
  toInitiativeRelations,
  type OwnerRow,
} from './initiatives.queries';
export {
  columnsOf as initiativeColumns,
  findInitiative,
  loadInitiativeSubject,
} from './initiatives.service';
export { aboutUnit, initiativeSubject, isInsider, toOwner } from './initiatives.response';
