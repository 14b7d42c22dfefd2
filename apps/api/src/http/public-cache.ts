/**
 * What anonymous visitors read, kept in memory for a while (ADR 0014). Most of the traffic of an
 * open-spending site is the public reading the same lists and pages, which change only when
 * someone writes; those answers are made once and then sent as they are, without a query.
 *
 * - Only GETs without Authorization of routes whose contract is `public`, answered 200 with JSON.
 * - Emptied by every write, here or elsewhere, as `KeptUntilChange` says.
 * - Entries live at most `ttlSeconds` (signed file URLs in them stay valid for an hour); there
 *   are at most MAX_ENTRIES of them, taking at most MAX_CACHE_BYTES, the oldest making room.
 * - An entry keeps its Brotli and gzip forms once a client asked for them, so that a browser's
 *   hit is not compressed anew each time.
 * - A hit is answered before Fastify sees the request (front-server.ts), with the headers a miss
 *   gets; only a request with an Origin, when CORS is on, goes through Fastify for its CORS
 *   headers, and is answered from the cache there (as every hit is with PUBLIC_CACHE_FRONT=false,
 *   which the load bench pairs with the early path: it must gain 15 % to stay).
 * - Without PUBLIC_URL, signed file URLs are built on the host each request came to
 *   (lib/file-urls.ts), so answers are kept per host: the headers that decide it are part of the
 *   key, and a request that names another host never gets URLs made for this one.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { FrontServer } from './front-server';
import { KeptUntilChange, type Changes } from './kept-until-change';
import { securityHeadersFor, type SecurityHeaderSets } from './security-headers';

const MAX_ENTRIES = 1_000;
const MAX_BODY_CHARS = 256 * 1024;
/**
 * What the kept answers may take together. An entry counts three times its JSON: the JSON and
 * at most two compressed forms, which are never larger (below 1 KB nothing is compressed).
 */
export const MAX_CACHE_BYTES = 32 * 1024 * 1024;
const weigh = (entry: Entry) => 3 * entry.bytes;
/** As compress in app.ts: below one packet compressing saves nothing a client would notice. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';

interface Entry {
  /** The JSON as UTF-8, as a client that takes no compression gets it. */
  identity: Buffer;
  bytes: number;
  contentType: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * The key of a request's answer: its URL, and when answers hold URLs on the request's own origin,
 * the headers that origin is read from (Host, and the forwarded ones a trusted proxy sets), as
 * the client sent them.
 */
function cacheKey(req: IncomingMessage, byHost: boolean): string {
  const url = req.url ?? '';
  if (!byHost) return url;
  const {
    host,
    'x-forwarded-host': forwardedHost,
    'x-forwarded-proto': forwardedProto,
  } = req.headers;
  return JSON.stringify([host ?? '', forwardedHost ?? '', forwardedProto ?? '', url]);
}

/** The encoding to answer in: Brotli before gzip, as the client accepts them (q=0 refuses). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The entry's body in `encoding`, compressed on first demand and kept. */
function encoded(entry: Entry, encoding: Encoding): Buffer {
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(entry.identity, { level: 9 });
  return entry.encoded[encoding];
}

/**
 * Writes a kept answer with `headers` (the security headers, CORS's) and those a miss gets:
 * Content-Encoding, and Vary as compress extends it for the answers it compresses.
 */
function writeKept(
  res: ServerResponse,
  entry: Entry,
  acceptEncoding: string | undefined,
  headers: OutgoingHttpHeaders,
): void {
  const encoding =
    entry.bytes < COMPRESS_FROM_BYTES ? undefined : preferredEncoding(acceptEncoding);
  const body = encoding === undefined ? entry.identity : encoded(entry, encoding);
  res.writeHead(200, {
    ...headers,
    'content-type': entry.contentType,
    ...(encoding !== undefined && {
      'content-encoding': encoding,
      vary:
        headers.vary === undefined ? 'accept-encoding' : `${String(headers.vary)}, accept-encoding`,
    }),
    'content-length': body.length,
  });
  res.end(body);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's contract is public and a GET: its anonymous answers may be kept. */
    publicRead?: boolean;
  }
  interface FastifyRequest {
    publicCacheGeneration?: number;
  }
}

export class PublicCache {
  private readonly kept: KeptUntilChange<string, Entry>;

