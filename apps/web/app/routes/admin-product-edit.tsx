import { Link } from 'react-router'
import { LoadError } from '../components/load-error'
import { getProduct } from '../features/admin-products/api/get-product'
import { listInventory } from '../features/admin-products/api/list-inventory'
import { ProductForm } from '../features/admin-products/components/product-form'
import { productToForm } from '../features/admin-products/product-form'
import { ApiError } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import type { Route } from './+types/admin-product-edit'
import styles from '../features/admin-products/admin-products.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Edit product', args)

async function loadProduct(id: string) {
  const [product, inventory] = await Promise.all([getProduct(id), listInventory(id)])
  return { product, initial: productToForm(product, inventory) }
}

export default function AdminProductEdit({ params }: Route.ComponentProps) {
  const loaded = useApiData(`product:${params.id}`, () => loadProduct(params.id))
  const missing = loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400)

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
