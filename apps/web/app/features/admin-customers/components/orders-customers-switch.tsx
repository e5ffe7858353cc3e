import { Link } from 'react-router'
import { CUSTOMERS_PATH } from '../customer-filters'

/**
 * "Orders | Customers" at the top of the Orders tab: customers live inside it, so the dashboard keeps its
 * eight tabs (docs/product.md §6) and the Orders tab stays lit on both.
 */
export function OrdersCustomersSwitch({ current }: { current: 'orders' | 'customers' }) {
  return (
    <nav aria-label="Orders or customers" className="orders-customers-switch">
      <Link to="/admin/orders" aria-current={current === 'orders' ? 'page' : undefined}>
        Orders
      </Link>
      <Link to={CUSTOMERS_PATH} aria-current={current === 'customers' ? 'page' : undefined}>
        Customers
      </Link>
    </nav>
  )
}
