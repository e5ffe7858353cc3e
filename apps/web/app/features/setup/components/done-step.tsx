import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Shop } from '@shop/domain/schemas/shop'
import { getShopConfig } from '../../../api/shop-configs/get-shop-config'
import { Button } from '../../../components/ui/button'
import { api } from '../../../lib/api'
import { onlinePaymentsText } from '../../../lib/online-payments'
import { useApiData } from '../../../lib/use-api-data'
import { useSite } from '../../../lib/use-site'
import { shopOrigin } from '../../../lib/shop-address'
import { backPath } from '../steps'

const DASHBOARD = '/admin/overview'

/**
 * Step 4: the shop is open. Its dashboard lives on the shop's own host, where this browser has no session
 * yet (localStorage is per origin): the shop's site starts a login there that this site hands the
 * session to (routes/session-start.tsx).
 */
export function DoneStep({ shop }: { shop: Shop }) {
  const id = useId()
  const { platform } = useSite()
  const [busy, setBusy] = useState(false)
  const origin = shopOrigin(platform.url, shop.slug)
  // Whether this platform takes online payments, and whether the shop has where to be paid (decision 58).
  const config = useApiData(`setup-config/${shop._id}`, () => getShopConfig(api, shop._id))
  const online = config.data?.onlinePayments ?? null

  function openDashboard() {
    setBusy(true)
    if (origin === window.location.origin) return window.location.assign(DASHBOARD)
    window.location.assign(`${origin}/session/start?${new URLSearchParams({ next: DASHBOARD })}`)
  }

  return (
    <section className="setup-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{shop.title} is ready</h2>
      <p>
        Your shop is open at{' '}
        <a href={origin} target="_blank" rel="noopener">
          {new URL(origin).host}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        . Next, add your products and invite your staff from the dashboard.
      </p>
      <h3>Getting paid</h3>
      <ul className="setup-payments">
        <li>
          <strong>On delivery or at pick-up</strong> is on from the start: buyers pay the rider or at the shop, in cash, by
          mobile money to your number or by bank transfer, and you press <em>Record payment</em> on the order (part
          payments too: the order shows the balance due).
        </li>
        <li>
          <strong>Paystack</strong> takes mobile money and card online with the order, paid into your own account.{' '}
          {online === 'unavailable' ? (
            onlinePaymentsText.unavailable
          ) : online === 'ready' ? (
            <>Tick it in Settings → Payment options.</>
          ) : (
            <>
              {onlinePaymentsText['needs-payout-account']} Add it in Settings → Payout account, then tick Paystack in Settings →
              Payment options.
            </>
          )}
        </li>
        <li>
          <strong>Demonstration payments</strong> show a pretend pay page for trying the checkout; no money moves. Leave them
          off for real buyers.
        </li>
      </ul>
      <div className="form-actions setup-actions">
        <Link to={backPath(shop._id, 'done')!} className="button button-secondary">
          Back
        </Link>
        <Button onClick={openDashboard} disabled={busy} aria-busy={busy || undefined}>
          Go to your dashboard
        </Button>
      </div>
    </section>
  )
}
