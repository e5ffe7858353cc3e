/**
 * Login CSRF protection: a site accepts a `?code=` only for a login it started itself. Starting one
 * keeps a random state in this tab's sessionStorage and sends it through the login page, which hands it
 * back with the code; a link carrying someone else's code (and so not this tab's state) is refused.
 */
import { randomId } from '../../lib/random-id'

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

/** True when `received` is the state of the login this tab started; the state is used up either way. */
export function takeLoginState(received: string | null): boolean {
  const store = session()
  const expected = store?.getItem(KEY) ?? null
  store?.removeItem(KEY)
  return !!received && received === expected
}

/** Thrown for a code this tab did not ask for. */
export class ForeignLoginError extends Error {
  override name = 'ForeignLoginError'
  constructor() {
    super('This login link was not started on this page, so you were not logged in. Press Log in to try again.')
  }
}
