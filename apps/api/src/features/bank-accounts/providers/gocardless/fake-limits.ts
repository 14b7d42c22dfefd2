/**
 * The GoCardless fake's rate limits: the company-wide limit per endpoint family (a fixed window,
 * reported in `HTTP_X_RATELIMIT_*`) and the per-account limit of 4 successful calls per scope in
 * a rolling 24 hours (`HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_*`).
 */

const MINUTE = 60_000;
export const DAY = 86_400_000;

const GENERAL_LIMITS = {
  tokenNew: { limit: 100, windowMs: 60 * MINUTE, per: 'hour' },
  tokenRefresh: { limit: 100, windowMs: MINUTE, per: 'minute' },
  institutions: { limit: 300, windowMs: MINUTE, per: 'minute' },
  create: { limit: 100, windowMs: MINUTE, per: 'minute' },
  read: { limit: 300, windowMs: MINUTE, per: 'minute' },
  accept: { limit: 100, windowMs: MINUTE, per: 'minute' },
  remove: { limit: 100, windowMs: MINUTE, per: 'minute' },
  accounts: { limit: 100, windowMs: MINUTE, per: 'minute' },
} as const;
export type LimitFamily = keyof typeof GENERAL_LIMITS;

const ACCOUNT_SUCCESS_LIMIT = 4;

export interface LimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window frees a call. */
  reset: number;
  /** The limit as the 429's detail writes it: '100/hour', '4/day'. */
  text: string;
}

export class GeneralLimits {
  private readonly windows = new Map<LimitFamily, { start: number; count: number }>();

  /** Counts a call; `exceeded` when it is one too many. */
  take(family: LimitFamily, now: number): LimitState & { exceeded: boolean } {
    const { limit, windowMs, per } = GENERAL_LIMITS[family];
    let window = this.windows.get(family);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(family, window);
    }
    const exceeded = window.count >= limit;
    if (!exceeded) window.count += 1;
    return {
      limit,
      remaining: limit - window.count,
      reset: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
      text: `${limit}/${per}`,
      exceeded,
    };
  }
}

/** Successful calls per account and scope over a rolling day. */
export class AccountLimits {
  private readonly successes = new Map<string, number[]>();

  private recent(key: string, now: number): number[] {
    const kept = (this.successes.get(key) ?? []).filter((at) => at > now - DAY);
    this.successes.set(key, kept);
    return kept;
  }

  state(accountId: string, scope: string, now: number): LimitState {
    const recent = this.recent(`${accountId}:${scope}`, now);
    const oldest = recent[0];
    return {
      limit: ACCOUNT_SUCCESS_LIMIT,
      remaining: Math.max(0, ACCOUNT_SUCCESS_LIMIT - recent.length),
      reset: oldest === undefined ? DAY / 1000 : Math.ceil((oldest + DAY - now) / 1000),
      text: `${ACCOUNT_SUCCESS_LIMIT}/day`,
    };
  }

  record(accountId: string, scope: string, now: number): void {
    this.recent(`${accountId}:${scope}`, now).push(now);
  }
}
