/**
 * Row → response mappers for checkouts and orders, and the shapes of their stored snapshots. Only the
 * fields listed here ever reach a client; contact details only when the caller may see them.
 */
import { checkoutTotal, toMajor } from '@shop/domain'
import type { DeliveryDetails, DiscountTerms, LineItem, checkouts, orderEvents, orders } from '../../db/schema'
import { imageFields } from '../../lib/image-ref'
import type { CheckoutDto, DeliveryDto, DiscountDto, LineDto, OrderDto, TotalsDto } from './orders.schemas'

export type CheckoutRow = typeof checkouts.$inferSelect
export type OrderRow = typeof orders.$inferSelect
export type OrderEventRow = typeof orderEvents.$inferSelect
/** An order as its answers show it: the row and what its payments received so far (minor units). */
export type OrderView = OrderRow & { paidMinor: number }

export function lineDto(stored: LineItem): LineDto {
  return {
    product: {
      _id: stored.product,
      title: stored.title,
      price: { value: toMajor(stored.priceMinor), currency: stored.currency },
      sellAt: toMajor(stored.sellAtMinor),
      images: stored.images.map((image) => ({ ...imageFields(image), alt: image.alt ?? '' })),
    },
    variant: stored.variant ? { _id: stored.variant, features: { ...(stored.features ?? {}) } } : null,
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

type Amounts = { subtotalMinor: number; taxMinor: number; deliveryMinor: number; discountMinor: number; totalMinor: number }

function totalsDto(row: Amounts): TotalsDto {
  return {
    subtotal: toMajor(row.subtotalMinor),
    tax: toMajor(row.taxMinor),
    delivery: toMajor(row.deliveryMinor),
    discount: toMajor(row.discountMinor),
    total: toMajor(row.totalMinor),
  }
}

/** `creator`: the caller made this checkout, so its contact details are theirs to see. */
export function checkoutDto(row: CheckoutRow, creator: boolean): CheckoutDto {
  return {
    _id: row.id,
    shop: row.shopId,
    items: row.items.map(lineDto),
    delivery: deliveryDto(row.delivery, creator),
    discount: discountDto(row.discount ?? null),
    tax: toMajor(row.taxMinor),
    currency: row.currency,
    totals: totalsDto(row),
    createdAt: row.createdAt.toISOString(),
    ...(creator ? { email: row.email, profile: row.profileId, customerName: row.customerName ?? '', phone: row.phone ?? '' } : {}),
  }
}

/** SPEC §9's checkout total of an order: what an instant provider collects when it is placed. */
export function amountDueMinor(row: Pick<OrderRow, 'subtotalMinor' | 'taxMinor' | 'deliveryMinor' | 'discountMinor' | 'delivery'>): number {
  return checkoutTotal({
    subtotal: row.subtotalMinor,
    tax: row.taxMinor,
    deliveryFee: row.deliveryMinor,
    discount: row.discountMinor,
    deliveryType: row.delivery.type,
    paymentOption: row.delivery.rate?.paymentOption ?? null,
  })
}

/** Everything the buyer owes: the order total (SPEC §9) and its tax, as a payment on delivery collects it. */
export function owedMinor(row: Pick<OrderRow, 'totalMinor' | 'taxMinor'>): number {
  return row.totalMinor + row.taxMinor
}

/** What is still to pay: nothing for a canceled order, never below 0 (a double payment is a refund, noted on the timeline). */
export function balanceMinor(row: Pick<OrderRow, 'totalMinor' | 'taxMinor' | 'status'>, paidMinor: number): number {
  return row.status === 'canceled' ? 0 : Math.max(0, owedMinor(row) - paidMinor)
}

export function orderDto(row: OrderView, timeline?: OrderEventRow[]): OrderDto {
  return {
    _id: row.id,
    orderId: row.orderId,
    shop: row.shopId,
    profile: row.profileId,
    email: row.email,
    phone: row.phone,
    customerName: row.customerName,
    items: row.items.map(lineDto),
    delivery: deliveryDto(row.delivery, true),
    discount: discountDto(row.discount ?? null),
    tax: toMajor(row.taxMinor),
    currency: row.currency,
    totals: totalsDto(row),
    amountDue: toMajor(amountDueMinor(row)),
    paid: toMajor(row.paidMinor),
    balance: toMajor(balanceMinor(row, row.paidMinor)),
    status: row.status,
    acked: row.acked,
    // Moving the order on or a payment confirms it (decision 52).
    confirmBy: row.confirmBy && row.status === 'placed' && row.paidMinor === 0 ? row.confirmBy.toISOString() : null,
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
