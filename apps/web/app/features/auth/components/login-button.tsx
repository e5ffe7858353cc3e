import { type FormEvent, useState } from 'react'
import { useLocation } from 'react-router'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { prepareLogin } from '../../../lib/auth/session'

/**
 * Sends the visitor to the platform's login page and brings them back to this page afterwards. A real form
 * (`GET /session/login?next=`, whose server starts the login), so it works before the page's scripts have
 * loaded (decision 90); once they run, the login is started in this tab, with its state in sessionStorage.
 */
export function LoginButton() {
  const location = useLocation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const here = location.pathname + location.search + location.hash

  async function login(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const { pathname, search, hash } = window.location
      window.location.assign(await prepareLogin(pathname + search + hash))
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <form className="login" method="get" action="/session/login" onSubmit={(event) => void login(event)}>
      <input type="hidden" name="next" value={here} />
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        Log in
      </Button>
      {error && (
        <p className="login-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
