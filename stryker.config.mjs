// Mutation testing of the permission rules (docs/api-rules.md §4–6) and of the API's SQL visibility
// helpers: `npm run mutation`. A report, not a gate: the clear-text reporter prints every
// surviving mutant and the HTML report goes to reports/mutation/. The rules take about two
// minutes; the SQL helpers, judged by the API's visibility matrix on PGlite, about ten more
// (`npm run mutation -- --mutate 'packages/shared/src/permissions/*.ts'` leaves them out).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  mutate: [
    'packages/shared/src/permissions/*.ts',
    '!packages/shared/src/permissions/*.test.ts',
    '!packages/shared/src/permissions/index.ts',
    'apps/api/src/lib/initiative-sql.ts',
  ],
  coverageAnalysis: 'perTest',
  // Each API test file builds an app and a scene first; the default would count that as a hang.
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowEmojis: false, logTests: false },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  tempDirName: 'reports/.stryker-tmp',
};
