import type { AccountResolveInput, AccountResolved } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** The name Paystack holds for an account number, shown before saving (`POST /api/financial-accounts/resolve`). */
export function resolvePayoutAccount(client: ApiClient, body: AccountResolveInput): Promise<AccountResolved> {
  return client.post<AccountResolved>('/api/financial-accounts/resolve', body)
}
