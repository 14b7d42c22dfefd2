import { readFileSync } from 'node:fs';

/** Where test/global-setup.ts leaves the migrated databases that test files start from. */
export const TEMPLATE_ENV = {
  pglite: 'HELDER_TEST_PGLITE_TEMPLATE',
  postgres: 'HELDER_TEST_PG_TEMPLATE',
} as const;

let pgliteTemplate: Blob | null | undefined;

/** The migrated PGlite data directory, read once per process; null outside a vitest run. */
export function pgliteTemplateBlob(): Blob | null {
  if (pgliteTemplate === undefined) {
    const file = process.env[TEMPLATE_ENV.pglite];
    pgliteTemplate = file ? new Blob([readFileSync(file)]) : null;
  }
  return pgliteTemplate;
}

/** The migrated PostgreSQL database to copy, or null (then each test database is migrated). */
export const postgresTemplate = () => process.env[TEMPLATE_ENV.postgres] ?? null;
