/** Row → response mapper for refunds: never Paystack's refund id or anything else a client has no use for. */
import { toMajor } from '@shop/domain'
import type { RefundView } from './refund.repository'
import type { RefundDto } from './refunds.schemas'

export function refundDto(row: RefundView): RefundDto {
  return {
    _id: row.id,
    shop: row.shopId,
    order: row.orderId,
    amount: { value: toMajor(row.amountMinor), currency: row.currency },
    method: row.method,
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    restock: row.restock.map((line) => ({ product: line.product, variant: line.variant, count: line.count })),
    createdBy: row.createdBy ? { _id: row.createdBy, name: row.creatorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
