import type { LoginCode } from '@shop/domain/schemas/auth'
import type { ApiClient } from '../../lib/api'

/** A one-time login code for another of the platform's origins (`POST /api/login-codes {redir}`). */
export async function createLoginCode(client: ApiClient, redir: string): Promise<string> {
  const { code } = await client.post<LoginCode>('/api/login-codes', { redir })
  return code
}
