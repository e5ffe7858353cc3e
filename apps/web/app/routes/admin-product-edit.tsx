import { Link, type ShouldRevalidateFunction } from 'react-router'
import { listCategories } from '../api/categories/list-categories'
import { listInventory } from '../api/inventory/list-inventory'
import { getProduct } from '../api/products/get-product'
import { countStockAlerts } from '../api/stock-alerts/count-stock-alerts'
import { requireStaff } from '../lib/auth/staff-session'
import { ProductForm } from '../features/admin-products/components/product-form'
import { WaitingForStock } from '../features/stock-alerts/components/waiting-for-stock'
import { productPageAction } from '../features/admin-products/product-actions'
import { MAX_CATEGORIES, productToForm } from '../features/admin-products/product-form'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { isMissing } from '../lib/route-errors'
import type { Route } from './+types/admin-product-edit'
import styles from '../features/admin-products/admin-products.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Edit product', args)

/**
 * The product, its stock and the shop's categories; `product` null when it is missing or belongs to
 * another shop: someone on the staff of two shops can read it, but this dashboard edits only its own.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  try {
    const [product, inventory, categories, waiting] = await Promise.all([
      getProduct(api, params.id),
      listInventory(api, params.id),
      listCategories(api, { shop: shop._id, $limit: MAX_CATEGORIES }),
      countStockAlerts(api, params.id),
    ])
    if (product.shop !== shop._id) return { product: null }
    return { product, initial: productToForm(product, inventory, shop.currency), categories: categories.data, waiting }
  } catch (error) {
    if (isMissing(error)) return { product: null }
    throw error
  }
}
clientLoader.hydrate = true as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return productPageAction(request, params.id)
}

// A deleted product is not read again: the page leaves for the list.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const answer = actionResult as { intent?: string; ok?: boolean } | undefined
  return answer?.intent === 'delete' && answer.ok ? false : defaultShouldRevalidate
}

export default function AdminProductEdit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="back-link">
        <Link to="/admin/products">Back to products</Link>
      </p>
      <h1>Edit product</h1>
      {loaderData.product && <WaitingForStock waiting={loaderData.waiting} variants={loaderData.product.variants} />}
      {loaderData.product ? (
        <ProductForm
          key={loaderData.product._id}
          product={loaderData.product}
          initial={loaderData.initial}
          categories={loaderData.categories}
        />
      ) : (
        <p className="empty">This product does not exist, or it was deleted.</p>
      )}
    </>
  )
}
