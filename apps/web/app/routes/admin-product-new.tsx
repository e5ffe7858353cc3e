import { Link } from 'react-router'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { ProductForm } from '../features/admin-products/components/product-form'
import { emptyProductForm } from '../features/admin-products/product-form'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/admin-product-new'
import styles from '../features/admin-products/admin-products.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('New product', args)

export default function AdminProductNew() {
  const { shop } = useAdmin()
  return (
    <>
      <p className="back-link">
        <Link to="/admin/products">Back to products</Link>
      </p>
      <h1>New product</h1>
      <ProductForm product={null} initial={emptyProductForm(shop.currency)} />
    </>
  )
}
