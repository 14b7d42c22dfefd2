// Bundles the API for production: `node dist/server.mjs` runs it without TypeScript tooling in
// the process. Our own code (and @helder/shared, which ships as TypeScript) is bundled; every
// npm package stays an import from node_modules, as installed (native and WebAssembly packages
// such as sharp, argon2 and PGlite load their own files).
import { build } from 'esbuild';

const external = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@helder/') ? undefined : { path: args.path, external: true },
    );
  },
};

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
  logLevel: 'warning',
  plugins: [external],
});
