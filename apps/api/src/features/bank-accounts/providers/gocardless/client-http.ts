import { z } from 'zod';
import { ProviderError } from '../provider';

/**
 * GoCardless Bank Account Data over HTTP: the access token (cached, refreshed, renewed once on
 * 'Invalid token'), the request with its timeout, and the provider's answers turned into data or
 * a ProviderError. Secrets and tokens never reach a message or the log.
 */

export interface ProviderLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface GoCardlessHttpOptions {
  /** The API root, e.g. `https://bankaccountdata.gocardless.com/api/v2`. */
  baseUrl: string;
  secretId: string;
  secretKey: string;
  timeoutMs: number;
  log: ProviderLog | undefined;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string>;
  body?: unknown;
}

interface Answer {
  status: number;
  headers: Headers;
  /** The parsed body; undefined when there was none or it was not JSON (see `readable`). */
  json: unknown;
  readable: boolean;
}

const RATE_LIMIT_HEADERS = [
  'HTTP_X_RATELIMIT_LIMIT',
  'HTTP_X_RATELIMIT_REMAINING',
  'HTTP_X_RATELIMIT_RESET',
  'HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_LIMIT',
  'HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_REMAINING',
  'HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET',
];
const DAY_MS = 86_400_000;

const newTokens = z.object({
  access: z.string().min(1),
  access_expires: z.number().positive(),
  refresh: z.string().min(1),
  refresh_expires: z.number().positive(),
});
const refreshedToken = z.object({
  access: z.string().min(1),
  access_expires: z.number().positive(),
});

interface Tokens {
  access: string;
  accessUntil: number;
  refresh: string;
  refreshUntil: number;
}

/** A moment `seconds` from now, a little early so a token is never used at its very end. */
function validUntil(seconds: number): number {
  return Date.now() + (seconds - Math.min(60, seconds / 10)) * 1000;
}

/** What an error body says: `{summary, detail, type}`, or fields each with their own message. */
function errorOf(json: unknown): { summary: string; detail: string; type: string | null } {
  if (typeof json !== 'object' || json === null) return { summary: '', detail: '', type: null };
  const body = json as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (typeof body.summary === 'string') {
    return { summary: body.summary, detail: text(body.detail), type: text(body.type) || null };
  }
  const fields = Object.entries(body)
    .filter(([key]) => key !== 'status_code')
    .map(([key, value]) => {
      const inner = (typeof value === 'object' && value !== null ? value : {}) as Record<
        string,
        unknown
      >;
      const said = Array.isArray(value)
        ? value.map(text).join(' ')
        : text(inner.detail) || text(inner.summary);
      return `${key}: ${said}`;
    });
  return { summary: 'Invalid request', detail: fields.join('; '), type: null };
}

export class GoCardlessHttp {
  private readonly base: string;
  private tokens: Tokens | null = null;
  private obtaining: Promise<string> | null = null;

  constructor(private readonly options: GoCardlessHttpOptions) {
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  }

  /** An authenticated call; its JSON answer, or a ProviderError. */
  async call(path: string, options: CallOptions = {}): Promise<unknown> {
    const token = await this.accessToken();
    let answer = await this.send(path, options, token);
    if (this.isInvalidToken(answer)) {
      // The service forgot the token before its time: one retry with a fresh one.
      if (this.tokens?.access === token) this.tokens.accessUntil = 0;
      answer = await this.send(path, options, await this.accessToken());
    }
    if (answer.status >= 200 && answer.status < 300) {
      if (!answer.readable) {
        throw new ProviderError(
          'unavailable',
          `GoCardless answered ${path} with something that is not JSON`,
          {
            status: answer.status,
          },
        );
      }
      return answer.json;
    }
    throw this.failure(answer);
  }

  private isInvalidToken(answer: Answer): boolean {
    return answer.status === 401 && errorOf(answer.json).summary === 'Invalid token';
  }

  private accessToken(): Promise<string> {
    if (this.tokens && Date.now() < this.tokens.accessUntil)
      return Promise.resolve(this.tokens.access);
    this.obtaining ??= this.obtainToken().finally(() => {
      this.obtaining = null;
    });
    return this.obtaining;
  }

  /** A refreshed access token while the refresh token lasts, else a new pair. */
  private async obtainToken(): Promise<string> {
    const held = this.tokens;
    if (held && Date.now() < held.refreshUntil) {
      const answer = await this.send(
        'token/refresh/',
        { method: 'POST', body: { refresh: held.refresh } },
        null,
      );
      const parsed = refreshedToken.safeParse(answer.json);
      if (answer.status === 200 && parsed.success) {
        this.tokens = {
          ...held,
          access: parsed.data.access,
          accessUntil: validUntil(parsed.data.access_expires),
        };
        return parsed.data.access;
      }
      if (answer.status !== 401) throw this.failure(answer);
    }
    const answer = await this.send(
      'token/new/',
      {
        method: 'POST',
        body: { secret_id: this.options.secretId, secret_key: this.options.secretKey },
      },
      null,
    );
    if (answer.status === 401 || answer.status === 403) {
      throw new ProviderError('credentials_invalid', this.messageOf(answer), {
        status: answer.status,
      });
    }
    const parsed = newTokens.safeParse(answer.json);
    if (answer.status !== 200) throw this.failure(answer);
    if (!parsed.success)
      throw new ProviderError('unavailable', 'GoCardless answered token/new/ unreadably');
    this.tokens = {
      access: parsed.data.access,
      accessUntil: validUntil(parsed.data.access_expires),
      refresh: parsed.data.refresh,
      refreshUntil: validUntil(parsed.data.refresh_expires),
    };
    return parsed.data.access;
  }

