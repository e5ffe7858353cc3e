/**
 * docs/product.md §2 route guard for /admin, /account, /invitation and /setup: without a stored user, remember the
 * current address as the checkpoint and leave for the platform's login page.
 */
import { redirect, redirectDocument } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { readStored } from '../local-store'
import { completeLogin, prepareLogin, refreshUser } from './session'

const exchanges = new Map<string, Promise<User>>()

/**
 * Logs in with a one-time code and the state it came back with, exchanging each code once however many
 * callers ask: a guarded page opened with `?code=` is seen by both the guard and the login return
 * (components/login-return.tsx).
 */
export function loginWithCode(code: string, state: string | null): Promise<User> {
  let exchange = exchanges.get(code)
  if (!exchange) {
    exchange = completeLogin(code, state)
    exchanges.set(code, exchange)
  }
  return exchange
}

/** For clientLoaders: the stored user, or a redirect (thrown) to the login page. */
export async function requireUser(request: Request): Promise<User> {
  const url = new URL(request.url)
  const code = url.searchParams.get('code')
  if (code) {
    // Back from a login on a guarded page: log in here first, then carry on at the same address without
    // the spent code.
    try {
      await loginWithCode(code, url.searchParams.get('state'))
    } catch {
      // The login return shows why; without a stored user the guard below sends the user to log in.
    }
    url.searchParams.delete('code')
    url.searchParams.delete('state')
    throw redirect(url.pathname + url.search + url.hash)
  }
  const user = readStored('user')
  if (user) return user
  // A document redirect: the login page is not part of this app, even on the platform's own host.
  throw redirectDocument(await prepareLogin(url.pathname + url.search + url.hash))
}

/**
 * For the clientLoaders of guarded pages: the user, re-read from the API. A token the API no longer
 * accepts ends the session, and the guard then sends the user to log in again.
 */
export async function requireCurrentUser(request: Request): Promise<User> {
  await requireUser(request)
  return (await refreshUser()) ?? (await requireUser(request))
}
