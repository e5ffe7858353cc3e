import { can } from '@shop/domain'
import type { StaffAlerts, StaffAlertsInput } from '@shop/domain/schemas/messages'
import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { getStaffAlerts } from '../../../api/messages/get-staff-alerts'
import { Alert } from '../../../components/ui/alert'
import { api, errorMessage } from '../../../lib/api'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { useSite } from '../../../lib/use-site'
import { useShopRole } from '../../../lib/auth/use-shop-role'
import type { User } from '@shop/domain/schemas/auth'

/**
 * Staff of this shop who may move orders choose their own e-mail alerts here: a new order, and low stock.
 * Each switch saves as it changes (the profile page's `update-alerts` intent).
 */
export function StaffAlertsForm({ user }: { user: User }) {
  const id = useId()
  const { shop } = useSite()
  const role = useShopRole(shop?._id ?? null, user)
  const [alerts, setAlerts] = useState<StaffAlerts | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const fetcher = useFetcher<ActionAnswer<'update-alerts', StaffAlerts>>()
  const staff = !!shop && can(role, 'orders.move')

  useEffect(() => {
    if (!staff || !shop) return
    let live = true
    getStaffAlerts(api, shop._id).then(
      (found) => live && setAlerts(found),
      (problem: unknown) => live && setError(errorMessage(problem)),
    )
    return () => {
      live = false
    }
  }, [staff, shop])

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setError(problemOf(answer.errors))
    setAlerts(answer.data)
    setStatus('Your alerts are saved.')
  })

  if (!staff || !shop) return null

  function change(patch: StaffAlertsInput) {
    setStatus(null)
    setError(null)
    setAlerts((previous) => (previous ? { ...previous, ...patch } : previous))
    void fetcher.submit({ intent: 'update-alerts', shop: shop!._id, body: patch }, jsonSubmit)
  }

  return (
    <section className="panel profile-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>E-mail alerts for {shop.title}</h2>
      <p className="hint">Sent to {user.email}. Owners and administrators get both until they turn them off.</p>
      {alerts ? (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={alerts.newOrders} disabled={fetcher.state !== 'idle'} onChange={(event) => change({ newOrders: event.target.checked })} />
            A new order is placed
          </label>
          {can(role, 'catalog.edit') && (
            <label className="checkbox">
              <input type="checkbox" checked={alerts.lowStock} disabled={fetcher.state !== 'idle'} onChange={(event) => change({ lowStock: event.target.checked })} />
              Stock of a product runs low
            </label>
          )}
        </>
      ) : (
        !error && <p role="status">Loading your alerts…</p>
      )}
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <p className="hint" role="status">
        {status}
      </p>
    </section>
  )
}
