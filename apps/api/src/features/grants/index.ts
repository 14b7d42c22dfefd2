import { registerSubjectLoader } from '../auth';
import { selectGrant } from './grants.queries';
import { grantSubject } from './grants.service';

export { grantsRoutes } from './grants.routes';
export { findGrant, grantSubject, type GrantPath } from './grants.service';

// entity-access for Grant: officer roles of its regulation and overseer, in the row's statement.
registerSubjectLoader('Grant', async (ctx, id) => {
  const row = await selectGrant(ctx.db, ctx.actor, id);
  return row ? grantSubject(row) : null;
});
