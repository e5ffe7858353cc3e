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
 *   layout), or that the home page or the product list shares with another public page;
 * - `shopping`: the other modules two or more public pages share (the cart's lines, the checkout's
 *   fields, orders, reviews), which the home page and the product list never load.
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
/** The first pages of most visits: what they share goes with every page's code, nothing more. */
const FRONT_PAGES = new Set(PUBLIC_ROUTES.slice(2, 4))

const fileOf = (moduleId: string) => moduleId.replace(/^\0/, '').split('?')[0]!
const isRouteModule = (file: string) => file === path.join(appDir, 'root.tsx') || file.startsWith(path.join(appDir, 'routes') + path.sep)
const isPublicRoute = (file: string) => PUBLIC_ROUTES.includes(file)

type ModuleInfoOf = (moduleId: string) => Rolldown.ModuleInfo | null

/**
 * The public routes (and the client entry, named 'entry') that reach a module through static imports. A
 * route module answers only itself: another route's imports of it are the router's business. The walk
 * goes up through every importer once, so a module in an import cycle gets all its routes too.
 */
function reachedFrom(moduleId: string, infoOf: ModuleInfoOf, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(moduleId)
  if (known) return known
  const reached = new Set<string>()
  const seen = new Set([moduleId])
  const queue = [moduleId]
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const file = fileOf(id)
    if (isRouteModule(file)) {
      if (isPublicRoute(file)) reached.add(file)
      continue
    }
    const info = infoOf(id)
    if (info?.isEntry) reached.add('entry')
    for (const importer of info?.importers ?? []) {
      if (seen.has(importer)) continue
      seen.add(importer)
      queue.push(importer)
    }
  }
  memo.set(moduleId, reached)
  return reached
}

/** Where a module goes: `framework`, `storefront`, `shopping`, or null for the bundler's own splitting. */
function groupOf(moduleId: string, infoOf: ModuleInfoOf, memo: Map<string, Set<string>>): string | null {
  const file = fileOf(moduleId)
  if (isRouteModule(file)) return null
  const routes = reachedFrom(moduleId, infoOf, memo)
  const everywhere = routes.has('entry') || [...routes].some((route) => EVERY_PAGE.has(route))
  if (!everywhere && routes.size < 2) return null
  if (file.includes(`${path.sep}node_modules${path.sep}`)) return 'framework'
  return everywhere || [...routes].some((route) => FRONT_PAGES.has(route)) ? 'storefront' : 'shopping'
}

export function storefrontChunks(): Rolldown.CodeSplittingOptions {
  const memo = new Map<string, Set<string>>()
  // A group also takes the modules its modules import unless a group of higher priority took them first: so
  // `shopping` comes last, and what it imports that every page needs stays in `storefront`.
  const group = (names: string[], priority: number): Rolldown.CodeSplittingGroup => ({
    // The label the bundler's timing report gives the group (it asks for one when `name` is a function).
    debugName: names.join('+'),
    priority,
    name(moduleId, context) {
      const name = groupOf(moduleId, (id) => context.getModuleInfo(id), memo)
      return name && names.includes(name) ? name : null
    },
  })
  return { groups: [group(['framework', 'storefront'], 2), group(['shopping'], 1)] }
}
