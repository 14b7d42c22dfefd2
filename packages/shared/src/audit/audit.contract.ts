import { endpoint } from '../http';
import { auditPageSchema, auditQuery } from './audit.schema';
import { routeTable } from './audit.routes';

export const auditContract = {
  list: endpoint({
    ...routeTable.list,
    summary: "An entity's history: who changed which field from what to what (administrators)",
    query: auditQuery,
    response: auditPageSchema,
  }),
};
