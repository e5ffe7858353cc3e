import { listProducts } from '../api/products/list-products'
import { ProductGrid, toProductSummary } from '../features/catalog/components/product-card'
import { PlatformLanding } from '../features/platform/components/platform-landing'
import { ShopHome } from '../features/shop/components/shop-home'
import { serverApi } from '../lib/api.server'
import { routeMeta, siteFromMatches } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import { shopCategories } from '../features/catalog/shop-categories'
import { homeJsonLd } from '../features/seo/structured-data'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/home'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

const NEWEST = 8

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.shop) return { products: [], categories: [] }
  const api = serverApi(context)
  const shop = context.shop._id
  const [page, categories] = await Promise.all([
    listProducts(api, { shop, available: true, $sort: { createdAt: -1 }, $limit: NEWEST }),
    shopCategories(api, shop),
  ])
  return { products: page.data.map(toProductSummary), categories }
}

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) => {
  const site = siteFromMatches(args.matches)
  return routeMeta(site?.shop ? 'Home' : null, args, { structuredData: site?.shop ? homeJsonLd(site.shop, site.origin) : [] })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { shop, platform } = useSite()
  return shop ? (
    <ShopHome
      shop={shop}
      categories={loaderData.categories}
      newest={
        loaderData.products.length ? (
          <ProductGrid products={loaderData.products} priorityFirst />
        ) : (
          <p>No products yet. Please come back soon.</p>
        )
      }
    />
  ) : (
    <PlatformLanding name={platform.name} />
  )
}
