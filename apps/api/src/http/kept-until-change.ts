/**
 * Values read from the database and kept in memory until anything may have changed under them:
 * the public cache's answers (ADR 0014), the token check's users (ADR 0023), a regulation's grant
 * figures (ADR 0032) and a payment list's totals (ADR 0035).
 *
 * - Any write through this server empties them before its response leaves (a refused one
 *   wrote nothing and leaves them, so that anonymous junk cannot keep them cold); a write anywhere
 *   else (another API server, a job, the command line) empties them when PostgreSQL's NOTIFY
 *   arrives (drizzle/0007_change_notifications.sql). While that channel is down nothing is
 *   kept, since a write could go unnoticed.
 * - A value read while a write landed is not kept: each read notes the generation it began in,
 *   and every emptying starts a new one.
 * - Entries live at most `ttlMs`; there are at most `maxEntries` of them, weighing at most
 *   `maxWeight` together; the oldest make room.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

const CHANGE_CHANNEL = 'helder_public_change';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may have changed what is kept. A refused request (4xx) wrote nothing: every
 * write is one transaction that a refusal rolls back. A 5xx may have failed after its commit,
 * so it counts as a write (PostgreSQL's NOTIFY would empty the cache for it anyway).
 */
const mayHaveWritten = (method: string, status: number) =>
  !READS.has(method) && (status < 400 || status >= 500);

export class KeptUntilChange<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number; weight: number }>();
  private generation = 0;
  private live = true;
  private weight = 0;

  /**
   * `weigh` tells what a value counts towards `maxWeight` (the public cache: its bytes); by
   * default each counts one, so `maxEntries` alone bounds them.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly weigh: (value: V) => number = () => 1,
    private readonly maxWeight = Infinity,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return entry?.value;
  }

  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  /** The generation a read begins in; see `store`. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a value, unless everything was emptied since its read began in `generation`. */
  store(key: K, generation: number, value: V): void {
    if (!this.live || generation !== this.generation) return;
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.remove(key);
    // Maps iterate in insertion order: the oldest entries go first.
    while (this.entries.size >= this.maxEntries || this.weight + weight > this.maxWeight) {
      this.remove(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, weight });
    this.weight += weight;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.weight = 0;
  }

  /** Writes may go unnoticed from now on: keep nothing until `resume`. */
  suspend(): void {
    this.live = false;
    this.clear();
  }

  resume(): void {
    this.clear();
    this.live = true;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the kept values weigh together. */
  get weightKept(): number {
    return this.weight;
  }
}

type Emptiable = Pick<KeptUntilChange<unknown, unknown>, 'clear' | 'suspend' | 'resume'>;

/** What is kept until a change; one LISTEN connection serves them all. */
export interface Changes {
  follow(kept: Emptiable): void;
}

/**
 * A store that every change empties, for a route's reads; null (keep nothing) where nothing
 * follows changes (`PUBLIC_CACHE_SECONDS=0`).
 */
export function keptUntilChange<K, V>(
  changes: Changes | null,
  seconds: number,
  maxEntries: number,
  weigh?: (value: V) => number,
  maxWeight?: number,
): KeptUntilChange<K, V> | null {
  if (changes === null) return null;
  const kept = new KeptUntilChange<K, V>(seconds * 1000, maxEntries, Date.now, weigh, maxWeight);
  changes.follow(kept);
  return kept;
}

/** Empties what follows it on every write, through this server or elsewhere. */
export async function followChanges(app: FastifyInstance, database: Database): Promise<Changes> {
  const followers = new Set<Emptiable>();
  const stop = await database.listen(CHANGE_CHANNEL, {
    notify: () => followers.forEach((kept) => kept.clear()),
    lost: () => {
      app.log.warn('change notifications lost: keeping nothing read until they return');
      followers.forEach((kept) => kept.suspend());
    },
    restored: () => followers.forEach((kept) => kept.resume()),
  });
  app.addHook('onClose', stop);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (mayHaveWritten(request.method, reply.statusCode)) {
      followers.forEach((kept) => kept.clear());
    }
    done(null, payload);
  });
  return { follow: (kept) => void followers.add(kept) };
}
