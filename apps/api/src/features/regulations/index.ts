import { registerSubjectLoader } from '../auth';
import { selectRegulation } from './regulations.queries';
import { regulationSubject } from './regulations.service';

export { regulationsRoutes } from './regulations.routes';
export {
  grantFigures,
  lockVisibleUsers,
  officerRoles,
  peopleJson,
  toPerson,
  toRelations,
  visibleUser,
  type PersonRow,
} from './regulations.queries';
export { findRegulation, regulationSubject, type RegulationPath } from './regulations.service';

// entity-access for Regulation: the caller's officer roles, in the same statement as the row.
registerSubjectLoader('Regulation', async (ctx, id) => {
  const row = await selectRegulation(ctx.db, ctx.actor, id);
  return row ? regulationSubject(row) : null;
});
