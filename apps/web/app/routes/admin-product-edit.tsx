import { Link } from 'react-router'
import { LoadError } from '../components/load-error'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { getProduct } from '../api/products/get-product'
import { listInventory } from '../api/inventory/list-inventory'
import { ProductForm } from '../features/admin-products/components/product-form'
import { productToForm } from '../features/admin-products/product-form'
import { routeMeta } from '../lib/page-meta'
import { isMissing } from '../lib/route-errors'
import { useApiData } from '../lib/use-api-data'
import type { AdminProduct } from '../features/admin-products/types'
import type { Route } from './+types/admin-product-edit'
import styles from '../features/admin-products/admin-products.css?url'
import { api } from '../lib/api'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Edit product', args)

/**
 * The product and its stock, or null when it belongs to another shop: someone on the staff of two shops
 * can read it, but this dashboard edits only its own shop's products.
 */
async function loadProduct(id: string, shop: { _id: string; currency: string }) {
  const [product, inventory] = await Promise.all([getProduct<AdminProduct>(api, id), listInventory(api, id)])
  if (product.shop !== shop._id) return null
  return { product, initial: productToForm(product, inventory, shop.currency) }
}

export default function AdminProductEdit({ params }: Route.ComponentProps) {
  const { shop } = useAdmin()
  const loaded = useApiData(`product:${shop._id}:${params.id}`, () => loadProduct(params.id, shop))
  const missing = isMissing(loaded.error) || loaded.data === null

  return (
    <>
      <p className="back-link">
        <Link to="/admin/products">Back to products</Link>
      </p>
      <h1>Edit product</h1>
      {missing ? (
        <p className="empty">This product does not exist, or it was deleted.</p>
      ) : loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <p className="loading" role="status">
          Loading the product…
        </p>
      ) : (
        <ProductForm key={loaded.data.product._id} product={loaded.data.product} initial={loaded.data.initial} />
      )}
    </>
  )
}
