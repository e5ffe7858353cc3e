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
  /** Null: the code never expires. */
  expiresAt: string | null
  /** The last day the code works ('YYYY-MM-DD', Africa/Accra); null when it never expires. */
  expiresOn: string | null
  usageLimit: number | null
  usedCount: number
  active: boolean
  createdAt: string
  updatedAt: string
}
