import type { Order } from '@shop/domain/schemas/orders'

/** The order's own page: its private link for a buyer without an account, else the page behind login. */
export function confirmationPath(order: Order): string {
  return order.privateUrl ?? `/orders/${order._id}`
}
