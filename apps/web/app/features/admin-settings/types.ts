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

/** A shop's settings (`GET /api/shop-configs/{shopId}`). */
export type ShopConfig = {
  _id: string
  facebook: { meta: string }
  taxRate: number
  paymentOptions: PaymentOption[]
  domains: string[]
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
