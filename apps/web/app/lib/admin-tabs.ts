import { type AdminTab, adminTabs, visibleTabs } from '@shop/domain'

/** The admin tab an address belongs to (`/admin/orders/123` → orders), or null for `/admin` itself. */
export function tabOfPath(pathname: string): string | null {
  const match = /^\/admin\/([^/]+)/.exec(pathname)
  return match?.[1] ?? null
}

/** The address parameter that tells the first tab which tab the person was sent away from. */
export const REFUSED_TAB_PARAM = 'refused'

/**
 * Where a role may not go: the address of its first tab when `pathname` is a tab the role does not see
 * (docs/product.md §6), naming that tab (`?refused=settings`) so the page can say who it is for; the storefront for
 * no staff role; null when the page may render (an unknown address renders the dashboard's not-found page).
 */
export function adminRedirect(role: string, pathname: string): string | null {
  const tabs: AdminTab[] = visibleTabs(role)
  const first = tabs[0]
  if (!first) return '/'
  const tab = tabOfPath(pathname)
  const hidden = adminTabs.some((known) => known.path === tab) && !tabs.some((visible) => visible.path === tab)
  return hidden ? `/admin/${first.path}?${REFUSED_TAB_PARAM}=${tab}` : null
}

/** The tab named by `?refused=`, when it is one of the dashboard's tabs. */
export function refusedTab(params: URLSearchParams): AdminTab | null {
  const path = params.get(REFUSED_TAB_PARAM)
  return adminTabs.find((tab) => tab.path === path) ?? null
}
