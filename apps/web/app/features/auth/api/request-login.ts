import { api } from '../../../lib/api'

/**
 * The platform's login page for coming back to `origin` (SPEC §7 `GET /api/request-login`), carrying the
 * login's `state`, which the login page hands back with the code.
 */
export async function requestLoginUrl(origin: string, state: string): Promise<string> {
  const { loginUrl } = await api.get<{ loginUrl: string }>('/api/request-login', { query: { redir: origin, state } })
  return loginUrl
}
