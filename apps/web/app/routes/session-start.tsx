import { useEffect } from 'react'
import { isSafeReturnPath } from '../lib/auth/login-start'
import { startLoginState } from '../lib/auth/login-state'
import { readStored, writeStored } from '../lib/local-store'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/session-start'

export const meta: Route.MetaFunction = (args) => routeMeta('Logging in', args)

/**
 * The first half of handing a session from the platform's site to this one (the setup wizard's new shop,
 * an accepted invitation): this tab starts the login itself, with its own state, and asks the platform's
 * site (/session/handover) for a code. So the code that comes back is one this tab asked for, and a link
 * carrying anyone else's code is still refused.
 */
export default function SessionStart() {
  const { platform } = useSite()

  useEffect(() => {
    const next = new URLSearchParams(window.location.search).get('next')
    const target = isSafeReturnPath(next) ? next : '/'
    if (readStored('user')) return void window.location.replace(target)
    writeStored('checkpoint', target)
    const handover = new URL('/session/handover', platform.url)
    handover.searchParams.set('redir', window.location.origin)
    handover.searchParams.set('state', startLoginState())
    window.location.replace(handover.toString())
  }, [platform.url])

  return (
    <p className="loading" role="status">
      Logging you in…
    </p>
  )
}
