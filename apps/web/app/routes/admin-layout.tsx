import { visibleTabs } from '@shop/domain'
import { useMemo } from 'react'
import { Navigate, Outlet, type ShouldRevalidateFunction, useLocation } from 'react-router'
import { ToastProvider } from '../components/ui/toast'
import { adminRedirect } from '../features/admin/admin-tabs'
import { AdminNav } from '../features/admin/components/admin-nav'
import { AdminContextValue } from '../features/admin/hooks/use-admin'
import { requireCurrentUser } from '../features/auth/guard'
import { useShopRoleLookup } from '../features/auth/hooks/use-shop-role'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/admin-layout'
import adminStyles from '../features/admin/admin.css?url'

/** Admin pages render in the browser behind the route guard (SPEC §2, DESIGN §12). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireCurrentUser(request)
  return { user }
}
clientLoader.hydrate = true as const

// Moving between tabs, filters and pages keeps the same user; only a form submission reloads it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Admin Dashboard', args)

function Loading() {
  return (
    <p className="loading admin-loading" role="status">
      Loading the dashboard…
    </p>
  )
}

export function HydrateFallback() {
  return <Loading />
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData
  const { shop } = useSite()
  const { pathname } = useLocation()
  const role = useShopRoleLookup(shop?._id ?? null, user)
  const tabs = useMemo(() => visibleTabs(role.role), [role.role])
  const context = useMemo(() => (shop && role.role ? { shop, role: role.role, user } : null), [shop, role.role, user])

  // Only a shop's own host has a dashboard; the platform's host has none.
  if (!shop) return <Navigate to="/" replace />
  if (role.loading) return <Loading />
  // SPEC §2: non-staff are sent to the storefront.
  if (!context) return <Navigate to="/" replace />
  const redirect = adminRedirect(context.role, pathname)
  if (redirect) return <Navigate to={redirect} replace />

  return (
    <AdminContextValue.Provider value={context}>
      <ToastProvider>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <div className="admin-layout">
          <AdminNav shopTitle={shop.title} tabs={tabs} />
          <main id="main" className="admin-content" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </ToastProvider>
    </AdminContextValue.Provider>
  )
}
