import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** `scheme://host[:port]` and nothing more: CORS and file framing (CSP) name origins as they are. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

/** The only reader of process.env. Every setting has a safe embedded default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  // Loopback unless told otherwise: a laptop's `npm start` should not serve the LAN.
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  OPEN_DATA_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and hyphens only')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Helder <no-reply@helder.local>'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value.trim() === '' ||
        value.split(',').every((o) => isOrigin(o.trim())),
      'must be comma-separated origins like https://app.example.org',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  RECEIPT_REMINDERS: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:a-f/, ]+)$/i, 'must be true, false, a hop count or addresses')
    .default('false'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  WEB_DIST: z.string().optional(),
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  PUBLIC_CACHE_FRONT: z.enum(['true', 'false']).default('true'),
  BANK_PROVIDER: z.enum(['gocardless', 'enablebanking']).default('gocardless'),
  GOCARDLESS_SECRET_ID: z.string().trim().min(1).optional(),
  GOCARDLESS_SECRET_KEY: z.string().trim().min(1).optional(),
  GOCARDLESS_BASE_URL: z.url().default('https://bankaccountdata.gocardless.com/api/v2'),
  ENABLEBANKING_APP_ID: z.string().trim().min(1).optional(),
  ENABLEBANKING_PRIVATE_KEY: z.string().trim().min(1).optional(),
  ENABLEBANKING_BASE_URL: z.url().default('https://api.enablebanking.com'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Links in mail: PUBLIC_URL, else http://localhost:$PORT. */
  publicUrl: string;
  /**
   * The base of signed file URLs when PUBLIC_URL is set; without it each request's own origin
   * is (http/context.ts), so a page opened on any host shows its pictures.
   */
  fileUrlBase: string | undefined;
  /**
   * The prefix of identifiers in the 360Giving feed: OPEN_DATA_PREFIX, else 360G-HELDER- and the
   * public host, so that two sites never publish the same identifier.
   */
  openDataPrefix: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL per instance; unset → twice this machine's cores (db/client.ts). */
  databasePoolSize: number | undefined;
  secretKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      };
  corsOrigins: string[];
  logLevel: string;
  seedDemo: boolean;
  /**
   * The weekly mail to owners about expenses without a receipt (docs/api-rules.md §17); off
   * where nobody should be mailed, such as a demo whose owners are made up.
   */
  receiptReminders: boolean;
  /** Fastify's trustProxy: only then is X-Forwarded-For believed (it decides rate-limit keys). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Login and reset attempts per minute per client address; forgot-password gets half. */
  authRateLimit: number;
  webDist: string | undefined;
  /** How long anonymous public reads are kept in memory (http/public-cache.ts); 0 keeps none. */
  publicCacheSeconds: number;
  /**
   * Public-cache hits are answered before Fastify sees the request (http/front-server.ts);
   * false answers them inside Fastify, so the load bench can measure what that path gains.
   */
  publicCacheFront: boolean;
  /**
   * The open-banking provider. Without its credentials (`sandbox`) the provider's fake runs in
   * the process as the demo's sandbox bank, so linking works without a contract.
   */
  bank: BankConfig;
}

type BankConfig =
  | { provider: 'gocardless'; sandbox: true }
  | { provider: 'gocardless'; sandbox: false; baseUrl: string; secretId: string; secretKey: string }
  | { provider: 'enablebanking'; sandbox: true }
  | {
      provider: 'enablebanking';
      sandbox: false;
      baseUrl: string;
      appId: string;
      /** PEM text, or the path of a PEM file. */
      privateKey: string;
    };

/** Both credentials of the chosen provider, or neither (its sandbox); one alone is a mistake. */
function bankConfig(e: z.infer<typeof envSchema>): BankConfig {
  const pair = (a: string, av: string | undefined, b: string, bv: string | undefined) => {
    if ((av === undefined) !== (bv === undefined)) {
      const missing = av === undefined ? a : b;
      throw new ConfigError(
        `Invalid setting ${missing}: required with ${missing === a ? b : a} (unset both to use the sandbox bank)`,
      );
    }
    return av !== undefined && bv !== undefined ? [av, bv] : null;
  };
  if (e.BANK_PROVIDER === 'gocardless') {
    const set = pair(
      'GOCARDLESS_SECRET_ID',
      e.GOCARDLESS_SECRET_ID,
      'GOCARDLESS_SECRET_KEY',
      e.GOCARDLESS_SECRET_KEY,
    );
    return set
      ? {
          provider: 'gocardless',
          sandbox: false,
          baseUrl: e.GOCARDLESS_BASE_URL,
          secretId: set[0]!,
          secretKey: set[1]!,
        }
      : { provider: 'gocardless', sandbox: true };
  }
  const set = pair(
    'ENABLEBANKING_APP_ID',
    e.ENABLEBANKING_APP_ID,
    'ENABLEBANKING_PRIVATE_KEY',
    e.ENABLEBANKING_PRIVATE_KEY,
  );
  return set
    ? {
        provider: 'enablebanking',
        sandbox: false,
        baseUrl: e.ENABLEBANKING_BASE_URL,
        appId: set[0]!,
        privateKey: set[1]!,
      }
    : { provider: 'enablebanking', sandbox: true };
}

export class ConfigError extends Error {}

/**
 * Whether listening on `host` reaches this machine only. Anything else (0.0.0.0, `::`, a LAN
 * address, a host name) may be reached from elsewhere, so nothing published may open it.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
  );
}

/**
 * A secret generated once into `dataDir/name` (mode 0600) and read back on every later start;
 * never logged by this module.
 */
export function persistentSecret(
  dataDir: string,
  name: string,
  make: () => string = () => randomBytes(48).toString('base64url'),
): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

const trustHops =
  (hops: number): Config['trustProxy'] =>
  (_address, hop) =>
    hop < hops;

/**
 * The client address is the rightmost X-Forwarded-For entry that a trusted proxy did not add.
 * Fastify's own `true` trusts every hop and takes the leftmost entry, which the client writes
 * itself: rotating it would dodge the login limit. So `true` means one proxy in front of us.
 */
function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false;
  if (value === 'true') return trustHops(1);
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  return value;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid setting S3_BUCKET: required when STORAGE=s3');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    fileUrlBase: e.PUBLIC_URL?.replace(/\/$/, ''),
    openDataPrefix:
      e.OPEN_DATA_PREFIX ??
      `360G-HELDER-${new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).host.replace(/[^A-Za-z0-9]+/g, '-')}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    secretKey: e.SECRET_KEY ?? persistentSecret(dataDir, 'secret_key'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { kind: 'local' },
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim()) : [],
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    receiptReminders: e.RECEIPT_REMINDERS === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimit: e.AUTH_RATE_LIMIT,
    webDist: e.WEB_DIST,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    publicCacheFront: e.PUBLIC_CACHE_FRONT === 'true',
    bank: bankConfig(e),
  };
}
