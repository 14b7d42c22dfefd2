import type { FastifyInstance } from 'fastify';
import { authContract } from '@helder/shared/auth';
import type { Config } from '../../config/env';
import { registerEndpoint } from '../../http/routes';
import {
  entityActions,
  entityEditFields,
  forgotPassword,
  login,
  resetPassword,
} from './auth.service';
import type { SubjectLoaders } from './subjects';

const MINUTE = 60_000;

/**
 * HTTP only: the rules live in auth.service.ts. entity-access answers for every entity class
 * through `subjects`, which the feature list passes in: the features that own the classes
 * depend on auth, so auth cannot import them.
 */
export async function authRoutes(api: FastifyInstance, config: Config, subjects: SubjectLoaders) {
  const perMinute = config.authRateLimit;
  registerEndpoint(api, authContract.login, ({ ctx, body }) => login(ctx, body), {
    rateLimit: { max: perMinute, timeWindow: MINUTE },
  });

  registerEndpoint(
    api,
    authContract.forgotPassword,
    async ({ ctx, body }) => {
      await forgotPassword(ctx, body);
      return {};
    },
    { rateLimit: { max: Math.max(1, Math.floor(perMinute / 2)), timeWindow: MINUTE } },
  );

  registerEndpoint(
    api,
    authContract.resetPassword,
    async ({ ctx, body }) => {
      await resetPassword(ctx, body);
      return {};
    },
    { rateLimit: { max: perMinute, timeWindow: MINUTE } },
  );

  registerEndpoint(api, authContract.actions, async ({ ctx, query }) => ({
    actions: await entityActions(ctx, subjects, query),
  }));

  registerEndpoint(api, authContract.editFields, async ({ ctx, query }) => ({
    fields: await entityEditFields(ctx, subjects, query),
  }));
}
