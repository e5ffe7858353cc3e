/**
 * The order status machine (docs/architecture.md §8): one step forward at a time — placed → packaged → ready →
 * dispatched → delivered, where pick-up orders go from ready straight to delivered — and cancel from
 * placed, packaged or ready. Staff may do any allowed move; the shopper may only cancel while placed.
 */
export const orderStatuses = ['placed', 'packaged', 'ready', 'dispatched', 'delivered', 'canceled'] as const
export type OrderStatus = (typeof orderStatuses)[number]
export type DeliveryType = 'pick-up' | 'dispatch'

export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: 'Placed',
  packaged: 'Packaged',
  ready: 'Ready',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  canceled: 'Canceled',
}

/**
 * A status inside a sentence, in lower case as every sentence writes it ("Order K3X9 is ready",
 * "is now packaged"); the labels above are for badges, filters and headings.
 */
export function statusInSentence(status: OrderStatus): string {
  return orderStatusLabels[status].toLowerCase()
}

const cancelable: readonly OrderStatus[] = ['placed', 'packaged', 'ready']

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value)
}

export function nextStatus(status: OrderStatus, deliveryType: DeliveryType): OrderStatus | null {
  switch (status) {
    case 'placed':
      return 'packaged'
    case 'packaged':
      return 'ready'
    case 'ready':
      return deliveryType === 'pick-up' ? 'delivered' : 'dispatched'
    case 'dispatched':
      return 'delivered'
    default:
      return null
  }
}

/** The statuses an actor may move an order to from where it is. */
export function allowedTransitions(status: OrderStatus, deliveryType: DeliveryType, actor: 'staff' | 'shopper'): OrderStatus[] {
  if (actor === 'shopper') return status === 'placed' ? ['canceled'] : []
  const next = nextStatus(status, deliveryType)
  return [...(next ? [next] : []), ...(cancelable.includes(status) ? (['canceled'] as const) : [])]
}

export function canTransition(from: OrderStatus, to: OrderStatus, deliveryType: DeliveryType, actor: 'staff' | 'shopper'): boolean {
  return allowedTransitions(from, deliveryType, actor).includes(to)
}

/**
 * The overview's to-do list: the orders still in the shop's hands, named by the step staff take next
 * (nextStatus): placed orders are packed, packaged ones made ready, ready ones dispatched (delivery) or
 * handed over (pick-up). Dispatched orders are with the rider, so nothing is left to do in the shop.
 */
export const orderTodos = [
  { status: 'placed', label: 'To pack', hint: 'New orders: pack them, then mark them packaged' },
  { status: 'packaged', label: 'To make ready', hint: 'Packed: mark them ready once set for the rider or pick-up' },
  { status: 'ready', label: 'To dispatch or hand over', hint: 'Ready: send them out or hand them to the buyer' },
] as const satisfies readonly { status: OrderStatus; label: string; hint: string }[]

/** docs/product.md §9: the first item's title, plus 'and N other items' when there are more. */
export function orderSummary(items: readonly { title: string }[]): string {
  const [first, ...rest] = items
  if (!first) return ''
  if (rest.length === 0) return first.title
  return `${first.title} and ${rest.length} other ${rest.length === 1 ? 'item' : 'items'}`
}
