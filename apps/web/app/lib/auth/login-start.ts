/**
 * A login started by the server, for a Log in link pressed before the page's scripts ran (decision 90).
 * The server cannot write this tab's sessionStorage, so it keeps the login's state and the address to
 * come back to in a short-lived cookie instead; the scripts of the page the login page returns to take it
 * (login-state.ts), exactly once, as they take a state this tab kept itself.
 *
 * Format: `<state>.<encodeURIComponent(return path)>`; anything else reads as no login started.
 */
export const LOGIN_START_COOKIE = 'loginStart'
/** Seconds: long enough to look up a password or create an account, short enough not to linger. */
export const LOGIN_START_MAX_AGE = 60 * 60
/** The longest return path kept; a longer one returns to the home page. */
export const MAX_RETURN_PATH = 1_000

const STATE = /^[A-Za-z0-9_-]{16,128}$/

export type StartedLogin = { state: string; returnTo: string }

/** Only same-site paths are followed back, never another origin. */
export function isSafeReturnPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
}

export function encodeLoginStart({ state, returnTo }: StartedLogin): string {
  return `${state}.${encodeURIComponent(returnTo)}`
}

export function decodeLoginStart(value: string | null | undefined): StartedLogin | null {
  if (!value) return null
  const at = value.indexOf('.')
  if (at < 0) return null
  const state = value.slice(0, at)
  if (!STATE.test(state)) return null
  let returnTo: string
  try {
    returnTo = decodeURIComponent(value.slice(at + 1))
  } catch {
    return null
  }
  return isSafeReturnPath(returnTo) && returnTo.length <= MAX_RETURN_PATH ? { state, returnTo } : null
}

/** The Set-Cookie value that keeps a started login (`null`: forgets it). */
export function loginStartCookie(started: StartedLogin | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return started
    ? `${LOGIN_START_COOKIE}=${encodeLoginStart(started)}; Max-Age=${LOGIN_START_MAX_AGE}; ${attributes}`
    : `${LOGIN_START_COOKIE}=; Max-Age=0; ${attributes}`
}
