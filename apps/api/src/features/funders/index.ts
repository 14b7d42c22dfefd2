import { registerSubjectLoader } from '../auth';
import { findFunder } from './funders.service';

export { fundersRoutes } from './funders.routes';
export { findFunder } from './funders.service';

// entity-access for Funder: funders carry no scoped roles, so existence is all it needs.
registerSubjectLoader('Funder', async (ctx, id) =>
  (await findFunder(ctx.db, id)) ? { type: 'Funder' } : null,
);
