import { afterEach, describe, expect, it } from 'vitest';
import { CHEAP_HASHES_ENV, hashPassword, verifyPassword } from './passwords';
import { pgliteTemplateBlob } from '../test/template';

const saved = { cheap: process.env[CHEAP_HASHES_ENV], env: process.env.NODE_ENV };
afterEach(() => {
  process.env[CHEAP_HASHES_ENV] = saved.cheap;
  process.env.NODE_ENV = saved.env;
});

describe('password hashes', () => {
  it('are argon2id at OWASP minimum cost outside the test suite', async () => {
    delete process.env[CHEAP_HASHES_ENV];
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('ignore the test suite’s cheap setting in production', async () => {
    process.env[CHEAP_HASHES_ENV] = '1';
    process.env.NODE_ENV = 'production';
    expect(await hashPassword('x')).toMatch(/\$m=19456,t=2,p=1\$/);
  });

  it('are cheap in the test suite, and still verify', async () => {
    expect(process.env[CHEAP_HASHES_ENV]).toBe('1');
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
  });
});

describe('the test suite', () => {
  it('starts each database from the run’s migrated template', () => {
    expect(pgliteTemplateBlob()?.size).toBeGreaterThan(1_000_000);
  });
});
