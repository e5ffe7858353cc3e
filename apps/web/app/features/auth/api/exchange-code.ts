import { api } from '../../../lib/api'
import type { TokenData } from '../../../types/api'

/** Trades the one-time login code for an access token (`POST /api/token/ {code}`). */
export function exchangeCode(code: string): Promise<TokenData> {
  return api.post<TokenData>('/api/token/', { code })
}
