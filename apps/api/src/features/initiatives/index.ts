import { registerSubjectLoader } from '../auth';
import { selectInitiativeAccess } from './initiatives.queries';
import { initiativeSubject } from './initiatives.response';

export { initiativesRoutes } from './initiatives.routes';
export {
  ownersJson,
  relationColumns,
  toInitiativeRelations,
  type OwnerRow,
} from './initiatives.queries';
export { findInitiative } from './initiatives.service';
export { initiativeSubject, isInsider } from './initiatives.response';
export { replaceOwners, toOwner, type OwnerLinks } from './initiatives.links';

// entity-access for Initiative: hidden flag and the caller's relations in one statement.
registerSubjectLoader('Initiative', async (ctx, id) => {
  const row = await selectInitiativeAccess(ctx.db, ctx.actor, id);
  return row ? initiativeSubject(row) : null;
});
