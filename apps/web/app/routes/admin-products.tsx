import { can } from '@shop/domain'
import { ProductsAvailabilityBody } from '@shop/domain/schemas/catalog'
import { Type } from 'typebox'
import { useState } from 'react'
import { Link, type ShouldRevalidateFunctionArgs, useFetcher, useNavigation, useSearchParams } from 'react-router'
import { listCategories } from '../api/categories/list-categories'
import { exportProducts } from '../api/products/export-products'
import { importProducts } from '../api/products/import-products'
import { listProducts } from '../api/products/list-products'
import { updateProductsAvailability } from '../api/products/update-products-availability'
import { useToast } from '../components/ui/toast'
import { LinkPager } from '../features/admin/components/link-pager'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { BulkBar } from '../features/admin-products/components/bulk-bar'
import { ProductCsvPanel } from '../features/admin-products/components/product-csv-panel'
import { ProductFiltersForm } from '../features/admin-products/components/product-filters-form'
import { ProductTable } from '../features/admin-products/components/product-table'
import {
  type ProductFilters,
  filtersToParams,
  pageCount,
  parseAdminProductFilters,
  toListQuery,
} from '../features/admin-products/product-filters'
import { MAX_CATEGORIES } from '../features/admin-products/product-form'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { type ActionAnswer, jsonSubmit, perform, problemOf, useFetcherDone } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/admin-products'
import styles from '../features/admin-products/admin-products.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Products', args)

/** The filters and the page live in the address, so back, forward and reload keep them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const filters = parseAdminProductFilters(new URL(request.url).searchParams)
  const [products, categories] = await Promise.all([
    listProducts(api, toListQuery(filters, shop._id)),
    listCategories(api, { shop: shop._id, $limit: MAX_CATEGORIES }),
  ])
  return { filters, products, categories: categories.data }
}
clientLoader.hydrate = true as const

/**
 * What each form of the page sends: `availability` the ticked products and whether to show them (the
 * domain's bulk rule), `export` nothing, `preview-import` and `import` the CSV file's text (the API checks
 * its size and rows).
 */
const intents = {
  availability: Type.Object(
    { ids: ProductsAvailabilityBody.properties.ids, available: ProductsAvailabilityBody.properties.available },
    { additionalProperties: false },
  ),
  export: Type.Object({}, { additionalProperties: false }),
  'preview-import': Type.Object({ csv: Type.String() }, { additionalProperties: false }),
  import: Type.Object({ csv: Type.String() }, { additionalProperties: false }),
}

/** Show or hide the ticked products; export the products; check a CSV, then import it. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop, role } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  // Exporting reads; the rest writes the catalog.
  if (submission.intent !== 'export' && !can(role, 'catalog.edit')) throw new Response('Your role cannot edit products', { status: 403 })
  switch (submission.intent) {
    case 'availability': {
      const { ids, available } = submission.value
      return perform('availability', () => updateProductsAvailability(api, { shop: shop._id, ids, available }))
    }
    case 'export':
      return perform('export', () => exportProducts(api, shop._id))
    case 'preview-import':
      return perform('preview-import', () => importProducts(api, shop._id, submission.value.csv, true))
    case 'import':
      return perform('import', () => importProducts(api, shop._id, submission.value.csv, false))
  }
}

/** An export or a preview changes nothing: the list need not be read again. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = (actionResult as { intent?: string } | undefined)?.intent
  if (intent === 'export' || intent === 'preview-import') return false
  return defaultShouldRevalidate
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filters, products, categories } = loaderData
  const { role, shop } = useAdmin()
  const toast = useToast()
  const [params, setParams] = useSearchParams()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/products'
  const filtered = Boolean(filters.q || filters.stock !== 'all' || filters.category)
  const canEdit = can(role, 'catalog.edit')
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const bulk = useFetcher<ActionAnswer<'availability', { updated: number; available: boolean }>>()

  useFetcherDone(bulk, (answer) => {
    if (!answer.ok) {
      toast(problemOf(answer.errors), 'error')
      return
    }
    const { updated, available } = answer.data
    toast(`${updated === 1 ? '1 product' : `${updated} products`} ${available ? 'shown in the shop' : 'hidden from the shop'}`)
    setSelected(new Set())
  })

  function select(ids: string[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }
  const pageHref = (page: number) => ({ search: filtersToParams({ ...filters, page }).toString() })

  return (
    <>
      <div className="admin-header">
        <h1>Products</h1>
        {canEdit && (
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
        onApply={(next: ProductFilters) => {
          setSelected(new Set())
          setParams(filtersToParams(next))
        }}
      />


      <section aria-labelledby="product-results" aria-busy={loading || undefined}>
        <p id="product-results" className="hint" role="status">
          {products.total === 1 ? '1 product' : `${products.total} products`}
          {filtered ? ' match these filters' : ''}
        </p>
        {products.data.length === 0 ? (
          <p className="empty">{filtered ? 'No products match these filters.' : 'No products yet.'}</p>
        ) : (
          <ProductTable products={products.data} selected={canEdit ? selected : undefined} onSelect={canEdit ? select : undefined} />
        )}
        {selected.size > 0 && (
          <BulkBar
            count={selected.size}
            busy={bulk.state !== 'idle'}
            onAvailability={(available) => void bulk.submit({ intent: 'availability', ids: [...selected], available }, jsonSubmit)}
            onClear={() => setSelected(new Set())}
          />
        )}
        <LinkPager page={filters.page} pages={pageCount(products.total)} hrefFor={pageHref} />
      </section>

      <ProductCsvPanel canEdit={canEdit} currency={shop.currency} />
    </>
  )
}
