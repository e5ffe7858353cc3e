import { Outlet } from 'react-router'
import { AccountSidebar } from '../features/account/components/account-sidebar'
import { requireUser } from '../features/auth/guard'
import { refreshUser } from '../features/auth/session'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/account-layout'

/** Account pages render in the browser, behind the route guard (SPEC §2, DESIGN §12). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireUser(request)
  // A token the API no longer accepts ends the session; the guard then sends the user to log in again.
  const user = (await refreshUser()) ?? (await requireUser(request))
  return { user }
}
clientLoader.hydrate = true as const

export const meta: Route.MetaFunction = (args) => routeMeta('Your account', args)

export function HydrateFallback() {
  return (
    <p className="loading" role="status">
      Loading your account…
    </p>
  )
}

export default function AccountLayout() {
  return (
    <div className="account-layout">
      <AccountSidebar />
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  )
}
