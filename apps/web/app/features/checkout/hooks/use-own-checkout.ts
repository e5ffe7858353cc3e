import type { User } from '@shop/domain/schemas/auth'
import type { Checkout } from '@shop/domain/schemas/orders'
import { api } from '../../../lib/api'
import { useApiData } from '../../../lib/use-api-data'
import { getCheckout } from '../../../api/checkouts/get-checkout'

export type CheckoutViewer = { kind: 'checking' } | { kind: 'creator'; checkout: Checkout } | { kind: 'other' }

/**
 * Whether the logged-in user created this checkout: only then does the API answer its contact details, and
 * only then may the order use its delivery. Anonymous visitors (and any failure to tell) count as someone else.
 */
export function useCheckoutViewer(checkoutId: string, user: User | null): CheckoutViewer {
  const key = user ? `${checkoutId}:${user._id}` : null
  const { data, loading } = useApiData(key, () => getCheckout(api, checkoutId))
  if (!user) return { kind: 'other' }
  if (loading && !data) return { kind: 'checking' }
  return data && data._id === checkoutId && data.profile === user._id ? { kind: 'creator', checkout: data } : { kind: 'other' }
}
