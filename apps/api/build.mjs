// Bundles the API for production: `node dist/server.mjs` runs it without TypeScript tooling in
// the process. Our own code (and @helder/shared, which ships as TypeScript) is bundled; every
// npm package stays an import from node_modules, as installed (native and WebAssembly packages
// such as sharp, argon2 and PGlite load their own files).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const external = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@helder/') ? undefined : { path: args.path, external: true },
    );
  },
};

// Chunks are named by their hash: the last build's would stay beside this one's.
rmSync(path.join(import.meta.dirname, 'dist'), { recursive: true, force: true });

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // What a dynamic import() loads (the PDF writers with pdf-lib) is a chunk of its own, loaded
  // by the first request that needs it, not at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [external],
});
