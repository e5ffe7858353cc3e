import { api } from '../../../lib/api'

/** The platform's login page for coming back to `origin` (SPEC §7 `GET /api/request-login`). */
export async function requestLoginUrl(origin: string): Promise<string> {
  const { loginUrl } = await api.get<{ loginUrl: string }>('/api/request-login', { query: { redir: origin } })
  return loginUrl
}
