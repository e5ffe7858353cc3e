import { useEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { createLoginCode } from '../api/auth/create-login-code'
import { requestLoginUrl } from '../api/auth/request-login-url'
import { useSessionUser } from '../lib/auth/session'
import { ApiError, api, errorMessage } from '../lib/api'
import { readStored } from '../lib/local-store'
import { useHydrated } from '../lib/use-hydrated'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/session-handover'

export const meta: Route.MetaFunction = (args) => routeMeta('Continue to your shop', args)

/** Where the session goes, from the address /session/start sent: an origin and that tab's login state. */
function handoverTarget(search: string): { origin: string; state: string } | null {
  const params = new URLSearchParams(search)
  const redir = params.get('redir')
  const state = params.get('state')
  if (!redir || !state) return null
  try {
    const url = new URL(redir)
    return url.origin === redir ? { origin: redir, state } : null
  } catch {
    return null
  }
}

/**
 * The second half of a session hand-over, on the platform's site where the user is signed in: asked
 * before anything is handed on (a link alone never signs anyone in elsewhere), it takes a one-time code
 * for the other site and returns there with that site's own login state. Without a session here, it is
 * the ordinary login.
 */
export default function SessionHandover() {
  const user = useSessionUser()
  const { search } = useLocation()
  const hydrated = useHydrated()
  // Undefined until the page runs in the browser: the server renders no decision.
  const target = useMemo(() => (hydrated ? handoverTarget(search) : undefined), [hydrated, search])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // Nobody signed in here (read from storage: the first render after hydration does not show it yet).
  const signedOut = !user && target && !readStored('user')
  useEffect(() => {
    if (!signedOut || !target) return
    void requestLoginUrl(api, target.origin, target.state).then(
      (loginUrl) => window.location.replace(loginUrl),
      (failure: unknown) => setError(errorMessage(failure)),
    )
  }, [signedOut, target])

  async function handOver() {
    if (!target) return
    setBusy(true)
    setError(null)
    try {
      const code = await createLoginCode(api, target.origin)
      window.location.replace(`${target.origin}/?${new URLSearchParams({ code, state: target.state, c: '1' })}`)
    } catch (failure) {
      // A session that ended meanwhile falls back to the ordinary login (the effect above).
      if (!(failure instanceof ApiError && failure.status === 401)) setError(errorMessage(failure))
      setBusy(false)
    }
  }

  if (target === null) {
    return (
      <section className="panel" aria-labelledby="handover-title">
        <h1 id="handover-title">This login link is not complete</h1>
        <p>Go back to the site you came from and try again.</p>
      </section>
    )
  }
  return (
    <section className="panel" aria-labelledby="handover-title">
      <h1 id="handover-title">Continue to {target ? new URL(target.origin).host : 'your shop'}</h1>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {user && target ? (
        <>
          <p>
            You are logged in here as <strong>{user.email}</strong>. Continue to log in to{' '}
            <strong>{new URL(target.origin).host}</strong> with this account.
          </p>
          <div className="form-actions">
            <Button onClick={() => void handOver()} disabled={busy} aria-busy={busy || undefined}>
              Continue as {user.email}
            </Button>
            <a className="button button-secondary" href="/">
              Cancel
            </a>
          </div>
        </>
      ) : (
        <p className="loading" role="status">
          Opening the login page…
        </p>
      )}
    </section>
  )
}
