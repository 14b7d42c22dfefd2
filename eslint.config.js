// ESLint 9 flat config for the whole monorepo (run `npm run lint` = `eslint .` at the root).
//
// - TypeScript: typescript-eslint `recommendedTypeChecked` with the project service, so every
//   .ts/.tsx file is checked with the types of the tsconfig that includes it.
// - Plain .js/.mjs/.cjs scripts are linted without type information.
// - apps/web: react-hooks, jsx-a11y and "no literal strings in JSX" (all UI text goes through i18n).
// - Everywhere: no import cycles (import-x/no-cycle), no `any`, and feature boundaries (see
//   `featureBoundaries` below).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver } from 'eslint-plugin-import-x';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURE_ROOTS = ['apps/api/src/features', 'apps/web/src/features'];

/**
 * Feature boundaries: a file inside `<root>/features/<feature>/` may import another feature only
 * through that feature's public entry point, i.e. `../<other>` or `../<other>/index`
 * (`index.ts`/`index.tsx`, with or without extension). A deep import such as
 * `../initiatives/initiatives.service` is an error.
 *
 * Relative import strings only make sense relative to the importing file, so there is one block
 * per nesting depth: a file directly in a feature folder reaches a sibling feature with `../x`,
 * a file one folder deeper with `../../x`, and so on (up to 4 levels, which is plenty).
 * The regex accepts `../<feature>` and `../<feature>/index[.ext]` and rejects
 * `../<feature>/<anything else>`. Feature names are kebab-case, so `..` is never taken for one.
 */
function featureBoundaries() {
  const blocks = [];
  for (let depth = 1; depth <= 4; depth += 1) {
    const up = '\\.\\./'.repeat(depth);
    const files = FEATURE_ROOTS.flatMap((root) => {
      const dirs = Array.from({ length: depth }, () => '*').join('/');
      return [`${root}/${dirs}/*.{ts,tsx}`];
    });
    blocks.push({
      name: `helder/feature-boundaries/depth-${depth}`,
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}[a-z][a-z0-9-]*/(?!index(\\.[cm]?[jt]sx?)?$).+`,
                message:
                  "Import another feature only through its index (e.g. '../payments' or '../payments/index'), never a file inside it.",
              },
            ],
          },
        ],
      },
    });
  }
  return blocks;
}

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/data/',
    'apps/api/drizzle/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'reports/',
    '**/*.tsbuildinfo',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  {
    name: 'helder/base',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // TypeScript files outside every workspace tsconfig: root configs, the scripts' types.
          allowDefaultProject: ['vitest.config.ts', 'scripts/*.d.mts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Noise for Fastify handlers/plugins and React event handlers.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false, properties: false } },
      ],
      // `${id}` with numbers is fine; objects and nullish values are not.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
    },
  },

  // Plain JavaScript (scripts, this file): no type information.
  {
    name: 'helder/plain-js',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // Web app: browser globals, React hooks, accessibility, no literal strings in JSX.
  {
    name: 'helder/web',
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    name: 'helder/web-hooks',
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/e2e/**'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    name: 'helder/web-jsx',
    files: ['apps/web/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { react },
    settings: { react: { version: '19' } },
    rules: {
      // All user-facing text comes from i18next (t('...')); only punctuation may be literal.
      'react/jsx-no-literals': [
        'error',
        {
          noStrings: true,
          ignoreProps: true,
          allowedStrings: [
            '·',
            '/',
            '|',
            '…',
            '+',
            '×',
            ':',
            '-',
            '–',
            '—',
            '(',
            ')',
            ',',
            '.',
            '*',
          ],
        },
      ],
    },
  },
  {
    // Tests and end-to-end specs may render fixtures with literal text.
    name: 'helder/web-tests',
    files: ['apps/web/**/*.test.tsx', 'apps/web/src/test/**', 'apps/web/e2e/**'],
    rules: {
      'react/jsx-no-literals': 'off',
    },
  },

  // packages/shared runs unchanged in Node and the browser: rules, schemas and helpers only. Any
  // I/O (files, network, database, storage, the DOM) belongs to apps/api or apps/web.
  {
    name: 'helder/shared-no-io',
    files: ['packages/shared/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(node:|(fs|path|os|net|http|https|child_process|crypto|stream|url|worker_threads)(/|$))',
              message: 'packages/shared must not do I/O or depend on Node built-ins.',
            },
            {
              regex:
                '^(pg|drizzle-orm|fastify|@fastify/|react|react-dom|@tanstack/|sharp|nodemailer|@aws-sdk/|@electric-sql/|i18next)(/|$)',
              message: 'packages/shared must not depend on the API or web stacks.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'localStorage',
          'sessionStorage',
          'document',
          'window',
          'navigator',
          'process',
          'require',
          'Buffer',
        ].map((name) => ({ name, message: 'packages/shared must not do I/O or reach the host.' })),
      ],
    },
  },

  ...featureBoundaries(),
);
