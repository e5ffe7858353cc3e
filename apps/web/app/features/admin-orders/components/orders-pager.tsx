import { Link } from 'react-router'
import { type OrderFilters, ordersHref, pageRange } from '../order-filters'

/** Previous and Next around "Page 2 of 5"; hidden when everything fits on one page. */
export function OrdersPager({ filters, total, pageSize }: { filters: OrderFilters; total: number; pageSize: number }) {
  const { pages } = pageRange(filters.page, pageSize, total)
  if (pages <= 1 && filters.page === 1) return null
  const step = (page: number, label: string, rel: 'prev' | 'next') =>
    page >= 1 && page <= pages && page !== filters.page ? (
      <Link className="button button-secondary" to={ordersHref({ ...filters, page })} rel={rel}>
        {label}
      </Link>
    ) : (
      <span className="button button-secondary" aria-disabled="true">
        {label}
      </span>
    )
  return (
    <nav className="orders-pager" aria-label="Pages">
      {step(Math.min(filters.page - 1, pages), 'Previous', 'prev')}
      <span>
        Page {filters.page} of {pages}
      </span>
      {step(filters.page + 1, 'Next', 'next')}
    </nav>
  )
}
