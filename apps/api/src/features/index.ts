import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { Changes } from '../http/kept-until-change';
import { activitiesRoutes } from './activities';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { bankAccountsRoutes } from './bank-accounts';
import { filesRoutes } from './files';
import { fundersRoutes } from './funders';
import { grantsRoutes } from './grants';
import { healthRoutes } from './health';
import { initiativesRoutes } from './initiatives';
import { mediaRoutes } from './media';
import { overviewRoutes } from './overview';
import { paymentsRoutes } from './payments';
import { receiptsRoutes } from './receipts';
import { regulationsRoutes } from './regulations';
import { remindersRoutes } from './reminders';
import { spendingRoutes } from './spending';
import { subjectLoaders } from './subjects';
import { usersRoutes } from './users';
import { verantwoordingRoutes } from './verantwoording';

/** Every feature's routes, registered under /api. */
export const features: Array<
  (api: FastifyInstance, config: Config, changes: Changes | null) => Promise<void>
> = [
  healthRoutes,
  filesRoutes,
  (api, config) => authRoutes(api, config, subjectLoaders),
  usersRoutes,
  fundersRoutes,
  regulationsRoutes,
  grantsRoutes,
  initiativesRoutes,
  activitiesRoutes,
  mediaRoutes,
  paymentsRoutes,
  receiptsRoutes,
  bankAccountsRoutes,
  verantwoordingRoutes,
  overviewRoutes,
  spendingRoutes,
  auditRoutes,
  remindersRoutes,
];
