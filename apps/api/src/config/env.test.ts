import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'helder-env-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'a-secret-key-that-is-at-least-32-characters';

describe('loadConfig', () => {
  it('has safe defaults for everything', () => {
    const config = loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET });
    expect(config).toMatchObject({
      env: 'development',
      port: 8000,
      // Loopback: a laptop's `npm start` serves nobody else (and only there the demo accounts
      // keep their published password, db/seed.ts).
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8000',
      openDataPrefix: '360G-HELDER-localhost-8000',
      dataDir: dir,
      databaseUrl: undefined,
      databasePoolSize: undefined,
      smtpUrl: undefined,
      storage: { kind: 'local' },
      seedDemo: true,
      receiptReminders: true,
      corsOrigins: [],
    });
  });

  it('takes the pool size from DATABASE_POOL_SIZE, and refuses one that is not a count', () => {
    expect(
      loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET, DATABASE_POOL_SIZE: '6' }),
    ).toMatchObject({
      databasePoolSize: 6,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET, DATABASE_POOL_SIZE: '0' }),
    ).toThrow(/^Invalid setting DATABASE_POOL_SIZE: /);
  });

  it('turns the receipt reminders off with RECEIPT_REMINDERS=false', () => {
    const config = loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET, RECEIPT_REMINDERS: 'false' });
    expect(config.receiptReminders).toBe(false);
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s with a one-line ConfigError', (port) => {
    let error: unknown;
    try {
      loadConfig({ PORT: port, DATA_DIR: dir, SECRET_KEY: SECRET });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid setting PORT: /);
    expect(message).not.toContain('\n');
  });

  it('takes OPEN_DATA_PREFIX as given, else builds it from PUBLIC_URL', () => {
    const base = { DATA_DIR: dir, SECRET_KEY: SECRET };
    expect(loadConfig({ ...base, OPEN_DATA_PREFIX: '360G-gemeente' }).openDataPrefix).toBe(
      '360G-gemeente',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://helder.example.org/' }).openDataPrefix).toBe(
      '360G-HELDER-helder-example-org',
    );
    expect(() => loadConfig({ ...base, OPEN_DATA_PREFIX: 'a b' })).toThrow(
      /^Invalid setting OPEN_DATA_PREFIX: /,
    );
  });

  it('names the bad setting for other values too', () => {
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid setting DATABASE_URL: /,
    );
    expect(() => loadConfig({ DATA_DIR: dir, SECRET_KEY: 'short' })).toThrow(
      /^Invalid setting SECRET_KEY: /,
    );
    expect(() => loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET, STORAGE: 's3' })).toThrow(
      'Invalid setting S3_BUCKET: required when STORAGE=s3',
    );
  });

  it('takes CORS_ORIGINS as origins only: they go into headers as they are', () => {
    expect(
      loadConfig({
        DATA_DIR: dir,
        SECRET_KEY: SECRET,
        CORS_ORIGINS: 'https://a.example, http://b.example:3000',
      }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:3000']);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET, CORS_ORIGINS: '' }).corsOrigins).toEqual(
      [],
    );
    for (const bad of [
      '*',
      'https://a.example/',
      'a.example',
      'https://a.example; script-src *',
      'ftp://a.example',
    ]) {
      expect(
        () => loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET, CORS_ORIGINS: bad }),
        bad,
      ).toThrow(/^Invalid setting CORS_ORIGINS: /);
    }
  });

  it('generates SECRET_KEY once, stores it with mode 0600 and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secret_key');
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.secretKey).toBe(first.secretKey);
  });

  it('uses SECRET_KEY from the environment without writing a file', () => {
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: SECRET }).secretKey).toBe(SECRET);
    expect(() => statSync(path.join(dir, 'secret_key'))).toThrow();
  });
});

describe('the bank provider settings', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'helder-env-bank-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dir, SECRET_KEY: 'x'.repeat(40), ...env });

  it('runs the sandbox bank of GoCardless without credentials, of the provider chosen', () => {
    expect(load({}).bank).toEqual({ provider: 'gocardless', sandbox: true });
    expect(load({ BANK_PROVIDER: 'enablebanking' }).bank).toEqual({
      provider: 'enablebanking',
      sandbox: true,
    });
  });

  it('uses the credentials given, with the real base URLs by default', () => {
    expect(load({ GOCARDLESS_SECRET_ID: 'id', GOCARDLESS_SECRET_KEY: 'key' }).bank).toEqual({
      provider: 'gocardless',
      sandbox: false,
      baseUrl: 'https://bankaccountdata.gocardless.com/api/v2',
      secretId: 'id',
      secretKey: 'key',
    });
    expect(
      load({
        BANK_PROVIDER: 'enablebanking',
        ENABLEBANKING_APP_ID: 'app',
        ENABLEBANKING_PRIVATE_KEY: '/k.pem',
      }).bank,
    ).toMatchObject({
      provider: 'enablebanking',
      sandbox: false,
      appId: 'app',
      privateKey: '/k.pem',
    });
  });

  it('stops on half a pair or an unknown provider, naming the setting', () => {
    expect(() => load({ GOCARDLESS_SECRET_ID: 'id' })).toThrow(ConfigError);
    expect(() => load({ GOCARDLESS_SECRET_ID: 'id' })).toThrow(/GOCARDLESS_SECRET_KEY/);
    expect(() =>
      load({ BANK_PROVIDER: 'enablebanking', ENABLEBANKING_PRIVATE_KEY: 'pem' }),
    ).toThrow(/ENABLEBANKING_APP_ID/);
    expect(() => load({ BANK_PROVIDER: 'plaid' })).toThrow(/BANK_PROVIDER/);
  });
});
