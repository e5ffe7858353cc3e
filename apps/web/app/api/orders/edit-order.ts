import type { DeliveryInput, ItemInput, ManualDiscountInput } from '@shop/domain/schemas/order-input'
import type { Order } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'

/** What an edit changes: the whole new list of lines, a new delivery, a manual discount (null removes it). */
export type OrderEditInput = {
  items?: ItemInput[]
  delivery?: DeliveryInput
  adjustment?: ManualDiscountInput | null
  /** Answer the order as the edit would make it, changing nothing. */
  preview?: boolean
}

/**
 * Edits a placed or packaged order (`PATCH /api/orders/{id}` without a status): staff who move orders;
 * the manual discount for managers and up. 409 naming `items.N` when a line is short of stock.
 */
export function editOrder(client: ApiClient, id: string, input: OrderEditInput): Promise<Order> {
  return client.patch<Order>(`/api/orders/${encodeURIComponent(id)}`, input)
}
