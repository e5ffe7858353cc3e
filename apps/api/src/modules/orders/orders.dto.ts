/**
 * Row → response mappers for checkouts and orders, and the shapes of their stored snapshots. Only the
 * fields listed here ever reach a client; contact details only when the caller may see them.
 */
import { type OrderCharges, type OrderLedger, orderLedger, toMajor } from '@shop/domain'
import type { DeliveryDetails, DiscountTerms, LineItem, checkouts, orderEvents, orders } from '../../db/schema'
import { imageFields } from '../../lib/image-ref'
import { appliedPromotionsDto } from '../promotions/promotion.dto'
import type { CheckoutDto, DeliveryDto, DiscountDto, LineDto, OrderDto, TotalsDto } from './orders.schemas'

export type CheckoutRow = typeof checkouts.$inferSelect
export type OrderRow = typeof orders.$inferSelect
export type OrderEventRow = typeof orderEvents.$inferSelect
/**
 * An order as its answers show it: the row and the sums of its tenders (minor units): payments received,
 * refunds given or under way, and of those the ones a provider has not confirmed yet.
 */
export type OrderView = OrderRow & OrderTenders
/** An order's tenders as sums (all 0 for an order nothing was paid for yet). */
export type OrderTenders = { paidMinor: number; refundedMinor: number; refundPendingMinor: number }

export const noTenders: OrderTenders = { paidMinor: 0, refundedMinor: 0, refundPendingMinor: 0 }

export function lineDto(stored: LineItem): LineDto {
  return {
    product: {
      _id: stored.product,
      title: stored.title,
      price: { value: toMajor(stored.priceMinor), currency: stored.currency },
      sellAt: toMajor(stored.sellAtMinor),
      images: stored.images.map((image) => ({ ...imageFields(image), alt: image.alt ?? '' })),
    },
    variant: stored.variant ? { _id: stored.variant, features: { ...(stored.features ?? {}) }, ...(stored.sku ? { sku: stored.sku } : {}) } : null,
    count: stored.count,
    unitPrice: toMajor(stored.unitPriceMinor),
  }
}

export function deliveryDto(delivery: DeliveryDetails, withContact: boolean): DeliveryDto {
  const rate = delivery.rate
  return {
    type: delivery.type,
    region: delivery.region ?? null,
    rate: rate
      ? {
          _id: rate.id,
          name: rate.name,
          rate: { value: toMajor(rate.rateMinor), currency: rate.currency },
          paymentOption: rate.paymentOption,
          estimatedDays: rate.estimatedDays,
        }
      : null,
    ...(withContact ? { address: delivery.address ?? '', phone: delivery.phone ?? '' } : {}),
  }
}

/** Stored terms hold minor units for fixed codes (as discountAmount wants); the wire shows major units. */
export function discountDto(terms: DiscountTerms | null): DiscountDto {
  if (!terms) return null
  return { code: terms.code, type: terms.type, value: terms.type === 'fixed' ? toMajor(terms.value) : terms.value }
}

/** What an order or checkout charges, as the ledger reads it. A checkout is never canceled nor adjusted. */
export function chargesOf(
  row: Pick<OrderRow, 'subtotalMinor' | 'discountMinor' | 'deliveryMinor' | 'taxMinor' | 'delivery'> &
    Partial<Pick<OrderRow, 'adjustmentMinor' | 'status' | 'promotionMinor' | 'deliveryWaivedMinor'>>,
): OrderCharges {
  return {
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    adjustmentMinor: row.adjustmentMinor ?? 0,
    promotionMinor: row.promotionMinor ?? 0,
    deliveryWaivedMinor: row.deliveryWaivedMinor ?? 0,
    deliveryMinor: row.deliveryMinor,
    deliveryType: row.delivery.type,
    deliveryPaymentOption: row.delivery.rate?.paymentOption ?? null,
    taxMinor: row.taxMinor,
    canceled: row.status === 'canceled',
  }
}

