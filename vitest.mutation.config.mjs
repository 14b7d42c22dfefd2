// The vitest projects that mutation testing (`npm run mutation`) runs, taken from the root config.
// Stryker's vitest runner takes a config file but no project filter, and its own test-file filter
// activates module-level mutants too late (they all survive), hence this file.
import { defineConfig } from 'vitest/config';
import root from './vitest.config';

const project = (name) => root.test.projects.find((p) => p.test?.name === name);
const api = project('api');

export default defineConfig({
  test: {
    projects: [
      project('shared'),
      // The API's visibility matrix is what judges the SQL visibility helpers; the rest of the
      // API suite would add minutes per run and little for those helpers.
      { ...api, test: { ...api.test, include: ['src/**/*.visibility.test.ts'] } },
    ],
  },
});
