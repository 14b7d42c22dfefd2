import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Endpoint, ErrorBody } from '@helder/shared/http';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { maintainDatabaseNightly } from './db/maintenance';
import { drainOnClose } from './http/drain';
import { FrontServer } from './http/front-server';
import { installErrorHandler } from './http/error-handler';
import { followChanges } from './http/kept-until-change';
import { installPublicCache } from './http/public-cache';
import { databaseRateLimits, pruneRateLimitsHourly } from './http/rate-limit-store';
import { lazyChildLogger } from './http/request-logger';
import { loadShell } from './http/shell';
import {
  apiSecurityHeaders,
  installSecurityHeaders,
  securityHeaders,
} from './http/security-headers';
import type { Ctx } from './http/context';
import { serializerCompiler } from './http/serializer';
import { assertSafeText } from './http/text-guard';
import type { Jobs } from './jobs/queue';
import { fileUrlBase } from './lib/file-urls';
import { startBanking } from './features/bank-accounts/links/bank-jobs';
import { oneClickUnsubscribeRoutes, scheduleReceiptReminders } from './features/reminders';
import { SANDBOX_PREFIX, type ConfiguredBank } from './features/bank-accounts/providers/configured';
import type { Mailer } from './lib/mail';
import { packageRoot } from './lib/package-root';
import type { Storage } from './lib/storage';
import authPlugin from './plugins/auth';
import { features } from './features';
import { startReceiptReading } from './features/receipts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
  interface FastifyInstance {
    /** The job queue; null when the app was built without one (tests that need none). */
    jobs: Jobs | null;
  }
}

const DOCUMENT_HEADERS = securityHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // Plain-HTTP demo and LAN installs must keep working; TLS is the proxy's job.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The bank's consent window must keep its opener (ADR 0026).
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
});
const SECURITY_HEADERS = {
  documents: DOCUMENT_HEADERS,
  api: apiSecurityHeaders(DOCUMENT_HEADERS),
};

export interface AppOptions {
  config: Config;
  database: Database;
  mail: Mailer;
  storage: Storage;
  clock?: () => Date;
  logger?: FastifyBaseLogger;
  /** The open-banking provider and its sandbox bank (server.ts builds them); none by default. */
  bank?: ConfiguredBank;
  /** The job queue, started on `database`; the app stops it when it closes. */
  jobs?: Jobs;
}

/** Builds the whole app from its parts; never listens (server.ts and tests do that). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, mail, storage } = options;
  const clock = options.clock ?? (() => new Date());
  const front = new FrontServer();
  const app = Fastify({
    serverFactory: front.factory,
    ...(options.logger
      ? { loggerInstance: options.logger, childLoggerFactory: lazyChildLogger }
      : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Errors of the router itself (bad percent-encoding, an over-long path segment) never reach
    // the error handler: give them the same body as every other client error.
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) => {
      const body: ErrorBody = { detail: error.message, code: 'BAD_REQUEST' };
      void reply.code(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400).send(body);
    },
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('endpoints', new Set<Endpoint>());
  const { jobs = null } = options;
  app.decorate('jobs', jobs);
  if (jobs) app.addHook('onClose', () => jobs.stop());
  installErrorHandler(app);
  drainOnClose(app);

  installSecurityHeaders(app, SECURITY_HEADERS);
  const corsOn = config.corsOrigins.length > 0;
  if (corsOn) {
    // Bearer tokens, not cookies: no credentials. Every method the API uses must pass a preflight,
    // or a web client on its own origin could read but never edit or delete.
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  }
  // Anonymous answers and the token check's users are kept in memory until a write (ADR 0014,
  // ADR 0023); 0 seconds keeps nothing and listens for nothing.
  const changes = config.publicCacheSeconds > 0 ? await followChanges(app, database) : null;
  installPublicCache(app, changes, config.publicCacheSeconds, {
    server: config.publicCacheFront ? front : null,
    securityHeaders: SECURITY_HEADERS,
    cors: corsOn,
    byHost: config.fileUrlBase === undefined,
  });
  // Bodies over 1 KB go out as Brotli or gzip as the client accepts; the web build's files come
  // compressed already (preCompressed below), and request bodies are never inflated here.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(formbody);
  await app.register(multipart);
  // Counted in the database, so that every instance on it allows each limit once.
  await app.register(rateLimit, { global: false, store: databaseRateLimits(database.db) });
  if (jobs) await pruneRateLimitsHourly(jobs, database.db);
  if (jobs) await maintainDatabaseNightly(jobs, database);
  if (jobs && config.receiptReminders) {
    await scheduleReceiptReminders(jobs, {
      db: database.db,
      mail,
      clock,
      log: app.log,
      publicUrl: config.publicUrl,
      secret: config.secretKey,
    });
  }
  const bank = options.bank
    ? await startBanking({
        db: database.db,
        provider: options.bank.provider,
        clock,
        log: app.log,
        mail,
        publicUrl: config.publicUrl,
        jobs,
      })
    : null;
  // Receipts are read on the queue only: without one they are stored unread.
  const receipts = jobs
    ? await startReceiptReading({ db: database.db, storage, log: app.log, jobs })
    : null;
  app.decorate('receiptReadings', receipts);
  if (receipts) app.addHook('onClose', () => receipts.close());
  if (options.bank?.sandbox) await app.register(options.bank.sandbox, { prefix: SANDBOX_PREFIX });
  await app.register(authPlugin, {
    db: database.db,
    secret: config.secretKey,
    clock,
    keep: changes && { changes, seconds: config.publicCacheSeconds },
  });

  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      db: database.db,
      actor: request.actor,
      log: request.log,
      clock,
      storage,
      mail,
      config,
      bank,
      fileBase: fileUrlBase(config.fileUrlBase, request, config.publicUrl),
    };
  });
  // Before every route's own hooks, so no handler or query ever sees text it cannot store.
  app.addHook('preValidation', async (request) => assertSafeText(request));

  await app.register(swagger, {
    openapi: {
      info: { title: 'Helder API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const register of features) await register(api, config, changes);
    },
    { prefix: '/api' },
  );
  // A mail client's one-click unsubscribe posts to the page's own URL (RFC 8058).
  await oneClickUnsubscribeRoutes(app, config);

  const webDist = config.webDist ?? path.resolve(packageRoot, '../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const shell = hasWeb ? loadShell(webDist) : () => undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; the client's Accept-Encoding picks.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed file names change with their content, so they never need revalidating.
        const hashed = filePath.startsWith(path.resolve(webDist, 'assets') + path.sep);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWeb && isPage) {
      // Client-side routes: every page URL gets the SPA shell, naming the files of its route.
      // Revalidated on every visit, so a deploy reaches users at once.
      reply.header('cache-control', 'no-cache');
      const page = shell(request.url.split('?')[0]!);
      return page === undefined
        ? reply.sendFile('index.html', { cacheControl: false })
        : reply.type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({ detail: 'Not found', code: 'NOT_FOUND' });
  });

  return app;
}
