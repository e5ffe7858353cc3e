import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { errorMessage } from '../../../lib/api'
import { loginWithCode } from '../../../lib/auth/guard'
import { ForeignLoginError } from '../../../lib/auth/login-state'
import { takeCheckpoint } from '../../../lib/auth/session'

/**
 * Back from the login page on any page (docs/product.md §2, docs/architecture.md §5): `?code=` is exchanged for a token and the
 * user (only for a login this tab started: `state`), then removed from the address; with `c`, the saved
 * checkpoint is opened and cleared.
 */
export function LoginReturn() {
  const location = useLocation()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  // Codes work once: never exchange the same address twice (e.g. effects run twice in development).
  const handled = useRef<string | null>(null)

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const code = params.get('code')
    const returning = params.has('c')
    if (code === null && !returning) return
    if (handled.current === location.search) return
    handled.current = location.search

    void (async () => {
      let loggedIn = true
      if (code) {
        try {
          // Shared with the route guard, which may be exchanging this very code for a guarded page.
          await loginWithCode(code, params.get('state'))
          setError(null)
        } catch (failure) {
          loggedIn = false
          setError(failure instanceof ForeignLoginError ? failure.message : `Could not log in: ${errorMessage(failure)}`)
        }
      }
      params.delete('code')
      params.delete('state')
      params.delete('c')
      const rest = params.toString()
      const here = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`
      const checkpoint = returning ? takeCheckpoint() : null
      // After a failed exchange stay here: the checkpoint may be a guarded page that would loop to login.
      void navigate(loggedIn && checkpoint ? checkpoint : here, { replace: true })
    })()
  }, [location.search, location.pathname, location.hash, navigate])

  return error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null
}
