/**
 * Fastify gives every request a child logger bound to its id. Pino makes a child by serialising
 * the bindings and rebuilding its formatters: about a twentieth of the CPU time of an answer from
 * the public cache, spent even when the level lets nothing through. This child is made on the
 * first call that writes a line, so a request that logs nothing costs one small object.
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
/** Pino's loggers say whether a level writes; Fastify's logger type does not promise it. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

class RequestLogger {
  private made: LevelAware | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
  ) {}

  /** The child once made, else the parent: the same level either way until it is set. */
  private get current(): LevelAware {
    return this.made ?? this.parent;
  }

  private get real(): LevelAware {
    this.made ??= this.parent.child(this.bindings) as LevelAware;
    return this.made;
  }

  /** What each level's method does (set on the prototype below). */
  write(level: (typeof LEVELS)[number], args: unknown[]): void {
    if (!this.current.isLevelEnabled(level)) return;
    Reflect.apply(this.real[level], this.real, args);
  }

  get level(): string {
    return this.current.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.current.isLevelEnabled(level);
  }

  silent() {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/**
 * Fastify's `childLoggerFactory`. A route with a level or serializers of its own gets the child at
 * once (those change what it writes, not only when), as does a logger that cannot say whether a
 * level writes.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: NonNullable<ChildOptions>,
): FastifyBaseLogger {
  if (
    options.level !== undefined ||
    options.serializers !== undefined ||
    !('isLevelEnabled' in parent)
  ) {
    return parent.child(bindings, options);
  }
  // Its level methods are set on the prototype, where the type system does not look.
  return new RequestLogger(parent as LevelAware, bindings) as unknown as FastifyBaseLogger;
}
