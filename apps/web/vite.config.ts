import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { AREA_NAMESPACES, PAGE_AREAS } from './src/app/preloads.ts';

/**
 * Brotli and gzip twins of every text file of the build, made once here at the highest levels
 * (too slow per request), so the API serves them as they are (`preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'helder-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = await readFile(file);
        // Below one packet compression saves nothing a client would notice.
        if (data.length < 1024) continue;
        const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        await writeFile(`${file}.br`, brotliCompressSync(data, quality));
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * `preloads.json` beside index.html: for each pattern of PAGE_AREAS (src/app/preloads.ts), the
 * files of its route modules (their chunks, the chunks they import and their CSS; none for a
 * route module inside the entry chunk) and the
 * catalogs of their namespaces and `common` in nl (the language of a first visit, which is
 * where waiting costs most), leaving out what index.html names already. The API names them in
 * the page it sends for a path that matches (apps/api/src/http/shell.ts), so they download
 * beside the entry.
 */
function pagePreloads(): Plugin {
  return {
    name: 'helder-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunk = (fileName: string) => {
        const output = bundle[fileName];
        return output?.type === 'chunk' ? output : undefined;
      };
      /** A chunk's file, the files of the chunks it imports, and all their CSS. */
      const closure = (start: Rolldown.OutputChunk) => {
        const files = new Set<string>();
        const visit = (current: Rolldown.OutputChunk) => {
          if (files.has(current.fileName)) return;
          files.add(current.fileName);
          current.viteMetadata?.importedCss.forEach((css) => files.add(css));
          for (const imported of current.imports) {
            const next = chunk(imported);
            if (next) visit(next);
          }
        };
        visit(start);
        return files;
      };
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const catalogs = new Map<string, Rolldown.OutputChunk>();
      const areas = new Map<string, Rolldown.OutputChunk>();
      /** The name (no extension) of the chunk's source module when it lies in `dir`. */
      const sourceIn = (output: Rolldown.OutputChunk, dir: string, extension: string) =>
        new RegExp(`/${dir}/([^/]+)\\.${extension}$`).exec(
          (output.facadeModuleId ?? '').replaceAll('\\', '/'),
        )?.[1];
      const entry = chunks.find((output) => output.isEntry);
      if (!entry) this.error('the build has no entry chunk');
      for (const output of chunks) {
        const namespace = sourceIn(output, 'src/locales/nl', 'json');
        if (namespace !== undefined) catalogs.set(namespace, output);
        const name = sourceIn(output, 'src/app/routes', 'tsx');
        if (name !== undefined && output.isDynamicEntry) areas.set(name, output);
      }
      const inIndex = closure(entry);
      // A route module the entry imports itself (the overview) comes with the entry.
      for (const file of inIndex) {
        for (const id of chunk(file)?.moduleIds ?? []) {
          const name = /\/src\/app\/routes\/([^/]+)\.tsx$/.exec(id.replaceAll('\\', '/'))?.[1];
          if (name !== undefined) areas.set(name, entry);
        }
      }
      const pages = PAGE_AREAS.map(({ pattern, areas: names }) => {
        const files = new Set<string>();
        const add = (output: Rolldown.OutputChunk | undefined, what: string) => {
          if (!output) this.error(`src/app/preloads.ts names ${what}, which the build lacks`);
          closure(output).forEach((file) => inIndex.has(file) || files.add(`/${file}`));
        };
        for (const name of names) add(areas.get(name), `routes/${name}.tsx`);
        for (const namespace of new Set(['common', ...names.flatMap((n) => AREA_NAMESPACES[n])])) {
          add(catalogs.get(namespace), `the namespace ${namespace}`);
        }
        return { pattern, files: [...files] };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'preloads.json',
        source: JSON.stringify({ pages }),
      });
    },
  };
}

/**
 * The modules of ours that the initiative and activity pages need beyond the entry, by their
 * path under apps/web/src (`web/`) or packages/shared/src (`shared/`). Together in one chunk
 * they compress a few KB smaller than in the dozen small chunks that automatic splitting makes of
 * them. A module missing here still loads where it is needed, in a chunk of its own.
 */
