import path from 'node:path'
import type { Rolldown } from 'vite'

/**
 * How the browser build groups modules into files, so that a shopper's first visit asks for a handful of
 * scripts instead of thirty-odd small ones (on a slow network each request costs a round trip, and six at a
 * time is all HTTP/1.1 gets per origin; see docs/decisions/0049-storefront-scripts.md):
 *
 * - `framework`: the packages the public pages use (React, React DOM, React Router), which the bundler
 *   then places in the client entry's file;
 * - `storefront`: the shop's own modules that every public page loads (through the root or the site
 *   layout) or that two or more public pages share.
 *
 * Everything else, admin, account and setup code included, keeps the bundler's own splitting, so it never
 * lands in a file a public page loads. Route modules stay files of their own.
 */
const appDir = path.resolve(import.meta.dirname, 'app')

/** The routes a shopper reaches without signing in: the files the storefront groups serve. */
const PUBLIC_ROUTES = [
  'root.tsx',
  'routes/site-layout.tsx',
  'routes/home.tsx',
  'routes/products.tsx',
  'routes/product.tsx',
  'routes/checkout.tsx',
  'routes/shared-checkout.tsx',
  'routes/order.tsx',
  'routes/about.tsx',
  'routes/reviews.tsx',
  'routes/terms.tsx',
  'routes/privacy.tsx',
  'routes/not-found.tsx',
].map((file) => path.join(appDir, file))
/** Loaded by every public page: what they import is shared by all of them. */
const EVERY_PAGE = new Set(PUBLIC_ROUTES.slice(0, 2))

const fileOf = (moduleId: string) => moduleId.replace(/^\0/, '').split('?')[0]!
const isRouteModule = (file: string) => file === path.join(appDir, 'root.tsx') || file.startsWith(path.join(appDir, 'routes') + path.sep)
const isPublicRoute = (file: string) => PUBLIC_ROUTES.includes(file)

type ModuleInfoOf = (moduleId: string) => Rolldown.ModuleInfo | null

/**
 * The public routes (and the client entry, named 'entry') that reach a module through static imports. A
 * route module answers only itself: another route's imports of it are the router's business.
 */
function reachedFrom(moduleId: string, infoOf: ModuleInfoOf, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(moduleId)
  if (known) return known
  const reached = new Set<string>()
  memo.set(moduleId, reached) // an import cycle ends here
  const file = fileOf(moduleId)
  const info = infoOf(moduleId)
  if (isRouteModule(file)) {
    if (isPublicRoute(file)) reached.add(file)
    return reached
  }
  if (info?.isEntry) reached.add('entry')
  for (const importer of info?.importers ?? []) for (const route of reachedFrom(importer, infoOf, memo)) reached.add(route)
  return reached
}

export function storefrontChunks(): Rolldown.CodeSplittingOptions {
  const memo = new Map<string, Set<string>>()
  return {
    groups: [
      {
        debugName: 'storefront',
        name(moduleId, context) {
          const file = fileOf(moduleId)
          if (isRouteModule(file)) return null
          const routes = reachedFrom(moduleId, (id) => context.getModuleInfo(id), memo)
          const everywhere = routes.has('entry') || [...routes].some((route) => EVERY_PAGE.has(route))
          if (!everywhere && routes.size < 2) return null
          return file.includes(`${path.sep}node_modules${path.sep}`) ? 'framework' : 'storefront'
        },
      },
    ],
  }
}
