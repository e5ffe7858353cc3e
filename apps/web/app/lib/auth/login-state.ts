/**
 * Login CSRF protection: a site accepts a `?code=` only for a login it started itself. Starting one
 * keeps a random state in this tab's sessionStorage and sends it through the login page, which hands it
 * back with the code; a link carrying someone else's code (and so not this tab's state) is refused.
 */
import { randomId } from '../random-id'
import { cookieValue } from '../cart/cart-cookie'
import { LOGIN_START_COOKIE, decodeLoginStart, loginStartCookie } from './login-start'

const KEY = 'loginState'

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** A new state for a login this tab is starting (the last one started wins). */
export function startLoginState(): string {
  const state = randomId() + randomId()
  session()?.setItem(KEY, state)
  return state
}

/** The login the server started for this browser (a Log in link pressed before the scripts ran), forgotten as it is read. */
function takeServerStarted() {
  if (typeof document === 'undefined') return null
  const started = decodeLoginStart(cookieValue(document.cookie, LOGIN_START_COOKIE))
  if (started) document.cookie = loginStartCookie(null, window.location.protocol === 'https:')
  return started
}

/**
 * Whether `received` is the state of the login this tab started, or of one the server started for this
 * browser (login-start.ts); both are used up either way. Answers null for a login started by neither, else
 * where a server-started login returns to (null when this tab started it and keeps its own checkpoint).
 */
export function takeLoginState(received: string | null): { returnTo: string | null } | null {
  const store = session()
  const expected = store?.getItem(KEY) ?? null
  store?.removeItem(KEY)
  const server = takeServerStarted()
  if (!received) return null
  if (received === expected) return { returnTo: null }
  return server?.state === received ? { returnTo: server.returnTo } : null
}

/** Thrown for a code this tab did not ask for. */
export class ForeignLoginError extends Error {
  override name = 'ForeignLoginError'
  constructor() {
    super('This login link was not started on this page, so you were not logged in. Press Log in to try again.')
  }
}
