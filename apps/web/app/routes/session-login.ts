import { redirect } from 'react-router'
import { requestLoginUrl } from '../api/auth/request-login-url'
import { MAX_RETURN_PATH, isSafeReturnPath, loginStartCookie } from '../lib/auth/login-start'
import { serverApi } from '../lib/api.server'
import { randomId } from '../lib/random-id'
import type { Route } from './+types/session-login'

/**
 * `/session/login?next=` — the Log in link's address, which works before the page's scripts (decision 90):
 * the server starts the login the scripts would start (a fresh state, the page to come back to), keeps
 * both in a short-lived cookie in place of this tab's sessionStorage, and sends the browser on to the
 * platform's login page. The page it returns to exchanges the code exactly as for a scripted login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const next = url.searchParams.get('next')
  const returnTo = isSafeReturnPath(next) && next.length <= MAX_RETURN_PATH ? next : '/'
  const state = randomId() + randomId()
  const loginUrl = await requestLoginUrl(serverApi(context), url.origin, state)
  return redirect(loginUrl, {
    status: 303,
    headers: { 'Set-Cookie': loginStartCookie({ state, returnTo }, url.protocol === 'https:'), 'Cache-Control': 'no-store' },
  })
}
