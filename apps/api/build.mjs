// Bundles the API server into dist/server.js. Workspace packages (TypeScript sources, `@shop/*`) are
// bundled in; everything from node_modules stays external and loads from there at run time. What the
// source imports with `await import()` becomes a chunk of its own (in dist/), loaded only when used:
// the S3 client and sharp stay out of a process that never needs them, and the cluster's primary does
// not load the app it never serves.
import fs from 'node:fs/promises'
import { build } from 'esbuild'

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    )
  },
}

await fs.rm('dist', { recursive: true, force: true })
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  // Chunks sit beside server.js: src/paths.ts finds the package as `import.meta.dirname/..` from either.
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
})
