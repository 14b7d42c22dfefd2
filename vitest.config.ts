// One vitest run for the whole monorepo: `npx vitest run` (all projects) or
// `npx vitest run --project api` (one project). `npm test` (scripts/test.mjs) drives it.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The web tests reuse the app's Vite config (plugins, aliases) once it exists.
const webViteConfig = './apps/web/vite.config.ts';

export default defineConfig({
  test: {
    passWithNoTests: true,
    // A worker per core (vitest's default leaves one free): API test workers wait on their
    // database part of the time, and on two cores one worker left the other core mostly idle.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // One migrated database per run that each test file's database is copied from.
          globalSetup: ['./src/test/global-setup.ts'],
          // Child processes: PGlite (WASM), sharp and smtp-server behave better outside worker threads.
          pool: 'forks',
          // Each file builds its own app on its own database (test/app.ts), so files need no fresh
          // module graph of their own: a worker imports Fastify, Drizzle and the features once
          // for all its files instead of once per file. On two cores the suite took a third of
          // the wall time and half the CPU time it took with a module graph per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...(existsSync(webViteConfig) ? { extends: webViteConfig } : {}),
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Spies created with vi.spyOn are restored before each test.
          restoreMocks: true,
          // Files share their worker's jsdom and modules (React, the router, every catalog),
          // which test/setup.ts resets between tests: the project ran in a third of the wall
          // time and CPU it took with a fresh environment per file.
          isolate: false,
          // A journey through a page (lazy modules, several answers, re-renders) runs a few
          // seconds in jsdom when both cores are busy with the API suite beside it.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