const DETAIL_MODULES = [
  'web/app/routes/initiatives.slots.tsx',
  'web/features/initiatives/{DetailLayout,DetailTabs,InitiativePage}.tsx',
  'web/features/initiatives/{tabs,detail.module.css,tabs.module.css}',
  'web/features/activities/api.ts',
  'web/features/media/api.ts',
  'web/features/payments/{ExportMenu,FilterChips,PaymentsTable}.tsx',
  'web/features/payments/{api,counterparty,dates,filters,routing}.ts',
  'web/features/payments/{table,chips}.module.css',
  'web/features/auth/useCan.ts',
  'web/components/ui/{Breadcrumbs,ButtonLink}.tsx',
  'web/components/ui/Breadcrumbs.module.css',
  'web/lib/{params,download,useLoadMoreOnScroll}.ts',
  // Small panels of the detail pages, each its own chunk otherwise (a request and a few hundred
  // bytes of overhead on every first load of an initiative).
  'web/features/charts/ChartsPanel.tsx',
  'web/components/ui/{CollapsiblePanel.tsx,CollapsiblePanel.module.css}',
  // The button of 'Verantwoording downloaden'; the regulation pages that use it too load this
  // chunk for their charts already.
  'web/components/ui/LazyModalButton.tsx',
  'web/features/audit/{HistoryPanel.tsx,api.ts}',
  'shared/audit/{client,audit.routes}.ts',
  'shared/payments/{privacy,payments.constants,payments.routes}.ts',
  'shared/{activities/activities,media/media}.routes.ts',
];

/**
 * The dialog's own modules and the text fields of most dialogs, with the login dialog (/login,
 * a first page): one chunk, as DETAIL_MODULES for the detail pages.
 */
const DIALOG_MODULES = [
  'web/components/ui/{Modal,Form,TextField,PasswordField}.tsx',
  'web/components/ui/{Modal,Form,TextField,PasswordField}.module.css',
  'web/features/auth/{LoginModal.tsx,login-form.ts,errors.ts}',
  'shared/users/users.constants.ts',
];

/** Matches the modules of a list like DETAIL_MODULES (`{a,b}` for alternatives). */
function modules(list: string[]): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const pattern = (entry: string) =>
    escape(entry)
      .replace(/^web\//, 'apps/web/src/')
      .replace(/^shared\//, 'packages/shared/src/')
      .replace(/\{([^}]+)\}/g, (_, options: string) => `(${options.split(',').join('|')})`)
      .replaceAll('/', '[\\\\/]');
  return new RegExp(`[\\\\/](${list.map(pattern).join('|')})(\\.tsx?)?$`);
}

/** Matches modules of the given npm packages (for code-splitting groups). */
function vendor(...packages: string[]): RegExp {
  return new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
}

/** The libraries of every first load: React, the router, i18n and TanStack Query. */
const VENDOR = vendor(
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'i18next',
  'react-i18next',
  '@tanstack/query-core',
  '@tanstack/react-query',
);

// The API (apps/api) listens on loopback :8000 in development; the SPA calls it under /api. The
// address, not `localhost`, which may resolve to ::1 where the API does not listen. The Host
// header stays the page's, so the API signs file URLs on it and they come through this proxy too.
const API_ORIGIN = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), pagePreloads(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The vendor chunk, React's included, is about 400 kB before compression (106 KB Brotli); a
    // chunk past it is news. The first-load budget itself is held by e2e/budget.spec.ts.
    chunkSizeWarningLimit: 420,
    rolldownOptions: {
      output: {
        // Stable vendor chunks (better caching). The first load's libraries (React, router, i18n,
        // query) are one chunk: one request, and Brotli compresses them better together. Our
        // own code of every first load (the overview included) is the shell beside it, and the
        // detail pages' code one chunk too (ADR 0022). zod (with the form resolvers), the form
        // library and Radix arrive with the first screen that needs them.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: VENDOR,
              priority: 30,
            },
            {
              // Ours on every first load (the entry's static imports), in one chunk beside the entry.
              name: 'shell',
              test: /[\\/](apps[\\/]web|packages[\\/]shared)[\\/]src[\\/]/,
              tags: ['$initial'],
              priority: 6,
            },
            {
              name: 'detail',
              test: modules(DETAIL_MODULES),
              // Only these: what they import from the shell stays there.
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              name: 'dialog',
              test: modules(DIALOG_MODULES),
              includeDependenciesRecursively: false,
              priority: 4,
            },
            { name: 'zod', test: vendor('zod', '@hookform/resolvers'), priority: 20 },
            { name: 'forms', test: vendor('react-hook-form'), priority: 21 },
            {
              // Radix (menus, popovers) and what it is built on: pages with a menu, modals with
              // a date picker.
              name: 'radix',
              test: vendor(
                'radix-ui',
                '@radix-ui/[^/]+',
                '@floating-ui/[^/]+',
                'react-remove-scroll',
                'react-remove-scroll-bar',
                'react-style-singleton',
                'use-callback-ref',
                'use-sidecar',
                'aria-hidden',
                'get-nonce',
                'tslib',
              ),
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
