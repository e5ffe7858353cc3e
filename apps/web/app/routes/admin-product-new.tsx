import { Link } from 'react-router'
import { listCategories } from '../api/categories/list-categories'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { ProductForm } from '../features/admin-products/components/product-form'
import { productPageAction } from '../features/admin-products/product-actions'
import { MAX_CATEGORIES, emptyProductForm } from '../features/admin-products/product-form'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/admin-product-new'
import styles from '../features/admin-products/admin-products.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('New product', args)

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const categories = await listCategories(api, { shop: shop._id, $limit: MAX_CATEGORIES })
  return { categories: categories.data }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  return productPageAction(request, null)
}

export default function AdminProductNew({ loaderData }: Route.ComponentProps) {
  const { shop } = useAdmin()
  return (
    <>
      <p className="back-link">
        <Link to="/admin/products">Back to products</Link>
      </p>
      <h1>New product</h1>
      <ProductForm product={null} initial={emptyProductForm(shop.currency)} categories={loaderData.categories} />
    </>
  )
}