  constructor(ttlMs: number, now: () => number = Date.now, maxBytes = MAX_CACHE_BYTES) {
    this.kept = new KeptUntilChange(ttlMs, MAX_ENTRIES, now, weigh, maxBytes);
  }

  get(key: string): Entry | undefined {
    return this.kept.get(key);
  }

  /** The generation a read begins in; see `store`. */
  begin(): number {
    return this.kept.begin();
  }

  /** Keeps a response, unless the cache was emptied since its read began in `generation`. */
  store(key: string, generation: number, body: string, contentType: string): void {
    if (body.length > MAX_BODY_CHARS) return;
    const identity = Buffer.from(body);
    this.kept.store(key, generation, {
      identity,
      bytes: identity.length,
      contentType,
      encoded: {},
    });
  }

  clear(): void {
    this.kept.clear();
  }

  suspend(): void {
    this.kept.suspend();
  }

  resume(): void {
    this.kept.resume();
  }

  get size(): number {
    return this.kept.size;
  }

  /** The bytes the kept answers count for against `maxBytes`. */
  get bytes(): number {
    return this.kept.weightKept;
  }
}

/**
 * Installs the cache on `app`. Install it after the security headers and CORS (a hit answered
 * through Fastify needs their headers) and before compress (so that it keeps the JSON text, not
 * a compressed stream).
 */
export function installPublicCache(
  app: FastifyInstance,
  changes: Changes | null,
  ttlSeconds: number,
  front: {
    /** Where hits are answered before Fastify; null answers them in Fastify's onRequest. */
    server: FrontServer | null;
    securityHeaders: SecurityHeaderSets;
    cors: boolean;
    /** Answers hold URLs on the request's host (no PUBLIC_URL): keep them per host. */
    byHost: boolean;
  },
): void {
  if (changes === null || ttlSeconds <= 0) return;
  const cache = new PublicCache(ttlSeconds * 1000);
  changes.follow(cache);
  const anonymousGet = (req: IncomingMessage) =>
    req.method === 'GET' && req.headers.authorization === undefined;

  // What the hooks before this one give an answer to a request without an Origin: the security
  // headers, and CORS's Vary (the answer would differ with one).
  const cors: Record<string, string> = front.cors ? { vary: 'Origin' } : {};
  const headers = {
    api: { ...front.securityHeaders.api, ...cors },
    documents: { ...front.securityHeaders.documents, ...cors },
  };
  // pino has isLevelEnabled; the silent logger of an app built with `logger: false` has not.
  const log = app.log as typeof app.log & { isLevelEnabled?(level: string): boolean };
  if (front.server) {
    front.server.first = (req, res) => {
      if (!anonymousGet(req) || (front.cors && req.headers.origin !== undefined)) return false;
      const url = req.url ?? '';
      const hit = cache.get(cacheKey(req, front.byHost));
      if (!hit) return false;
      const start = performance.now();
      writeKept(res, hit, req.headers['accept-encoding'], securityHeadersFor(headers, url));
      // Fastify logs every answer it sends at info; a hit it never saw gets one line here.
      if (log.isLevelEnabled?.('info')) {
        const responseTime = performance.now() - start;
        log.info(
          {
            req: { method: 'GET', url },
            res: { statusCode: 200 },
            responseTime,
            publicCache: true,
          },
          'request completed',
        );
      }
      return true;
    };
  }

  // Callback hooks, not async ones: each async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    if (!anonymousGet(request.raw)) return done();
    const hit = cache.get(cacheKey(request.raw, front.byHost));
    if (!hit) {
      request.publicCacheGeneration = cache.begin();
      return done();
    }
    // Written as it is kept, past Fastify's reply: no later hook, no route, none of the onSend
    // hooks (compress, the drain, this cache's own) that have nothing to do for bytes made already.
    reply.hijack();
    writeKept(
      reply.raw,
      hit,
      request.headers['accept-encoding'],
      reply.getHeaders() as OutgoingHttpHeaders,
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const generation = request.publicCacheGeneration;
    const contentType = reply.getHeader('content-type');
    if (
      generation !== undefined &&
      request.routeOptions.config.publicRead === true &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      typeof contentType === 'string' &&
      contentType.startsWith('application/json') &&
      !reply.hasHeader('content-disposition')
    ) {
      cache.store(cacheKey(request.raw, front.byHost), generation, payload, contentType);
    }
    done(null, payload);
  });
}
