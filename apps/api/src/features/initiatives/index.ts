export { initiativesRoutes } from './initiatives.routes';
export {
  activityTotals,
  initiativeAccessColumns,
  type InitiativeAccessRow,
  ownersJson,
  relationColumns,
  repairTotals,
  toInitiativeRelations,
} from './initiatives.queries';
export {
  columnsOf as initiativeColumns,
  findInitiative,
  readableInitiative,
  loadInitiativeSubject,
} from './initiatives.service';
export { aboutUnit, toOwner } from './initiatives.response';
