import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { orderSourceLabels, orderSources } from '@shop/domain'
import { type OrderFilters, isOrderSource, ordersHref, statusTabs } from '../order-filters'

/** Status tabs, then the date range and the search (number, name, e-mail or phone); every choice is a new address. */
export function OrderFilterBar({ filters }: { filters: OrderFilters }) {
  return (
    <>
      <nav aria-label="Order status">
        <ul className="status-tabs order-status-tabs">
          {statusTabs.map((tab) => (
            <li key={tab.label}>
              <Link
                to={ordersHref({ ...filters, status: tab.status, page: 1 })}
                aria-current={tab.status === filters.status ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="order-unpaid-filter">
        {filters.refunds ? (
          <>
            Showing orders with money to give back. <Link to={ordersHref({ ...filters, refunds: false, page: 1 })}>Show all orders</Link>
          </>
        ) : filters.unpaid ? (
          <>
            Showing orders with a balance due. <Link to={ordersHref({ ...filters, unpaid: false, page: 1 })}>Show all orders</Link>
          </>
        ) : (
          <Link to={ordersHref({ ...filters, unpaid: true, page: 1 })}>Show only unpaid orders</Link>
        )}
      </p>
      {/* A new address (back, a tab) starts the form afresh from it. */}
      <OrderSearchForm key={`${filters.from}/${filters.to}/${filters.q}/${filters.source ?? ''}`} filters={filters} />
    </>
  )
}

function OrderSearchForm({ filters }: { filters: OrderFilters }) {
  const navigate = useNavigate()
  const [from, setFrom] = useState(filters.from)
  const [to, setTo] = useState(filters.to)
  const [q, setQ] = useState(filters.q)
  const [source, setSource] = useState(filters.source ?? '')
  const filtered = Boolean(filters.from || filters.to || filters.q || filters.source)

  return (
    <form
      className="admin-toolbar order-search"
      role="search"
      aria-label="Orders"
      onSubmit={(event) => {
        event.preventDefault()
        void navigate(ordersHref({ status: filters.status, unpaid: filters.unpaid, refunds: filters.refunds, from, to, q: q.trim(), source: isOrderSource(source) ? source : null }))
      }}
    >
      <Field name="q" label="Search orders" hint="Order number, name, e-mail or phone">
        {(props) => (
          <input {...props} type="search" value={q} maxLength={100} autoComplete="off" onChange={(event) => setQ(event.target.value)} />
        )}
      </Field>
      <Field name="source" label="Came from">
        {(props) => (
          <select {...props} value={source} onChange={(event) => setSource(event.target.value)}>
            <option value="">Anywhere</option>
            {orderSources.map((option) => (
              <option key={option} value={option}>
                {orderSourceLabels[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="from" label="From">
        {(props) => <input {...props} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />}
      </Field>
      <Field name="to" label="To">
        {(props) => <input {...props} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />}
      </Field>
      <div className="order-search-actions">
        <Button type="submit">Apply</Button>
        {filtered && (
          <Link className="button button-ghost" to={ordersHref({ status: filters.status, unpaid: filters.unpaid, refunds: filters.refunds })}>
            Clear
          </Link>
        )}
      </div>
    </form>
  )
}
