import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { verifyFileSignature } from '../../lib/file-urls';
import { CONTENT_TYPES } from '../../lib/pictures';

const query = z.object({ exp: z.coerce.number().int(), sig: z.string().max(128) });

/**
 * Who may frame a file (a PDF receipt in a preview): the site itself and the origins allowed to
 * call the API (docs/api-rules.md §11). X-Frame-Options cannot name other origins, so it is sent
 * only when there are none, for browsers that know no CSP.
 */
function framingHeaders(corsOrigins: string[]): Record<string, string> {
  const csp = `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${["'self'", ...corsOrigins].join(' ')}`;
  return corsOrigins.length === 0
    ? { 'content-security-policy': csp, 'x-frame-options': 'SAMEORIGIN' }
    : { 'content-security-policy': csp };
}

/** Serves stored files behind signed, expiring URLs (docs/api-rules.md §11). */
export async function filesRoutes(api: FastifyInstance, config: Config) {
  const framing = framingHeaders(config.corsOrigins);
  api.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const parsed = query.safeParse(request.query);
    const { ctx } = request;
    if (
      !parsed.success ||
      !verifyFileSignature(ctx.config.secretKey, key, parsed.data.exp, parsed.data.sig, ctx.clock())
    ) {
      return reply.status(403).send({ detail: 'Invalid or expired link', code: 'FORBIDDEN' });
    }
    const data = await ctx.storage.get(key).catch(() => null);
    if (!data) return reply.status(404).send({ detail: 'File not found', code: 'NOT_FOUND' });
    const ext = key.split('.').pop() ?? '';
    // A stored key never changes content (a new picture gets a new key), so the file may be
    // cached for as long as its URL is valid.
    const maxAge = Math.max(0, parsed.data.exp - Math.floor(ctx.clock().getTime() / 1000));
    return (
      reply
        .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        // The signature is the permission, so other origins (a web client elsewhere) may embed
        // the file; everything else keeps helmet's same-origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        // Files are data, never a page of their own; our pages and allowed clients may frame them.
        .removeHeader('x-frame-options')
        .headers(framing)
        .send(data)
    );
  });
}
