import type { DiscountType } from '@shop/domain/schemas/discount-code'

/** A code as the staff listing answers it (`GET /api/discount-codes/?shop=&$sort[createdAt]=-1`). */
export type DiscountCode = {
  _id: string
  shop: string
  code: string
  type: DiscountType
  /** A whole percent, or major units of the shop's currency. */
  value: number
  /** Major units; 0 for none. */
  minSubtotal: number
  expiresAt: string
  /** The last day the code works ('YYYY-MM-DD', Africa/Accra). */
  expiresOn: string
  usageLimit: number | null
  usedCount: number
  active: boolean
  createdAt: string
  updatedAt: string
}
