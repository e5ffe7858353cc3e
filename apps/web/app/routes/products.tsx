import { redirect } from 'react-router'
import { listProducts } from '../api/products/list-products'
import { Pagination } from '../features/catalog/components/pagination'
import { ProductGrid, toProductSummary } from '../features/catalog/components/product-card'
import { ProductFilters } from '../features/catalog/components/product-filters'
import { PAGE_SIZE, parseSearch, searchHref, toProductQuery } from '../features/catalog/search-params'
import { serverApi } from '../lib/api.server'
import { assertPageInRange } from '../lib/page-number'
import { notFound } from '../lib/route-errors'
import { routeMeta } from '../lib/page-meta'
import { shopCategories } from '../features/catalog/shop-categories'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/products'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const api = serverApi(context)
  const url = new URL(request.url)
  // A search sent with spaces around it (the search form, submitted before the page's scripts ran) has one
  // address: the trimmed one, as the form's own script would have pushed.
  const typed = url.searchParams.get('q')
  if (typed !== null && typed !== typed.trim()) {
    if (typed.trim()) url.searchParams.set('q', typed.trim())
    else url.searchParams.delete('q')
    throw redirect(`${url.pathname}${url.search}`)
  }
  const search = parseSearch(url.searchParams)
  const [found, categories] = await Promise.all([
    listProducts(api, toProductQuery(search, context.shop._id)),
    shopCategories(api, context.shop._id),
  ])
  // A search that found nothing shows what its likely spelling finds ("Did you mean …?").
  const suggestion = found.total === 0 ? (found.suggestion ?? null) : null
  const page = suggestion ? await listProducts(api, toProductQuery({ ...search, q: suggestion }, context.shop._id)) : found
  assertPageInRange(search.page, page.data.length)
  return { search, categories, suggestion, total: page.total, products: page.data.map(toProductSummary) }
}

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) => {
  const search = args.loaderData?.search
  // One address per list a search engine should know: a category and its pages; searches and sorts are views of them.
  const canonical = searchHref({ category: search?.category, page: search?.page })
  return routeMeta(search?.q ? `Search: ${search.q}` : 'Products', args, { canonical })
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { search, categories, suggestion, total, products } = loaderData
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const category = categories.find((item) => item._id === search.category)
  const heading = search.q ? `Results for “${search.q}”` : (category?.name ?? 'All products')
  return (
    <section aria-labelledby="products-title" className="products-page">
      <h1 id="products-title">{heading}</h1>
      <ProductFilters search={search} categories={categories} />
      {suggestion && (
        <p className="did-you-mean">
          No products match “{search.q}”. Did you mean <a href={searchHref({ ...search, q: suggestion, page: 1 })}>{suggestion}</a>?
        </p>
      )}
      <p className="result-count" role="status">
        {suggestion && `Showing results for “${suggestion}”: `}
        {total === 0 ? 'No products found' : `${total} ${total === 1 ? 'product' : 'products'}`}
        {pages > 1 && ` · page ${search.page} of ${pages}`}
      </p>
      {products.length > 0 ? (
        <ProductGrid products={products} priorityFirst headingLevel={2} />
      ) : (
        <div className="empty">
          <p>{search.q ? 'Nothing matches your search. Try other words or fewer filters.' : 'No products match these filters.'}</p>
          <p>
            <a href="/products/">See all products</a>
          </p>
        </div>
      )}
      <Pagination page={search.page} pages={pages} href={(page) => searchHref({ ...search, page })} />
    </section>
  )
}
