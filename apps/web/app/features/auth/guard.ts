/**
 * SPEC §2 route guard for /admin, /account, /invitation and /setup: without a stored user, remember the
 * current address as the checkpoint and leave for the platform's login page.
 */
import { redirectDocument } from 'react-router'
import { readStored } from '../../lib/local-store'
import type { User } from '../../types/api'
import { prepareLogin } from './session'

/** For clientLoaders: the stored user, or a redirect (thrown) to the login page. */
export async function requireUser(request: Request): Promise<User> {
  const user = readStored('user')
  if (user) return user
  const url = new URL(request.url)
  // A document redirect: the login page is not part of this app, even on the platform's own host.
  throw redirectDocument(await prepareLogin(url.pathname + url.search + url.hash))
}
