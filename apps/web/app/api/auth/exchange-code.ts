import type { TokenData } from '@shop/domain/schemas/auth'
import type { ApiClient } from '../../lib/api'

/** Trades the one-time login code for an access token (`POST /api/token/ {code}`). */
export function exchangeCode(client: ApiClient, code: string): Promise<TokenData> {
  return client.post<TokenData>('/api/token/', { code })
}
