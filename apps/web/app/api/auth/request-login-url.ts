import type { LoginUrl } from '@shop/domain/schemas/auth'
import type { ApiClient } from '../../lib/api'

/**
 * The platform's login page for coming back to `origin` (docs/product.md §7 `GET /api/request-login`), carrying the
 * login's `state`, which the login page hands back with the code.
 */
export async function requestLoginUrl(client: ApiClient, origin: string, state: string): Promise<string> {
  const { loginUrl } = await client.get<LoginUrl>('/api/request-login', { query: { redir: origin, state } })
  return loginUrl
}
