// Bundles the API server into dist/server.js. Workspace packages (TypeScript sources, `@shop/*`) are
// bundled in; everything from node_modules stays external and loads from there at run time.
import { build } from 'esbuild'

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    )
  },
}

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
})
