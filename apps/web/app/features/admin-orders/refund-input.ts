/**
 * What the refund form and the cancel dialog check before they submit (decision 59), with the API's own
 * rules: an amount of at most two decimals and at most what the order holds (paid less refunded), 0 only
 * when items come back, a reason, and never more items back than are still with the buyer.
 */
import { isMajorAmount } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'
import type { Refund, RefundMethod } from '@shop/domain/schemas/refunds'

/** The amount as typed ("40", "40.5", "1,200.00", "0"), as a number, or null when it is not an amount. */
export function parseRefundAmount(text: string): number | null {
  const cleaned = text.trim().replaceAll(',', '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  const value = Number(cleaned)
  return isMajorAmount(value) ? value : null
}

/** What the shop holds for the order: paid, less what was refunded or is on its way back (major units). */
export function heldOf(order: Pick<Order, 'paid' | 'refunded'>): number {
  return Math.max(0, Math.round((order.paid - order.refunded.value) * 100) / 100)
}

/** Paystack is a way back only for an order paid through Paystack. */
export function refundMethodsFor(order: Pick<Order, 'payment' | 'paid'>): RefundMethod[] {
  const recorded: RefundMethod[] = ['cash', 'mobile-money', 'bank-transfer']
  return order.payment.provider === 'paystack' && order.paid > 0 ? ['paystack', ...recorded] : recorded
}

export type ItemOut = { key: string; product: string; variant: string | null; title: string; sold: number; out: number }

/** Each line of the order with the units still with the buyer: sold, less what earlier returns took back. */
export function itemsOut(order: Pick<Order, 'items' | 'status'>, refunds: readonly Pick<Refund, 'restock'>[]): ItemOut[] {
  const back = new Map<string, number>()
  for (const refund of refunds) {
    for (const line of refund.restock) {
      const key = `${line.product}/${line.variant ?? ''}`
      back.set(key, (back.get(key) ?? 0) + line.count)
    }
  }
  return order.items.map((line) => {
    const variant = line.variant?._id ?? null
    const key = `${line.product._id}/${variant ?? ''}`
    const features = Object.values(line.variant?.features ?? {}).join(', ')
    const returned = Math.min(line.count, back.get(key) ?? 0)
    back.set(key, (back.get(key) ?? 0) - returned)
    // A canceled order's items all went back on sale when it was canceled.
    const out = order.status === 'canceled' ? 0 : line.count - returned
    return { key, product: line.product._id, variant, title: `${line.product.title}${features ? ` (${features})` : ''}`, sold: line.count, out }
  })
}

export type RefundProblems = Partial<Record<'amount' | 'reason' | 'restock' | 'form', string>>

/** The problems of a refund as typed, by field; none when it may be sent. */
export function refundProblems(input: { amount: number | null; reason: string; held: number; items: number }, money: (value: number) => string): RefundProblems {
  const problems: RefundProblems = {}
  if (input.amount === null) problems.amount = 'Enter the amount to give back, like 40 or 40.50 (0 when only items come back).'
  else if (input.amount > input.held) problems.amount = `Enter at most ${money(input.held)}: what was paid and not yet refunded.`
  else if (input.amount === 0 && input.items === 0) problems.amount = 'Enter an amount, or the items that come back.'
  if (input.reason.trim().length < 2) problems.reason = 'Say why, in a few words: the customer reads it.'
  return problems
}
