/**
 * What staff may do with an order where it is (docs/architecture.md §8, the domain's status machine): at most one step
 * forward ("Mark as packaged"), and cancel while it is placed, packaged or ready.
 */
import { type DeliveryType, type OrderStatus, allowedTransitions, statusInSentence } from '@shop/domain'

export type OrderActions = {
  next: { status: OrderStatus; label: string } | null
  canCancel: boolean
}

export function orderActions(status: OrderStatus, deliveryType: DeliveryType): OrderActions {
  const allowed = allowedTransitions(status, deliveryType, 'staff')
  const next = allowed.find((target) => target !== 'canceled') ?? null
  return {
    next: next && { status: next, label: `Mark as ${statusInSentence(next)}` },
    canCancel: allowed.includes('canceled'),
  }
}

/** The toast after a change: "Order K3X9 is now packaged" (statuses in sentences are lower case). */
export function movedMessage(orderId: string, status: OrderStatus): string {
  return status === 'canceled' ? `Order ${orderId} was canceled` : `Order ${orderId} is now ${statusInSentence(status)}`
}
