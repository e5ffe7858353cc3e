import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { useHydrated } from '../../../lib/use-hydrated'
import { prepareLogin } from '../session'

/** Sends the visitor to the platform's login page and brings them back to this page afterwards. */
export function LoginButton() {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function login() {
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
    <div className="login">
      {/* Disabled until hydrated: before that a click would do nothing. */}
      <Button onClick={login} disabled={!hydrated || busy} aria-busy={busy || undefined}>
        Log in
      </Button>
      {error && (
        <p className="login-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
