/**
 * Every order belongs to one customer of its shop (decision 65): the buyer's phone in international form,
 * or, for a buyer who gave none, their e-mail (`email:` and the address in lower case). An order with
 * neither has no customer. `syncCustomer` runs inside the transaction of everything that changes an order's
 * money or status (placement, a payment, a refund, an edit, a move or cancel, the sweeps), after the order's
 * own lock, so the customer's figures always say what their orders say.
 */
import type { ServiceContext } from '../../context'
import { parseQuery } from '../../lib/feathers-query'
import { normalizedPhone } from './contact'
import { customerScope, linkOrderToCustomer, lockCustomer, refreshCustomerFigures } from './order-customer.repository'
import { listOrders, orderQuerySpec } from './order.repository'
import { type OrderRow, orderDto } from './orders.dto'
import type { OrderDto } from './orders.schemas'

/** The customer key of a buyer's contact: the phone, else `email:` and the address; null with neither. */
export function customerKey(contact: { phone: string | null; email: string | null }): string | null {
  const phone = contact.phone?.trim() ? (normalizedPhone(contact.phone) ?? contact.phone.trim()) : null
  if (phone) return phone
  const email = contact.email?.trim().toLowerCase()
  return email ? `email:${email}` : null
}

export type CustomerOrder = Pick<OrderRow, 'id' | 'shopId' | 'phone' | 'email' | 'currency' | 'customerId'>

/** Links the order to its customer (made on its first order) and recomputes that customer's figures. */
export async function syncCustomer(tx: ServiceContext, order: CustomerOrder): Promise<void> {
  const at = tx.clock.now()
  let customerId = order.customerId && (await lockCustomer(tx.db, order.shopId, order.customerId)) ? order.customerId : null
  if (!customerId) {
    const key = customerKey(order)
    if (!key) return
    customerId = await linkOrderToCustomer(tx.db, order, key, at)
  }
  await refreshCustomerFigures(tx.db, customerId, at)
}

/**
 * A customer's orders in their shop, newest first, as the orders list answers them (the customers module
 * shows them on the customer; the caller checked the staff's right to the shop), and how many there are.
 */
export async function listCustomerOrders(ctx: ServiceContext, shopId: string, customerId: string, limit: number): Promise<{ total: number; data: OrderDto[] }> {
  const { rows, total } = await listOrders(ctx.db, customerScope(shopId, customerId), parseQuery(orderQuerySpec, { $limit: limit }))
  return { total, data: rows.map((row) => orderDto(row)) }
}
