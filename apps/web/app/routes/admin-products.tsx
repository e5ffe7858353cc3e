import { can } from '@shop/domain'
import { Link, useSearchParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { LinkPager } from '../features/admin/components/link-pager'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { listCategories } from '../api/categories/list-categories'
import { listProducts } from '../api/products/list-products'
import { ProductFiltersForm } from '../features/admin-products/components/product-filters-form'
import { ProductTable } from '../features/admin-products/components/product-table'
import {
  type ProductFilters,
  filtersToParams,
  pageCount,
  toListQuery,
} from '../features/admin-products/product-filters'
import { api, toQueryString } from '../lib/api'
import { parseProductFilters } from '../lib/product-filters'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import type { AdminProduct } from '../features/admin-products/types'
import type { Route } from './+types/admin-products'
import styles from '../features/admin-products/admin-products.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Products', args)

export default function AdminProducts() {
  const { shop, role } = useAdmin()
  const [params, setParams] = useSearchParams()
  const filters = parseProductFilters(params)
  const query = toListQuery(filters, shop._id)
  const products = useApiData(`products?${toQueryString(query)}`, () => listProducts<AdminProduct>(api, query))
  const categories = useApiData(`categories:${shop._id}`, () => listCategories(api, { shop: shop._id, $limit: 100 }).then((page) => page.data))
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
        categories={categories.data ?? []}
        onApply={(next: ProductFilters) => setParams(filtersToParams(next))}
      />

      {products.error && !products.loading ? (
        <LoadError error={products.error} onRetry={products.reload} />
      ) : !products.data ? (
        <p className="loading" role="status">
          Loading products…
        </p>
      ) : (
        <section aria-labelledby="product-results" aria-busy={products.loading || undefined}>
          <p id="product-results" className="hint" role="status">
            {products.data.total === 1 ? '1 product' : `${products.data.total} products`}
            {filtered ? ' match these filters' : ''}
          </p>
          {products.data.data.length === 0 ? (
            <p className="empty">{filtered ? 'No products match these filters.' : 'No products yet.'}</p>
          ) : (
            <ProductTable products={products.data.data} />
          )}
          <LinkPager page={filters.page} pages={pageCount(products.data.total)} hrefFor={pageHref} />
        </section>
      )}
    </>
  )
}
