import { visibleTabs } from '@shop/domain'
import { useMemo } from 'react'
import { Outlet, type ShouldRevalidateFunction, useNavigation } from 'react-router'
import { ToastProvider } from '../components/ui/toast'
import { AdminAccount } from '../features/admin/components/admin-account'
import { AdminNav } from '../features/admin/components/admin-nav'
import { RefusedTabNotice } from '../features/admin/components/refused-tab-notice'
import { SuspendedNotice } from '../features/admin/components/suspended-notice'
import { AdminContextValue } from '../lib/use-admin'
import { loadStaffSession } from '../lib/auth/staff-session'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/admin-layout'
import adminStyles from '../features/admin/admin.css?url'

/**
 * Admin pages render in the browser behind the route guard (docs/product.md §2, docs/architecture.md §12): logged out → login,
 * not on the shop's staff → the storefront, a tab the role does not see → its first tab.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { user, shop, role } = await loadStaffSession(request)
  return { user, shop, role }
}
clientLoader.hydrate = true as const

// Moving between tabs, filters and pages, and changes made on a page, keep the same user and role: each
// page's own loader checks its tab (features/admin/staff-session.ts) and reloads its own data.
export const shouldRevalidate: ShouldRevalidateFunction = () => false

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Admin Dashboard', args)

export function HydrateFallback() {
  return (
    <p className="loading admin-loading" role="status">
      Loading the dashboard…
    </p>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, role } = loaderData
  // The root's copy of the shop follows changes made in the dashboard (it reloads after each of them).
  const site = useSite()
  const shop = site.shop ?? loaderData.shop
  // The root's copy comes from the server's render; the staff session's is read with the staff's token.
  const suspension = loaderData.shop.suspension ?? shop.suspension
  const navigation = useNavigation()
  const tabs = useMemo(() => visibleTabs(role), [role])
  const context = useMemo(() => ({ shop, role, user }), [shop, role, user])

  return (
    <AdminContextValue.Provider value={context}>
      <ToastProvider>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <div className="admin-layout">
          <AdminNav shopTitle={shop.title} tabs={tabs} />
          <AdminAccount user={user} />
          <main id="main" className="admin-content" tabIndex={-1} aria-busy={navigation.state === 'loading' || undefined}>
            {suspension && <SuspendedNotice suspension={suspension} platformName={site.platform.name} />}
            <RefusedTabNotice role={role} />
            <Outlet />
          </main>
        </div>
      </ToastProvider>
    </AdminContextValue.Provider>
  )
}
