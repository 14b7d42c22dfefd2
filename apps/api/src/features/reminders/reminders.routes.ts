import type { FastifyInstance } from 'fastify';
import { usersContract } from '@helder/shared/users';
import type { Config } from '../../config/env';
import { registerEndpoint } from '../../http/routes';
import { unsubscribeReminders } from './reminders.service';

/** The unsubscribe link of a reminder mail; limited like the other token endpoints. */
export async function remindersRoutes(api: FastifyInstance, config: Config) {
  registerEndpoint(
    api,
    usersContract.unsubscribeReminders,
    async ({ ctx, body }) => {
      await unsubscribeReminders(ctx, body.token);
      return {};
    },
    { rateLimit: { max: config.authRateLimit, timeWindow: 60_000 } },
  );
}