/** The order's ledger (decision 57): every figure of an order's money comes from here. */
export function ledgerOf(row: Parameters<typeof chargesOf>[0], tenders: OrderTenders = noTenders): OrderLedger {
  return orderLedger(chargesOf(row), [
    { kind: 'payment', amountMinor: tenders.paidMinor, state: 'succeeded' },
    { kind: 'refund', amountMinor: tenders.refundedMinor - tenders.refundPendingMinor, state: 'succeeded' },
    { kind: 'refund', amountMinor: tenders.refundPendingMinor, state: 'pending' },
  ])
}

/** `total`: what a checkout collects, or an order's total without tax (docs/product.md §9); `totalInclTax`: what the buyer owes. */
function totalsDto(ledger: OrderLedger, totalMinor: number): TotalsDto {
  return {
    subtotal: toMajor(ledger.subtotalMinor),
    tax: toMajor(ledger.taxMinor),
    delivery: toMajor(ledger.deliveryMinor),
    discount: toMajor(ledger.discountMinor),
    ...(ledger.promotionMinor > 0 ? { promotion: toMajor(ledger.promotionMinor) } : {}),
    ...(ledger.deliveryWaivedMinor > 0 ? { deliveryWaived: toMajor(ledger.deliveryWaivedMinor) } : {}),
    total: toMajor(totalMinor),
    totalInclTax: toMajor(ledger.totalInclTaxMinor),
  }
}

/**
 * `creator`: the caller made this checkout, so its contact details are theirs to see. `placed`: the order
 * placed from it that is not canceled, with whether it is paid in full.
 */
export function checkoutDto(row: CheckoutRow, creator: boolean, placed: { orderId: string; paid: boolean } | null = null): CheckoutDto {
  return {
    _id: row.id,
    shop: row.shopId,
    items: row.items.map(lineDto),
    delivery: deliveryDto(row.delivery, creator),
    discount: discountDto(row.discount ?? null),
    ...appliedPromotionsDto(row.promotions),
    tax: toMajor(row.taxMinor),
    currency: row.currency,
    totals: totalsDto(ledgerOf(row), row.totalMinor),
    createdAt: row.createdAt.toISOString(),
    placedOrder: placed,
    ...(creator ? { email: row.email, profile: row.profileId, customerName: row.customerName ?? '', phone: row.phone ?? '' } : {}),
  }
}

/**
 * `staff`: the caller is one of the shop's staff. A delivery kept from a shared checkout's creator
 * (`fromSharer`) shows its address and phone to staff only; the payer sees its region and fee.
 */
export function orderDto(row: OrderView, timeline?: OrderEventRow[], viewer: { staff: boolean } = { staff: false }): OrderDto {
  const ledger = ledgerOf(row, row)
  const money = (minor: number) => ({ value: toMajor(minor), currency: row.currency })
  return {
    _id: row.id,
    orderId: row.orderId,
    shop: row.shopId,
    profile: row.profileId,
    email: row.email,
    phone: row.phone,
    customerName: row.customerName,
    items: row.items.map(lineDto),
    delivery: deliveryDto(row.delivery, viewer.staff || !row.delivery.fromSharer),
    ...(row.delivery.fromSharer ? { sharedDelivery: true } : {}),
    discount: discountDto(row.discount ?? null),
    ...appliedPromotionsDto(row.promotions),
    tax: toMajor(row.taxMinor),
    currency: row.currency,
    totals: totalsDto(ledger, ledger.totalExTaxMinor),
    amountDue: toMajor(ledger.dueWithOrderMinor),
    paid: toMajor(ledger.paidMinor),
    refunded: money(ledger.refundedMinor),
    balance: toMajor(ledger.balanceMinor),
    refundDue: money(ledger.refundDueMinor),
    paymentState: ledger.paymentState,
    adjustment: row.adjustmentMinor > 0 ? { ...money(row.adjustmentMinor), reason: row.adjustmentReason ?? '' } : null,
    status: row.status,
    source: row.source,
    acked: row.acked,
    // Moving the order on or a payment confirms it (decision 52).
    confirmBy: row.confirmBy && row.status === 'placed' && ledger.paidMinor === 0 ? row.confirmBy.toISOString() : null,
    payment: { provider: row.paymentProvider },
    ...(timeline
      ? {
          timeline: timeline.map((event) => ({
            type: event.kind,
            status: event.status,
            note: event.note,
            createdAt: event.createdAt.toISOString(),
          })),
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
