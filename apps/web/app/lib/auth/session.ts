/**
 * The login session, kept where docs/product.md §3 says: `authCredentials` {access_token, token_type} and `user` in
 * localStorage, plus the `checkpoint` to return to. An absent stored user means logged out (docs/product.md §4).
 */
import type { User } from '@shop/domain/schemas/auth'
import { readStored, removeStored, useStored, writeStored } from '../local-store'
import { exchangeCode } from '../../api/auth/exchange-code'
import { getCurrentUser } from '../../api/users/get-current-user'
import { requestLoginUrl } from '../../api/auth/request-login-url'
import { revokeToken } from '../../api/auth/revoke-token'
import { ForeignLoginError, startLoginState, takeLoginState } from './login-state'
import { isSafeReturnPath } from './login-start'
import { api } from '../api'
import { clearOfflinePages } from '../offline/offline-pages'

export function useSessionUser(): User | null {
  return useStored('user')
}

/** Saves where to come back to and answers the platform's login page address for a login this tab starts. */
export async function prepareLogin(returnTo: string): Promise<string> {
  if (isSafeReturnPath(returnTo)) writeStored('checkpoint', returnTo)
  return requestLoginUrl(api, window.location.origin, startLoginState())
}

/** Reads and clears the saved checkpoint. */
export function takeCheckpoint(): string | null {
  const checkpoint = readStored('checkpoint')
  removeStored('checkpoint')
  return isSafeReturnPath(checkpoint) ? checkpoint : null
}

/**
 * Finishes a login this tab started: the one-time code becomes a token, and the user is fetched and stored
 * with it. A code that comes without this tab's login state is someone else's and is never exchanged.
 */
export async function completeLogin(code: string, state: string | null): Promise<User> {
  const started = takeLoginState(state)
  if (!started) throw new ForeignLoginError()
  // A login the server started (a Log in link pressed before the scripts ran) kept its return path with it.
  if (started.returnTo) writeStored('checkpoint', started.returnTo)
  const { access_token, token_type } = await exchangeCode(api, code)
  writeStored('authCredentials', { access_token, token_type })
  try {
    const user = await getCurrentUser(api)
    writeStored('user', user)
    return user
  } catch (error) {
    removeStored('authCredentials')
    throw error
  }
}

/** Re-reads the stored user from the API; null when the token is no longer accepted. */
export async function refreshUser(): Promise<User | null> {
  if (!readStored('authCredentials')) return readStored('user')
  try {
    const user = await getCurrentUser(api)
    writeStored('user', user)
    return user
  } catch {
    // A 401 has already ended the session (lib/api); any other failure keeps what is stored.
    return readStored('user')
  }
}

/** Revokes the token (best effort: the session ends locally either way). */
export async function logout(): Promise<void> {
  try {
    if (readStored('authCredentials')) await revokeToken(api)
  } catch {
    // Offline or already revoked: forgetting the token locally is what matters.
  } finally {
    removeStored('authCredentials', 'user')
    await clearOfflinePages()
  }
}
