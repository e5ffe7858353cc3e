import type { PaymentProviderName } from '@shop/domain/schemas/payments'
import type { Money } from '../../types/api'

/** A shop's delivery rate (`GET /delivery/rates/?client=`). */
export type DeliveryRate = {
  _id: string
  shop: string
  name: string
  regions: string[]
  rate: Money
  paymentOption: 'instant' | 'on-delivery'
  estimatedDays: number | null
  active: boolean
  createdAt: string
  updatedAt: string
}

export type PaymentOption = { provider: PaymentProviderName; enabled: boolean; label?: string }

/**
 * A custom domain with its verification state: it serves the shop only once verified, which its
 * administrators prove by a DNS TXT record or a file holding the token.
 */
export type ShopDomain = {
  domain: string
  status: 'pending' | 'verified'
  token: string
  txtRecord: { name: string; value: string }
  httpFile: { url: string; content: string }
  verifiedAt: string | null
  checkedAt: string | null
  /** Why the last check did not verify the domain. */
  checkError: string | null
}

/** A shop's settings (`GET /api/shop-configs/{shopId}`). */
export type ShopConfig = {
  _id: string
  facebook: { meta: string }
  taxRate: number
  /** Minutes an order paid online may wait for its payment before it is canceled and restocked. */
  unpaidOrderTimeout: number
  paymentOptions: PaymentOption[]
  /** Every custom domain, pending or verified: the list PATCH takes. */
  domains: string[]
  customDomains: ShopDomain[]
  updatedAt: string
}

/** A payout account; the API only ever answers its number masked (`•••• 1234`). */
export type FinancialAccount = {
  _id: string
  shop: string
  kind: 'mobile-money' | 'bank'
  provider: string
  accountName: string
  accountNumber: string
  createdAt: string
  updatedAt: string
}
