import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Notification } from '@shop/domain/schemas/notifications'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { listNotifications } from '../api/notifications/list-notifications'
import { markNotificationRead } from '../api/notifications/update-notification'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { NoShop } from '../features/account/components/no-shop'
import { requireUser } from '../lib/auth/guard'
import { NotificationList } from '../features/notifications/components/notification-list'
import { refreshNotificationHint } from '../features/notifications/hooks/use-notification-hint'
import { api } from '../lib/api'
import { shopOfHost } from '../lib/host-shop'
import { routeMeta } from '../lib/page-meta'
import { parseSubmission } from '../lib/submission'
import { type ActionAnswer, jsonSubmit, perform, problemOf, useFetcherDone } from '../lib/route-data'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/account-notifications'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const meta: Route.MetaFunction = (args) => routeMeta('Notifications', args)

const MAX_PAGES = 50

/**
 * The user's notifications here, newest first: the first `?pages=` pages (1 unless asked; "Show older"
 * asks for one more with a fetcher, so the address stays the same). Null on a host without a shop.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireUser(request)
  const shop = await shopOfHost(request)
  if (!shop) return null
  const pages = Math.min(Math.max(Math.floor(Number(new URL(request.url).searchParams.get('pages'))) || 1, 1), MAX_PAGES)
  const first = await listNotifications(api, user._id, shop._id)
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) => listNotifications(api, user._id, shop._id, (i + 1) * first.limit)),
  )
  return { pages, total: first.total, data: [first, ...rest].flatMap((page) => page.data) }
}
clientLoader.hydrate = true as const

/** `mark-read`: one notification or several (Mark all as read). */
const intents = { 'mark-read': Type.Object({ ids: Type.Array(Uuid, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false }) }

export async function clientAction({ request }: Route.ClientActionArgs) {
  await requireUser(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const { ids } = submission.value
  return perform('mark-read', () => Promise.all(ids.map((id) => markNotificationRead(api, id))), [])
}

export default function AccountNotificationsPage({ loaderData }: Route.ComponentProps) {
  const { shop } = useSite()
  return shop && loaderData ? <AccountNotifications loaded={loaderData} /> : <NoShop title="Notifications" />
}

type Loaded = NonNullable<Route.ComponentProps['loaderData']>

function AccountNotifications({ loaded }: { loaded: Loaded }) {
  // Older pages come through this fetcher; it reloads with the page after a change, like the page's own data.
  const older = useFetcher<Loaded>()
  const list = older.data ?? loaded
  const marker = useFetcher<ActionAnswer<'mark-read', Notification[]>>()
  const marking = marker.state !== 'idle' ? (marker.json as { ids?: string[] } | undefined)?.ids : undefined
  const busy: ReadonlySet<string> = new Set(marking ?? [])
  const [error, setError] = useState<string | null>(null)

  useFetcherDone(marker, (answer) => {
    if (!answer.ok) return setError(problemOf(answer.errors))
    refreshNotificationHint()
  })

  function markRead(targets: Notification[]) {
    setError(null)
    void marker.submit({ intent: 'mark-read', ids: targets.map((target) => target._id) }, jsonSubmit)
  }

  const unread = list.data.filter((item) => !item.read)
  return (
    <section aria-labelledby="notifications-title">
      <div className="section-head">
        <h1 id="notifications-title">Notifications</h1>
        {unread.length > 1 && (
          <Button variant="secondary" onClick={() => markRead(unread)} disabled={busy.size > 0}>
            Mark all as read
          </Button>
        )}
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {list.data.length === 0 ? (
        <p>You have no notifications yet. We will let you know here when your orders move along.</p>
      ) : (
        <>
          <NotificationList notifications={list.data} busy={busy} onRead={(item) => markRead([item])} />
          {list.data.length < list.total && list.pages < MAX_PAGES && (
            <Button
              variant="secondary"
              onClick={() => void older.load(`/account/notifications?pages=${list.pages + 1}`)}
              disabled={older.state !== 'idle'}
            >
              Show older notifications
            </Button>
          )}
        </>
      )}
    </section>
  )
}
