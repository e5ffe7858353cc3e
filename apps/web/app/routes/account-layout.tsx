import { Outlet } from 'react-router'
import { AccountSidebar } from '../features/account/components/account-sidebar'
import { requireCurrentUser } from '../lib/auth/guard'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/account-layout'

/** Account pages render in the browser, behind the route guard (docs/product.md §2, docs/architecture.md §12). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireCurrentUser(request)
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
