/**
 * What anonymous visitors read, kept in memory for a while (ADR 0014). Most of the traffic of an
 * open-spending site is the public reading the same lists and pages, which change only when
 * someone writes; those answers are made once and then sent as they are, without a query.
 *
 * - Only GETs without Authorization of routes whose contract is `public`, answered 200 with JSON.
 * - Emptied by every write, here or elsewhere, as `KeptUntilChange` says.
 * - Entries live at most `ttlSeconds` (signed file URLs in them stay valid for an hour) and there
 *   are at most MAX_ENTRIES of them, so the memory they take is bounded.
 * - An entry keeps its Brotli and gzip forms once a client asked for them, so that a browser's
 *   hit is not compressed anew each time.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { KeptUntilChange, type Changes } from './kept-until-change';

const MAX_ENTRIES = 1_000;
const MAX_BODY_CHARS = 256 * 1024;
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

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.kept = new KeptUntilChange(ttlMs, MAX_ENTRIES, now);
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
}

/**
 * Installs the cache on `app`. Install it after the security headers (every answer needs them)
 * and before compress (so that it keeps the JSON text, not a compressed stream).
 */
export function installPublicCache(
  app: FastifyInstance,
  changes: Changes | null,
  ttlSeconds: number,
): void {
  if (changes === null || ttlSeconds <= 0) return;
  const cache = new PublicCache(ttlSeconds * 1000);
  changes.follow(cache);

  // Callback hooks, not async ones: a hit is the hottest path of the API, and each async hook
  // costs it a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return done();
    const hit = cache.get(request.url);
    if (!hit) {
      request.publicCacheGeneration = cache.begin();
      return done();
    }
    // A hit is written as it is kept, past Fastify's reply: no later hook, no route, none of the
    // onSend hooks (compress, the drain, this cache's own) that have nothing to do for bytes
    // made already. The headers are those a miss gets: the security headers set so far, and
    // Content-Encoding with Vary as compress gives them to the answers it compresses.
    const encoding =
      hit.bytes < COMPRESS_FROM_BYTES
        ? undefined
        : preferredEncoding(request.headers['accept-encoding']);
    const body = encoding === undefined ? hit.identity : encoded(hit, encoding);
    reply.header('content-type', hit.contentType);
    if (encoding !== undefined) {
      reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    }
    reply.header('content-length', body.length);
    reply.hijack();
    reply.raw.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
    reply.raw.end(body);
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
      cache.store(request.url, generation, payload, contentType);
    }
    done(null, payload);
  });
}
