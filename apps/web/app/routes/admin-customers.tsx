import { useState } from 'react'
import { Link, useNavigate, useNavigation } from 'react-router'
import { exportCustomers } from '../api/customers/export-customers'
import { listCustomers } from '../api/customers/list-customers'
import { CsvExportButton } from '../components/csv-export-button'
import { Button } from '../components/ui/button'
import { Field } from '../components/ui/field'
import { LinkPager } from '../features/admin/components/link-pager'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { CustomerCard } from '../features/admin-customers/components/customer-card'
import { OrdersCustomersSwitch } from '../features/admin-customers/components/orders-customers-switch'
import {
  CUSTOMERS_PAGE_SIZE,
  type CustomerFilters,
  type CustomerSort,
  customerSorts,
  customersHref,
  parseCustomerFilters,
  toCustomerQuery,
} from '../features/admin-customers/customer-filters'
import { pageRange } from '../features/admin-orders/order-filters'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/admin-customers'
import ordersStyles from '../features/admin-orders/admin-orders.css?url'
import styles from '../features/admin-customers/admin-customers.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: ordersStyles },
  { rel: 'stylesheet', href: styles },
]

export const meta: Route.MetaFunction = (args) => routeMeta('Customers', args)

/** The search, the filter, the order and the page live in the address, so back, forward and reload keep them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const filters = parseCustomerFilters(new URL(request.url).searchParams)
  return { filters, page: await listCustomers(api, toCustomerQuery(filters, shop._id)) }
}
clientLoader.hydrate = true as const

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { filters, page } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders/customers'

  return (
    <section aria-labelledby="customers-title" className="admin-orders admin-customers">
      <OrdersCustomersSwitch current="customers" />
      <div className="admin-header">
        <h1 id="customers-title">Customers</h1>
        <ExportButton filters={filters} />
      </div>
      <p className="order-unpaid-filter">
        {filters.owes ? (
          <>
            Showing customers who owe money. <Link to={customersHref({ ...filters, owes: false, page: 1 })}>Show all customers</Link>
          </>
        ) : (
          <Link to={customersHref({ ...filters, owes: true, page: 1 })}>Owes money</Link>
        )}
      </p>
      <CustomerSearchForm key={`${filters.q}/${filters.sort}`} filters={filters} />
      <p className="orders-count" role="status">
        {loading ? 'Loading customers…' : countWords(filters.page, page.total)}
      </p>
      {page.data.length > 0 ? (
        <ul className="customer-cards" aria-label="Customers">
          {page.data.map((customer) => (
            <CustomerCard key={customer._id} customer={customer} />
          ))}
        </ul>
      ) : (
        <p className="empty">
          {filters.q || filters.owes ? 'No customers match.' : 'No customers yet: everyone who orders appears here, by phone or e-mail.'}
        </p>
      )}
      <LinkPager
        page={filters.page}
        pages={pageRange(filters.page, CUSTOMERS_PAGE_SIZE, page.total).pages}
        hrefFor={(target) => customersHref({ ...filters, page: target })}
      />
    </section>
  )
}

function CustomerSearchForm({ filters }: { filters: CustomerFilters }) {
  const navigate = useNavigate()
  const [q, setQ] = useState(filters.q)
  const [sort, setSort] = useState<CustomerSort>(filters.sort)

  return (
    <form
      className="admin-toolbar order-search"
      role="search"
      aria-label="Customers"
      onSubmit={(event) => {
        event.preventDefault()
        void navigate(customersHref({ owes: filters.owes, sort, q: q.trim() }))
      }}
    >
      <Field name="q" label="Search customers" hint="Name, phone or e-mail">
        {(props) => <input {...props} type="search" value={q} maxLength={100} autoComplete="off" onChange={(event) => setQ(event.target.value)} />}
      </Field>
      <Field name="sort" label="Order by">
        {(props) => (
          <select {...props} value={sort} onChange={(event) => setSort(event.target.value as CustomerSort)}>
            {Object.entries(customerSorts).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="order-search-actions">
        <Button type="submit">Search</Button>
        {filters.q && (
          <Link className="button button-ghost" to={customersHref({ owes: filters.owes, sort: filters.sort })}>
            Clear
          </Link>
        )}
      </div>
    </form>
  )
}

/** Downloads the customers the filters show (every page) as CSV, with the shop's session. */
function ExportButton({ filters }: { filters: CustomerFilters }) {
  const { shop } = useAdmin()
  return <CsvExportButton name="customers" load={() => exportCustomers(api, toCustomerQuery(filters, shop._id))} />
}

function countWords(pageNumber: number, total: number): string {
  if (total === 0) return 'No customers'
  const { first, last, pages } = pageRange(pageNumber, CUSTOMERS_PAGE_SIZE, total)
  const noun = total === 1 ? 'customer' : 'customers'
  if (first > last || (pages === 1 && first === 1)) return `${total} ${noun}`
  return `${first}–${last} of ${total} ${noun}`
}
