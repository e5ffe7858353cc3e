import { useState } from 'react'
import { LoadError } from '../components/load-error'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { useAccountUser } from '../features/auth/hooks/use-account-user'
import { listNotifications } from '../api/notifications/list-notifications'
import { markNotificationRead } from '../api/notifications/update-notification'
import { NotificationList } from '../features/notifications/components/notification-list'
import { refreshNotificationHint } from '../features/notifications/hooks/use-notification-hint'
import { api, errorMessage } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { useSite } from '../lib/use-site'
import { NoShop } from '../features/account/components/no-shop'
import type { Notification, Shop } from '../types/api'
import type { Route } from './+types/account-notifications'

export const meta: Route.MetaFunction = (args) => routeMeta('Notifications', args)

export default function AccountNotificationsPage() {
  const { shop } = useSite()
  return shop ? <AccountNotifications shop={shop} /> : <NoShop title="Notifications" />
}

function AccountNotifications({ shop }: { shop: Shop }) {
  const user = useAccountUser()
  const [pages, setPages] = useState(1)
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [error, setError] = useState<string | null>(null)
  const list = useApiData(`${shop._id}/${user._id}/${pages}`, async () => {
    const first = await listNotifications(api, user._id, shop._id)
    const rest = await Promise.all(
      Array.from({ length: pages - 1 }, (_, i) => listNotifications(api, user._id, shop._id, (i + 1) * first.limit)),
    )
    return { total: first.total, data: [first, ...rest].flatMap((page) => page.data) }
  })

  async function markRead(targets: Notification[]) {
    setError(null)
    setBusy(new Set(targets.map((target) => target._id)))
    try {
      const updated = await Promise.all(targets.map((target) => markNotificationRead(api, target._id)))
      const byId = new Map(updated.map((notification) => [notification._id, notification]))
      if (list.data) list.setData({ ...list.data, data: list.data.data.map((item) => byId.get(item._id) ?? item) })
      refreshNotificationHint()
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(new Set())
    }
  }

  const unread = list.data?.data.filter((item) => !item.read) ?? []
  return (
    <section aria-labelledby="notifications-title">
      <div className="section-head">
        <h1 id="notifications-title">Notifications</h1>
        {unread.length > 1 && (
          <Button variant="secondary" onClick={() => void markRead(unread)} disabled={busy.size > 0}>
            Mark all as read
          </Button>
        )}
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {list.error && !list.data ? (
        <LoadError error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <p className="loading" role="status">
          Loading your notifications…
        </p>
      ) : list.data.data.length === 0 ? (
        <p>You have no notifications yet. We will let you know here when your orders move along.</p>
      ) : (
        <>
          <NotificationList notifications={list.data.data} busy={busy} onRead={(item) => void markRead([item])} />
          {list.data.data.length < list.data.total && (
            <Button variant="secondary" onClick={() => setPages((value) => value + 1)} disabled={list.loading}>
              Show older notifications
            </Button>
          )}
        </>
      )}
    </section>
  )
}
