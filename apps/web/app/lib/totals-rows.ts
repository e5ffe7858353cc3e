import type { Checkout, Order } from '@shop/domain/schemas/orders'

/** One line of a totals table. */
export type TotalsRow = {
  label: string
  /** Major units; a string replaces the amount (e.g. "Free"). */
  value: number | string
  note?: string
  negative?: boolean
  total?: boolean
}

type Priced = Pick<Checkout | Order, 'totals' | 'delivery' | 'discount'> & Partial<Pick<Order, 'adjustment' | 'promotions'>>

/**
 * The server's figures of a checkout or an order, as rows. A checkout's total is what paying now collects,
 * a fee paid to the rider left out (docs/product.md §9 checkout total); an order's is everything its buyer owes, tax
 * and any delivery fee in (its ledger's `totalInclTax`).
 */
export function pricedRows(priced: Priced, kind: 'checkout' | 'order'): TotalsRow[] {
  const { totals, delivery, discount, adjustment, promotions } = priced
  const rows: TotalsRow[] = [{ label: 'Subtotal', value: totals.subtotal }]
  if (discount && totals.discount > 0) {
    rows.push({ label: `Discount (${discount.code})`, value: totals.discount, negative: true })
  }
  // What promotions gave, named as when it was placed (decision 78).
  if (promotions?.discount && totals.promotion) rows.push({ label: promotions.discount.label, value: totals.promotion, negative: true })
  if (adjustment) rows.push({ label: `Discount from the shop (${adjustment.reason})`, value: adjustment.value, negative: true })
  if (totals.tax > 0 || kind === 'checkout') rows.push({ label: 'Tax', value: totals.tax })
  if (delivery.type === 'pick-up') {
    rows.push({ label: 'Delivery', value: 'Free (pick-up)' })
  } else if (promotions?.freeDelivery && totals.deliveryWaived && totals.delivery === 0) {
    rows.push({ label: 'Delivery', value: 'Free', note: promotions.freeDelivery.label })
  } else {
    const onDelivery = delivery.rate?.paymentOption !== 'instant'
    rows.push({
      label: 'Delivery',
      value: totals.delivery,
      note: onDelivery && totals.delivery > 0 ? 'paid to the rider on delivery' : undefined,
    })
  }
  rows.push({ label: 'Total', value: kind === 'order' ? totals.totalInclTax : totals.total, total: true })
  return rows
}
