import { can, formatShortDate, refusalMessage } from '@shop/domain'
import { CUSTOMER_NOTE_MAX, CUSTOMER_TAG_MAX, CUSTOMER_TAGS_MAX, type CustomerDetail, CustomerPatchBody } from '@shop/domain/schemas/customers'
import { type FormEvent, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { getCustomer } from '../api/customers/get-customer'
import { updateCustomer } from '../api/customers/update-customer'
import { Button } from '../components/ui/button'
import { Field } from '../components/ui/field'
import { useToast } from '../components/ui/toast'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { ContactActions } from '../features/admin-customers/components/contact-actions'
import { customerTitle } from '../features/admin-customers/components/customer-card'
import { OrdersCustomersSwitch } from '../features/admin-customers/components/orders-customers-switch'
import { parseTags } from '../features/admin-customers/contact-links'
import { CUSTOMERS_PATH } from '../features/admin-customers/customer-filters'
import { OrdersTable } from '../features/admin-orders/components/orders-table'
import { problemAt } from '../features/admin-orders/field-problems'
import { api } from '../lib/api'
import { formatMoney } from '../lib/money'
import { routeMeta } from '../lib/page-meta'
import { type ActionAnswer, jsonSubmit, perform, refuse, useFetcherDone } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import { isMissing } from '../lib/route-errors'
import type { Route } from './+types/admin-customer'
import ordersStyles from '../features/admin-orders/admin-orders.css?url'
import styles from '../features/admin-customers/admin-customers.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: ordersStyles },
  { rel: 'stylesheet', href: styles },
]

export const meta: Route.MetaFunction = (args) => routeMeta('Customer', args)

/** The customer with their orders, or null when this shop has no such customer. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requireStaff(request)
  try {
    return { customer: await getCustomer(api, params.id) }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}
clientLoader.hydrate = true as const

/** `save-notes`: the shop's note and tags on the customer (staff who move orders), with the API's bounds. */
const intents = { 'save-notes': CustomerPatchBody }

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { role } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  if (!can(role, 'orders.move')) return refuse('save-notes', { form: refusalMessage('orders.move') })
  return perform('save-notes', () => updateCustomer(api, params.id, submission.value), ['note', 'tags'])
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { role } = useAdmin()

  if (!loaderData) {
    return (
      <section aria-labelledby="customer-title">
        <h1 id="customer-title">Customer not found</h1>
        <p>This shop has no customer at this address.</p>
        <p>
          <Link to={CUSTOMERS_PATH}>See all customers</Link>
        </p>
      </section>
    )
  }

  const { customer } = loaderData
  const owes = customer.balance.value > 0
  return (
    <section aria-labelledby="customer-title" className="admin-orders admin-customer">
      <OrdersCustomersSwitch current="customers" />
      <p className="admin-back">
        <Link to={CUSTOMERS_PATH}>← All customers</Link>
      </p>
      <header className="customer-header">
        <h1 id="customer-title">{customerTitle(customer)}</h1>
        <p className="customer-card-contact">
          {customer.phone && <span>{customer.phone}</span>}
          {customer.phone && customer.email && ' · '}
          {customer.email && <a href={`mailto:${customer.email}`}>{customer.email}</a>}
        </p>
        <ContactActions name={customer.name} phone={customer.phone} />
      </header>
      <dl className="customer-figures customer-figures-wide">
        <div>
          <dt>Orders</dt>
          <dd>{customer.orderCount}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd>{formatMoney(customer.spent.value, customer.spent.currency)}</dd>
        </div>
        <div className={owes ? 'customer-owes' : undefined}>
          <dt>Owes</dt>
          <dd>{formatMoney(customer.balance.value, customer.balance.currency)}</dd>
        </div>
        {customer.firstOrderAt && (
          <div>
            <dt>Customer since</dt>
            <dd>
              <time dateTime={customer.firstOrderAt}>{formatShortDate(new Date(customer.firstOrderAt))}</time>
            </dd>
          </div>
        )}
      </dl>
      {can(role, 'orders.move') ? (
        <CustomerNotesForm key={customer._id} customer={customer} />
      ) : (
        <CustomerNotes customer={customer} />
      )}
      <h2 className="customer-orders-title">Their orders</h2>
      {customer.orders.length > 0 ? (
        <>
          <OrdersTable orders={customer.orders} caption={`Orders of ${customerTitle(customer)}`} />
          {customer.orderTotal > customer.orders.length && (
            <p className="hint">
              The latest {customer.orders.length} of {customer.orderTotal} orders.{' '}
              <Link to={`/admin/orders?q=${encodeURIComponent(customer.phone || customer.email)}`}>Find all their orders</Link>
            </p>
          )}
        </>
      ) : (
        <p className="empty">No orders.</p>
      )}
    </section>
  )
}

function CustomerNotes({ customer }: { customer: CustomerDetail }) {
  if (!customer.note && customer.tags.length === 0) return null
  return (
    <div className="panel customer-notes">
      {customer.note && <p className="customer-note">{customer.note}</p>}
      {customer.tags.length > 0 && <p>Tags: {customer.tags.join(', ')}</p>}
    </div>
  )
}

/** The shop's own note and tags on the customer: what to remember about them (never shown to the customer). */
function CustomerNotesForm({ customer }: { customer: CustomerDetail }) {
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'save-notes', CustomerDetail>>()
  const [note, setNote] = useState(customer.note)
  const [tags, setTags] = useState(customer.tags.join(', '))
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const busy = fetcher.state !== 'idle'

  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) {
      // As kept: trimmed, each tag once.
      setNote(answer.data.note)
      setTags(answer.data.tags.join(', '))
      toast('Note and tags saved')
    }
    // A tag the API refuses is named by its place (`tags.3`): the tags field shows it.
    else setErrors({ note: answer.errors.note, tags: problemAt(answer.errors, 'tags'), form: answer.errors.form })
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const list = parseTags(tags)
    const found: Record<string, string | undefined> = {}
    if (list.length > CUSTOMER_TAGS_MAX) found.tags = `Keep it to ${CUSTOMER_TAGS_MAX} tags.`
    else if (list.some((tag) => tag.length > CUSTOMER_TAG_MAX)) found.tags = `Keep each tag to ${CUSTOMER_TAG_MAX} characters.`
    setErrors(found)
    if (found.tags) return
    void fetcher.submit({ intent: 'save-notes', note, tags: list }, jsonSubmit)
  }

  return (
    <form className="panel customer-notes" onSubmit={submit} aria-label="Note and tags">
      <Field name="note" label="Note" hint="Only your shop's staff see it" error={errors.note}>
        {(props) => <textarea {...props} rows={3} maxLength={CUSTOMER_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />}
      </Field>
      <Field name="tags" label="Tags" hint="Separated by commas, like VIP, wholesale" error={errors.tags}>
        {(props) => <input {...props} value={tags} autoComplete="off" onChange={(event) => setTags(event.target.value)} />}
      </Field>
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <div className="form-actions">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : 'Save note and tags'}
        </Button>
      </div>
    </form>
  )
}
