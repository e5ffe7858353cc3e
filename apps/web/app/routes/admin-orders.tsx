import { can, refusalMessage } from '@shop/domain'
import type { OrderMoves } from '@shop/domain/schemas/orders'
import { useState } from 'react'
import { Link, redirect, useFetcher, useNavigation } from 'react-router'
import { exportOrders } from '../api/orders/export-orders'
import { listOrders } from '../api/orders/list-orders'
import { moveOrders } from '../api/orders/move-orders'
import { CsvExportButton } from '../components/csv-export-button'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { LinkPager } from '../features/admin/components/link-pager'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { OrdersCustomersSwitch } from '../features/admin-customers/components/orders-customers-switch'
import { OrderFilterBar } from '../features/admin-orders/components/order-filter-bar'
import { OrdersTable } from '../features/admin-orders/components/orders-table'
import { MoveForwardSubmission } from '../features/admin-orders/order-submissions'
import { ORDERS_PAGE_SIZE, type OrderFilters, ordersHref, pageRange, parseOrderFilters, toOrderQuery } from '../features/admin-orders/order-filters'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { type ActionAnswer, jsonSubmit, perform, problemOf, refuse, useFetcherDone } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/admin-orders'
import styles from '../features/admin-orders/admin-orders.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Orders', args)

/** The filters and the page live in the address, so back, forward and reload keep them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const params = new URL(request.url).searchParams
  // Staff notifications link to `/admin/orders?order={id}`.
  const linked = params.get('order')
  if (linked) throw redirect(`/admin/orders/${encodeURIComponent(linked)}`)
  const filters = parseOrderFilters(params)
  return { filters, page: await listOrders(api, toOrderQuery(filters, shop._id)) }
}
clientLoader.hydrate = true as const

/** `move-forward`: the ticked orders, each one step forward (orders.move); the answer says what moved. */
const intents = { 'move-forward': MoveForwardSubmission }

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop, role } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  if (!can(role, 'orders.move')) return refuse('move-forward', { form: refusalMessage('orders.move') })
  return perform('move-forward', () => moveOrders(api, shop._id, submission.value.orders))
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, page } = loaderData
  const { role } = useAdmin()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders'
  const canMove = can(role, 'orders.move')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const onPage = page.data.map((order) => order._id)
  const ticked = onPage.filter((id) => selected.has(id))

  const selection = {
    selected,
    onToggle: (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
    onToggleAll: (on: boolean) => setSelected(on ? new Set(onPage) : new Set()),
  }

  return (
    <section aria-labelledby="orders-title" className="admin-orders">
      <OrdersCustomersSwitch current="orders" />
      <div className="admin-header">
        <h1 id="orders-title">Orders</h1>
        <div className="admin-header-actions">
          {can(role, 'orders.enter') && (
            <Link to="/admin/orders/new" className="button button-primary">
              New order
            </Link>
          )}
          <ExportButton filters={filters} />
        </div>
      </div>
      <OrderFilterBar filters={filters} />
      <p className="orders-count" role="status">
        {loading ? 'Loading orders…' : countWords(filters.page, page.total)}
      </p>
      {canMove && page.data.length > 0 && <BulkMove ticked={ticked} onDone={() => setSelected(new Set())} />}
      {page.data.length > 0 ? (
        <OrdersTable orders={page.data} caption="Orders" selection={canMove ? selection : undefined} />
      ) : (
        <p className="empty">No orders match these filters.</p>
      )}
      <LinkPager
        page={filters.page}
        pages={pageRange(filters.page, ORDERS_PAGE_SIZE, page.total).pages}
        hrefFor={(target) => ordersHref({ ...filters, page: target })}
      />
    </section>
  )
}

/** "Move to next step" for the ticked orders, then what became of each (moved, or why not). */
function BulkMove({ ticked, onDone }: { ticked: string[]; onDone: () => void }) {
  const fetcher = useFetcher<ActionAnswer<'move-forward', OrderMoves>>()
  const [report, setReport] = useState<OrderMoves['data'] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const busy = fetcher.state !== 'idle'
  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) {
      setReport(answer.data.data)
      onDone()
    } else setError(problemOf(answer.errors))
  })
  const moved = report?.filter((result) => result.moved).length ?? 0

  return (
    <>
      <div className="orders-bulk">
        <Button
          variant="secondary"
          disabled={ticked.length === 0 || busy}
          aria-busy={busy || undefined}
          onClick={() => {
            setReport(null)
            setError(null)
            void fetcher.submit({ intent: 'move-forward', orders: ticked }, jsonSubmit)
          }}
        >
          {busy ? 'Moving…' : ticked.length ? `Move ${ticked.length} ${ticked.length === 1 ? 'order' : 'orders'} to the next step` : 'Move to the next step'}
        </Button>
        {ticked.length === 0 && <span className="hint">Tick orders to move them together.</span>}
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {report && (
        <div className="panel orders-bulk-results" role="status" aria-label="What moved">
          <strong>
            {moved} of {report.length} {report.length === 1 ? 'order' : 'orders'} moved
          </strong>
          <ul>
            {report.map((result) => (
              <li key={result._id}>
                {/* Skipped for money still due: the order itself is where to record it or confirm delivered unpaid. */}
                {result.balanceDue ? <Link to={`/admin/orders/${result._id}`}>{result.orderId}</Link> : (result.orderId ?? 'Unknown order')}: {result.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}

/** Downloads the orders the filters show (every page) as CSV, with the shop's session. */
function ExportButton({ filters }: { filters: OrderFilters }) {
  const { shop } = useAdmin()
  return <CsvExportButton name="orders" load={() => exportOrders(api, toOrderQuery(filters, shop._id))} />
}

function countWords(pageNumber: number, total: number): string {
  if (total === 0) return 'No orders'
  const { first, last } = pageRange(pageNumber, ORDERS_PAGE_SIZE, total)
  if (first > last) return `${total} ${total === 1 ? 'order' : 'orders'}`
  return `${first}–${last} of ${total} ${total === 1 ? 'order' : 'orders'}`
}