  private async send(path: string, options: CallOptions, token: string | null): Promise<Answer> {
    const url = new URL(path, this.base);
    for (const [key, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(key, value);
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (
        error instanceof Error &&
        (error.name === 'TimeoutError' || error.name === 'AbortError')
      ) {
        throw new ProviderError(
          'unavailable',
          `GoCardless did not answer ${method} ${path} within ${this.options.timeoutMs} ms`,
          { code: 'timeout' },
        );
      }
      const cause =
        error instanceof Error && error.cause instanceof Error
          ? error.cause.message
          : String(error);
      throw new ProviderError(
        'unavailable',
        this.redact(`GoCardless could not be reached: ${cause}`),
        {
          code: 'network',
        },
      );
    }
    this.logLimits(method, path, response.headers);
    let json: unknown;
    let readable = true;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      readable = false;
    }
    return { status: response.status, headers: response.headers, json, readable };
  }

  private logLimits(method: string, path: string, headers: Headers): void {
    const limits = Object.fromEntries(
      RATE_LIMIT_HEADERS.flatMap((name) => {
        const value = headers.get(name);
        return value === null
          ? []
          : [[name.slice('HTTP_X_RATELIMIT_'.length).toLowerCase(), value]];
      }),
    );
    if (Object.keys(limits).length === 0 || !this.options.log) return;
    const { log } = this.options;
    (log.debug ?? log.info).call(
      log,
      { provider: 'gocardless', method, path, rateLimit: limits },
      'GoCardless rate limits',
    );
  }

  private messageOf(answer: Answer): string {
    const { summary, detail } = errorOf(answer.json);
    const text = [summary, detail]
      .filter((part, i, all) => part !== '' && all.indexOf(part) === i)
      .join(': ');
    return this.redact(text || `GoCardless answered ${answer.status}`);
  }

  /** Takes our secrets and tokens out of a text the provider wrote. */
  private redact(text: string): string {
    const secrets = [
      this.options.secretId,
      this.options.secretKey,
      this.tokens?.access,
      this.tokens?.refresh,
    ].filter((s): s is string => typeof s === 'string' && s.length >= 4);
    return secrets.reduce((out, secret) => out.replaceAll(secret, '[redacted]'), text);
  }

  /** An error answer in the providers' one vocabulary. */
  private failure(answer: Answer): ProviderError {
    const { status } = answer;
    const { summary, detail, type } = errorOf(answer.json);
    const message = this.messageOf(answer);
    const details = { status, ...(type ? { code: type } : {}) };
    const said = `${summary} ${detail} ${type ?? ''}`;
    if (!answer.readable) {
      return new ProviderError(
        'unavailable',
        `GoCardless answered ${status} with something that is not JSON`,
        {
          status,
        },
      );
    }
    if (status === 429)
      return new ProviderError('rate_limited', message, {
        ...details,
        retryAt: this.retryAt(answer, detail),
      });
    if (status === 409) {
      return new ProviderError(
        /suspend/i.test(said) ? 'reauth_required' : 'processing',
        message,
        details,
      );
    }
    if (status === 401) {
      // A fresh token refused again is the service's trouble; any other 401 is about the consent.
      return new ProviderError(
        this.isInvalidToken(answer) ? 'unavailable' : 'reauth_required',
        message,
        details,
      );
    }
    if (status === 403) return new ProviderError('credentials_invalid', message, details);
    if (status === 400 && /(End User Agreement|EUA)\b/i.test(said) && /expired/i.test(said)) {
      return new ProviderError('reauth_required', message, details);
    }
    if (status === 404) return new ProviderError('not_found', message, details);
    if (status >= 500) return new ProviderError('unavailable', message, details);
    return new ProviderError('invalid_request', message, details);
  }

  /** When to try again: the 429's own seconds, else the exhausted window's reset, else a day. */
  private retryAt(answer: Answer, detail: string): Date {
    const header = (name: string) => answer.headers.get(`HTTP_X_RATELIMIT_${name}`);
    const seconds =
      /try again in (\d+) seconds?/i.exec(detail)?.[1] ??
      (header('ACCOUNT_SUCCESS_REMAINING') === '0' ? header('ACCOUNT_SUCCESS_RESET') : null) ??
      (header('REMAINING') === '0' ? header('RESET') : null);
    const n = Number(seconds);
    return new Date(
      Date.now() + (seconds !== null && Number.isFinite(n) && n >= 0 ? n * 1000 : DAY_MS),
    );
  }
}
