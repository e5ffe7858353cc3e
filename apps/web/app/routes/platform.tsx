import { type PlatformShop, RestoreShopBody, SuspendShopBody } from '@shop/domain/schemas/platform'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { useState } from 'react'
import { Form, useFetcher, useNavigate, useNavigation } from 'react-router'
import { getPlatformOperator } from '../api/platform/get-operator'
import { listPlatformAuditEvents } from '../api/platform/list-audit-events'
import { listPlatformShops } from '../api/platform/list-shops'
import { restoreShop } from '../api/platform/restore-shop'
import { suspendShop } from '../api/platform/suspend-shop'
import { Button } from '../components/ui/button'
import { ToastProvider, useToast } from '../components/ui/toast'
import { Pager } from '../features/admin/components/pager'
import { AuditLog } from '../features/platform/components/audit-log'
import { ShopTable } from '../features/platform/components/shop-table'
import { SuspensionDialog } from '../features/platform/components/suspension-dialog'
import { AUDIT_EVENTS_SHOWN, SHOPS_PER_PAGE, SORT_LABELS, consoleSearch, parseConsoleView, shopsQuery, suspensionProblem } from '../features/platform/console'
import { ApiError, api } from '../lib/api'
import { shopOfHost } from '../lib/host-shop'
import { readStored } from '../lib/local-store'
import { routeMeta } from '../lib/page-meta'
import { type ActionAnswer, jsonSubmit, perform, problemOf, refuse, useFetcherDone } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import { notFound } from '../lib/route-errors'
import type { Route } from './+types/platform'
import adminStyles from '../features/admin/admin.css?url'
import styles from '../features/platform/platform.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: styles },
]

export const meta: Route.MetaFunction = (args) => routeMeta('Shops on the platform', args)

/** The console lives on the platform's own host only: a shop's host has no such page. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.shop) notFound()
  return null
}

/** Operators only (PLATFORM_ADMINS): the API answers 404 to anyone else, and so does the page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // Nobody signed in is sent to log in: that would tell the page exists. Operators log in first.
  if ((await shopOfHost(request)) || !readStored('user')) notFound()
  const view = parseConsoleView(new URL(request.url).searchParams)
  try {
    const [operator, shops, audit] = await Promise.all([
      getPlatformOperator(api),
      listPlatformShops(api, shopsQuery(view)),
      listPlatformAuditEvents(api, { $limit: AUDIT_EVENTS_SHOWN }),
    ])
    return { operator, view, shops, audit }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) notFound()
    throw error
  }
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  )
}

type ConsoleAnswer = ActionAnswer<'suspend' | 'restore', PlatformShop>

/** `suspend` one shop with the reason its staff will read (required), `restore` one with a note for the audit log. */
const intents = {
  suspend: Type.Object({ shop: Uuid, ...SuspendShopBody.properties }, { additionalProperties: false }),
  restore: Type.Object({ shop: Uuid, ...RestoreShopBody.properties }, { additionalProperties: false }),
}

/** The operator behind a write, or the same 404 the page gives anyone else (the API decides who is one). */
async function requireOperator(request: Request): Promise<void> {
  if ((await shopOfHost(request)) || !readStored('user')) notFound()
  await getPlatformOperator(api).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) notFound()
    throw error
  })
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ConsoleAnswer> {
  await requireOperator(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const { shop } = submission.value
  const reason = submission.value.reason?.trim() ?? ''
  switch (submission.intent) {
    case 'suspend': {
      const missing = suspensionProblem(submission.value.reason)
      if (missing) return refuse('suspend', { reason: missing })
      return perform('suspend', () => suspendShop(api, shop, reason), ['reason'])
    }
    case 'restore':
      return perform('restore', () => restoreShop(api, shop, reason), ['reason'])
  }
}

/** The host's console: every shop with its figures, search and sort, suspend and restore, and the audit log. */
export default function PlatformConsole({ loaderData }: Route.ComponentProps) {
  return (
    <ToastProvider>
      <ConsolePage {...loaderData} />
    </ToastProvider>
  )
}

function ConsolePage({ operator, view, shops, audit }: Route.ComponentProps['loaderData']) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const toast = useToast()
  const fetcher = useFetcher<ConsoleAnswer>()
  const [target, setTarget] = useState<{ shop: PlatformShop; action: 'suspend' | 'restore' } | null>(null)
  const [error, setError] = useState<string | undefined>()

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setError(answer.errors.reason ?? problemOf(answer.errors))
    toast(answer.intent === 'suspend' ? `${answer.data.title} is suspended` : `${answer.data.title} is restored`)
    setTarget(null)
    setError(undefined)
  })

  const open = (shop: PlatformShop, action: 'suspend' | 'restore') => {
    setError(undefined)
    setTarget({ shop, action })
  }
  const shopUrl = (slug: string) => {
    const { protocol, host } = window.location
    return `${protocol}//${slug}.${host}/`
  }

  return (
    <section className="platform-console" aria-labelledby="platform-title">
      <div className="platform-heading">
        <h1 id="platform-title">Shops</h1>
        <p>Signed in as operator {operator.email}</p>
      </div>
      <Form method="get" className="platform-filters" role="search">
        <label>
          <span>Search</span>
          <input type="search" name="q" defaultValue={view.q} placeholder="Name, owner or domain" maxLength={100} />
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={view.status}>
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
        <label>
          <span>Sort</span>
          <select name="sort" defaultValue={view.sort}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={navigation.state === 'loading'}>
          Show
        </Button>
      </Form>
      <p className="platform-count" aria-live="polite">
        {shops.total === 1 ? '1 shop' : `${shops.total} shops`}
      </p>
      <ShopTable shops={shops.data} shopUrl={shopUrl} onSuspend={(shop) => open(shop, 'suspend')} onRestore={(shop) => open(shop, 'restore')} />
      <Pager label="Pages of shops" skip={shops.skip} limit={SHOPS_PER_PAGE} total={shops.total} onSkip={(skip) => void navigate(consoleSearch({ ...view, skip }))} />
      <AuditLog events={audit.data} total={audit.total} />
      <SuspensionDialog
        key={target ? `${target.action}-${target.shop._id}` : 'closed'}
        target={target}
        busy={fetcher.state !== 'idle'}
        error={error}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => {
          if (!target) return
          const missing = target.action === 'suspend' ? suspensionProblem(reason) : null
          if (missing) return setError(missing)
          setError(undefined)
          void fetcher.submit({ intent: target.action, shop: target.shop._id, reason }, jsonSubmit)
        }}
      />
    </section>
  )
}
