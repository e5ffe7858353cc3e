/**
 * The orders list as CSV (GET /api/orders.csv), one order per line, for a spreadsheet or the accountant,
 * written by the one CSV writer (lib/csv.ts: RFC 4180, cells a spreadsheet would run as formulas escaped).
 * Cells are in the merchant's words (docs/glossary.md): region names, not codes; "Pay on delivery", not
 * "manual".
 */
import { orderSourceLabels, orderStatusLabels, payOnDeliveryWords, toMajor } from '@shop/domain'
import type { ServiceContext } from '../../context'
import { type CsvValue, csvText } from '../../lib/csv'
import { regionNames } from '../delivery/delivery.service'
import { type OrderView, ledgerOf } from './orders.dto'

const columns = [
  'Order',
  'Placed at',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'Delivery',
  'Region',
  'Address',
  'Items',
  'Subtotal',
  'Discount',
  'Shop discount',
  'Delivery fee',
  'Tax',
  'Total before tax',
  'Total with tax',
  'Paid',
  'Refunded',
  'Balance',
  'Refund due',
  'Payment',
  'Currency',
  'Source',
  'Promotion',
  'Promotion discount',
  'Delivery waived',
] as const

/** Data, not display: a plain number with two decimals, as a spreadsheet reads it. */
const amount = (minor: number) => toMajor(minor).toFixed(2)

function itemsText(order: OrderView): string {
  return order.items
    .map((line) => {
      const features = Object.entries(line.features ?? {}).map(([name, value]) => `${name}: ${value}`)
      if (line.sku) features.push(`SKU ${line.sku}`)
      return `${line.count} × ${line.title}${features.length ? ` (${features.join(', ')})` : ''}`
    })
    .join('; ')
}

const onlinePayments: Record<string, string> = { test: 'Demonstration payment', paystack: 'Paystack' }

/** How the order is paid, in words: "Pay on delivery", "Pay at pick-up", "Paystack", "Demonstration payment". */
export function paymentText(order: Pick<OrderView, 'paymentProvider' | 'delivery'>): string {
  if (order.paymentProvider === 'manual') return payOnDeliveryWords(order.delivery.type)
  return onlinePayments[order.paymentProvider] ?? order.paymentProvider
}

function orderRecord(order: OrderView, regions: ReadonlyMap<string, string>): CsvValue[] {
  const { delivery } = order
  const ledger = ledgerOf(order, order)
  return [
    order.orderId,
    order.createdAt.toISOString(),
    orderStatusLabels[order.status],
    order.customerName,
    order.email,
    order.phone,
    delivery.type === 'pick-up' ? 'Pick-up' : 'Delivery',
    delivery.region ? (regions.get(delivery.region) ?? delivery.region) : '',
    delivery.address ?? '',
    itemsText(order),
    amount(ledger.subtotalMinor),
    amount(ledger.discountMinor),
    amount(ledger.adjustmentMinor),
    amount(ledger.deliveryMinor),
    amount(ledger.taxMinor),
    amount(ledger.totalExTaxMinor),
    amount(ledger.totalInclTaxMinor),
    amount(ledger.paidMinor),
    amount(ledger.refundedMinor),
    amount(ledger.balanceMinor),
    amount(ledger.refundDueMinor),
    paymentText(order),
    order.currency,
    orderSourceLabels[order.source],
    // Promotions came later: their columns follow, so existing sheets keep their columns where they were.
    [order.promotions?.discount?.label, order.promotions?.freeDelivery?.label].filter(Boolean).join('; '),
    amount(ledger.promotionMinor),
    amount(ledger.deliveryWaivedMinor),
  ]
}

/** The header, then one line per order of each page as the page comes, each line ended by CRLF. */
export async function* ordersCsv(ctx: ServiceContext, pages: AsyncIterable<readonly OrderView[]>): AsyncGenerator<string> {
  yield csvText([columns])
  for await (const page of pages) {
    const regions = await regionNames(ctx, page.flatMap((order) => (order.delivery.region ? [order.delivery.region] : [])))
    yield csvText(page.map((order) => orderRecord(order, regions)))
  }
}
