import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { useSite } from '../../../lib/use-site'
import type { Shop } from '../../../types/api'
import { createLoginCode } from '../../auth/api/create-login-code'
import { shopOrigin } from '../shop-address'
import { backPath } from '../steps'

const DASHBOARD = '/admin/overview'

/**
 * Step 4: the shop is open. Its dashboard lives on the shop's own host, where this browser has no session
 * yet (localStorage is per origin), so the user goes there with a one-time login code.
 */
export function DoneStep({ shop }: { shop: Shop }) {
  const id = useId()
  const { platform } = useSite()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const origin = shopOrigin(platform.url, shop.slug)

  async function openDashboard() {
    setBusy(true)
    setError(null)
    try {
      if (origin === window.location.origin) return window.location.assign(DASHBOARD)
      const code = await createLoginCode(origin)
      window.location.assign(`${origin}${DASHBOARD}?code=${encodeURIComponent(code)}`)
    } catch (failure) {
      setError(`We could not open your dashboard: ${errorMessage(failure)}`)
      setBusy(false)
    }
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
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
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
