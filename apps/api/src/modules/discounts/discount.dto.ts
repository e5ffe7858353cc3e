/** Row → response mappers for discount codes. Only the fields listed here ever reach a client. */
import { SHOP_TIME_ZONE, toMajor } from '@shop/domain'
import type { discountCodes } from '../../db/schema'
import type { DiscountCodeDto, PublicDiscountCodeDto } from './discount.schemas'

export type DiscountCodeRow = typeof discountCodes.$inferSelect

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** 'YYYY-MM-DD' of an instant in the shop's time zone. */
export function dayOf(instant: Date): string {
  return dayFormat.format(instant)
}

/** Percent for percentage codes; major units for fixed ones (stored in minor units). */
function wireValue(row: DiscountCodeRow): number {
  return row.type === 'fixed' ? toMajor(row.value) : row.value
}

export function publicDiscountCodeDto(row: DiscountCodeRow): PublicDiscountCodeDto {
  return {
    _id: row.id,
    code: row.code,
    type: row.type,
    value: wireValue(row),
    minSubtotal: toMajor(row.minSubtotalMinor),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    oncePerCustomer: row.oncePerCustomer,
    firstOrderOnly: row.firstOrderOnly,
  }
}

export function discountCodeDto(row: DiscountCodeRow): DiscountCodeDto {
  return {
    ...publicDiscountCodeDto(row),
    shop: row.shopId,
    expiresOn: row.expiresAt ? dayOf(row.expiresAt) : null,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
