import type { FastifyInstance } from 'fastify';
import { usersContract } from '@helder/shared/users';
import type { Config } from '../../config/env';
import { AppError, badRequest, invalid } from '../../http/errors';
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

const FORMS = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** `List-Unsubscribe=One-Click` in either form encoding, with room to spare. */
const ONE_CLICK_BODY_BYTES = 4096;

/**
 * The one-click unsubscribe of RFC 8058 (docs/api-rules.md §17): a mail's `List-Unsubscribe`
 * names the web page `/reminders/unsubscribe?token=…`; a GET shows the page (a link scanner that
 * follows it turns nothing off), and a mail client's POST of `List-Unsubscribe=One-Click` to the
 * same URL turns the reminders off at once. Registered at the root, beside the web's pages.
 */
export async function oneClickUnsubscribeRoutes(app: FastifyInstance, config: Config) {
  await app.register(async (scope) => {
    // The RFC allows both form encodings; each is read here whole, as the small buffer it is.
    scope.removeContentTypeParser(FORMS);
    scope.addContentTypeParser(
      FORMS,
      { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/reminders/unsubscribe',
      { config: { rateLimit: { max: config.authRateLimit, timeWindow: 60_000 } } },
      async (request) => {
        const { token } = request.query as { token?: unknown };
        if (typeof token !== 'string' || token.length === 0 || token.length > 2048) {
          throw badRequest('Invalid or expired token', 'BAD_TOKEN');
        }
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send a form: ${FORMS.join(' or ')}`);
        }
        const form = await new Response(request.body, {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        })
          .formData()
          .catch(() => {
            throw badRequest('The form cannot be read');
          });
        if (form.get('List-Unsubscribe') !== 'One-Click') {
          throw invalid('List-Unsubscribe', 'invalid_value', 'Expected List-Unsubscribe=One-Click');
        }
        await unsubscribeReminders(request.ctx, token);
        return {};
      },
    );
  });
}
