/**
 * Who is running which shop, for the dashboard's clientLoaders and clientActions (docs/product.md §2, §6): the user
 * (re-read from the API), the shop this host serves (lib/host-shop.ts) and the user's role in it. The admin
 * layout's loader looks it up whenever the layout loads; a page's loader or action running in the same navigation shares
 * that lookup, and one running later (a tab, a filter, an action) reuses the last one instead of asking
 * the API again. The API checks every call by itself; this only decides what the dashboard shows.
 */
import type { StaffRole } from '@shop/domain'
import { redirect } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import type { Shop } from '@shop/domain/schemas/shop'
import { getRole } from '../../api/staff/get-role'
import { api } from '../api'
import { shopOfHost } from '../host-shop'
import { readStored } from '../local-store'
import { requireCurrentUser } from './guard'
import { adminRedirect } from '../admin-tabs'

export type StaffSession = { user: User; shop: Shop; role: StaffRole }

/** The lookups of each navigation (all of a navigation's loaders get the same request). */
const lookups = new WeakMap<Request, Promise<StaffSession>>()
/** Lookups started for their own navigation (not reused from an earlier one). */
const fresh = new WeakSet<Promise<StaffSession>>()
/** The last lookup, for the credentials it was made with. */
let latest: { credentials: string; session: Promise<StaffSession> } | null = null

function credentialsKey(): string {
  return `${window.location.host} ${readStored('authCredentials')?.access_token ?? ''}`
}

async function lookUp(request: Request): Promise<StaffSession> {
  const user = await requireCurrentUser(request)
  // Only a shop's own host has a dashboard; the platform's host has none.
  const shop = await shopOfHost(request)
  if (!shop) throw redirect('/')
  // docs/product.md §2: someone who is not on the shop's staff (or whose role cannot be read) goes to the storefront.
  const role = await getRole(api, shop._id).catch(() => null)
  if (!role) throw redirect('/')
  return { user, shop, role }
}

function start(request: Request): Promise<StaffSession> {
  const credentials = credentialsKey()
  const session = lookUp(request)
  lookups.set(request, session)
  fresh.add(session)
  latest = { credentials, session }
  session.catch(() => {
    // A failed lookup (a redirect, no connection) is not kept: the next page load asks again.
    if (latest?.session === session) latest = null
  })
  return session
}

/** Sends a role away from a tab it does not see, to its first tab (docs/product.md §6). */
async function onItsTab(session: Promise<StaffSession>, request: Request): Promise<StaffSession> {
  const found = await session
  const elsewhere = adminRedirect(found.role, new URL(request.url).pathname)
  if (elsewhere) throw redirect(elsewhere)
  return found
}

/** For the admin layout's clientLoader: a fresh lookup, shared with the page loaders of this navigation. */
export function loadStaffSession(request: Request): Promise<StaffSession> {
  const started = lookups.get(request)
  return onItsTab(started && fresh.has(started) ? started : start(request), request)
}

/**
 * For an admin page's clientLoader or clientAction: the staff session, or a thrown redirect (to log in, to
 * the storefront, or to the role's first tab when this page's tab is not one of the role's).
 */
export function requireStaff(request: Request): Promise<StaffSession> {
  let session = lookups.get(request)
  if (!session) {
    session = latest && latest.credentials === credentialsKey() ? latest.session : start(request)
    lookups.set(request, session)
  }
  return onItsTab(session, request)
}
