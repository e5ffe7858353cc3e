import { can } from '@shop/domain'
import { Link, useNavigation, useSearchParams } from 'react-router'
import { listCategories } from '../api/categories/list-categories'
import { listProducts } from '../api/products/list-products'
import { LinkPager } from '../features/admin/components/link-pager'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { requireStaff } from '../features/admin/staff-session'
import { ProductFiltersForm } from '../features/admin-products/components/product-filters-form'
import { ProductTable } from '../features/admin-products/components/product-table'
import { type ProductFilters, filtersToParams, pageCount, toListQuery } from '../features/admin-products/product-filters'
import { MAX_CATEGORIES } from '../features/admin-products/product-form'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { parseProductFilters } from '../lib/product-filters'
import type { Route } from './+types/admin-products'
import styles from '../features/admin-products/admin-products.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Products', args)

/** The filters and the page live in the address, so back, forward and reload keep them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const filters = parseProductFilters(new URL(request.url).searchParams)
  const [products, categories] = await Promise.all([
    listProducts(api, toListQuery(filters, shop._id)),
    listCategories(api, { shop: shop._id, $limit: MAX_CATEGORIES }),
  ])
  return { filters, products, categories: categories.data }
}
clientLoader.hydrate = true as const

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filters, products, categories } = loaderData
  const { role } = useAdmin()
  const [params, setParams] = useSearchParams()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/products'
  const filtered = Boolean(filters.q || filters.stock !== 'all' || filters.category)
  const pageHref = (page: number) => ({ search: filtersToParams({ ...filters, page }).toString() })

  return (
    <>
      <div className="admin-header">
        <h1>Products</h1>
        {can(role, 'catalog.edit') && (
          <Link className="button button-primary" to="/admin/products/new">
            New product
          </Link>
        )}
      </div>

      <ProductFiltersForm
        // A new address (back, forward, a page link) starts the form from it again.
        key={params.toString()}
        filters={filters}
        categories={categories}
        onApply={(next: ProductFilters) => setParams(filtersToParams(next))}
      />

      <section aria-labelledby="product-results" aria-busy={loading || undefined}>
        <p id="product-results" className="hint" role="status">
          {products.total === 1 ? '1 product' : `${products.total} products`}
          {filtered ? ' match these filters' : ''}
        </p>
        {products.data.length === 0 ? (
          <p className="empty">{filtered ? 'No products match these filters.' : 'No products yet.'}</p>
        ) : (
          <ProductTable products={products.data} />
        )}
        <LinkPager page={filters.page} pages={pageCount(products.total)} hrefFor={pageHref} />
      </section>
    </>
  )
}
