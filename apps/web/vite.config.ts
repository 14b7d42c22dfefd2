import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/** Matches modules of the given npm packages (for code-splitting groups). */
function vendor(...packages: string[]): RegExp {
  return new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
}

// The API (apps/api) listens on :8000 in development; the SPA calls it under /api.
const API_ORIGIN = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Route modules are loaded lazily (src/app/router.tsx); keep an eye on the entry chunk.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // Stable vendor chunks (better caching). Only react, router, i18n and query belong to
        // the first load; zod, forms and Radix arrive with the first screen that needs them.
        codeSplitting: {
          groups: [
            { name: 'react', test: vendor('react', 'react-dom', 'scheduler'), priority: 30 },
            { name: 'router', test: vendor('react-router'), priority: 25 },
            { name: 'i18n', test: vendor('i18next', 'react-i18next'), priority: 25 },
            {
              name: 'query',
              test: vendor('@tanstack/query-core', '@tanstack/react-query'),
              priority: 25,
            },
            { name: 'zod', test: vendor('zod'), priority: 20 },
            { name: 'forms', test: vendor('react-hook-form', '@hookform/resolvers'), priority: 20 },
            {
              name: 'radix',
              test: vendor(
                'radix-ui',
                '@radix-ui/[^/]+',
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
