/**
 * The SQL that keeps a shop's customers in step with their orders (decision 65): find or create the
 * order's customer by its key and link the order, then recompute the customer's figures from their orders
 * (orders_customer_idx) with the ledger's own SQL (order.repository.ts): paid less refunded, and what is
 * still due by `balanceDue`'s rule. The customers module reads these rows and keeps their note and tags.
 */
import { type SQL, and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { customers, orders } from '../../db/schema'
import { balanceOwed, paidMinor, refundedMinor } from './order.repository'

/**
 * Finds or creates the shop's customer of `key` and links the order to it, in one statement. The upsert
 * locks the customer's row until the transaction ends, so two changes to one customer's orders recompute
 * its figures one after the other.
 */
export async function linkOrderToCustomer(db: Db, order: { id: string; shopId: string; currency: string }, key: string, at: Date): Promise<string> {
  const [row] = await queryRows<{ customer_id: string }>(db, sql`
    with customer as (
      insert into ${customers} (shop_id, key, currency, created_at, updated_at)
      values (${order.shopId}::uuid, ${key}, ${order.currency}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict (shop_id, key) do update set updated_at = excluded.updated_at
      returning id
    )
    update ${orders} set customer_id = (select id from customer)
    where ${orders.id} = ${order.id}::uuid and ${orders.shopId} = ${order.shopId}::uuid
    returning customer_id`)
  return row!.customer_id
}

/** Locks the customer's row until the transaction ends; false when there is no such customer in the shop. */
export async function lockCustomer(db: Db, shopId: string, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.shopId, shopId)))
    .for('update')
  return rows.length > 0
}

/** The newest non-empty value of a column over the customer's orders, or null. */
const newest = (column: typeof orders.customerName | typeof orders.phone | typeof orders.email) =>
  sql`(array_agg(${column} order by ${orders.createdAt} desc) filter (where btrim(${column}) <> ''))[1]`

/** What a text is without the white space at its ends (JavaScript's `trim`'s characters that occur in practice). */
const trimmed = (value: SQL) => sql`btrim(${value}, E' \t\n\r\u00a0')`

/**
 * Recomputes the customer's figures from all their orders (the caller holds the customer's lock), in one
 * statement: orders not canceled, paid less refunded, still due, first and last order, and the name, phone
 * and e-mail of the newest order that gave one (a customer's own stays where no order gave one).
 */
export async function refreshCustomerFigures(db: Db, customerId: string, at: Date): Promise<void> {
  await db.execute(sql`
    update ${customers} set
      orders = f.orders, spent_minor = f.spent_minor, balance_minor = f.balance_minor,
      first_order_at = f.first_order_at, last_order_at = f.last_order_at,
      currency = coalesce(f.currency, ${customers}.currency),
      name = coalesce(${trimmed(sql`f.name`)}, ${customers}.name),
      phone = coalesce(f.phone, ${customers}.phone),
      email = coalesce(${trimmed(sql`f.email`)}, ${customers}.email),
      updated_at = ${at.toISOString()}::timestamptz
    from (
      select
        count(*) filter (where ${orders.status} <> 'canceled') as orders,
        coalesce(sum(${paidMinor} - ${refundedMinor}), 0) as spent_minor,
        coalesce(sum(${balanceOwed}), 0) as balance_minor,
        min(${orders.createdAt}) as first_order_at,
        max(${orders.createdAt}) as last_order_at,
        max(${orders.currency}) as currency,
        ${newest(orders.customerName)} as name,
        ${newest(orders.phone)} as phone,
        ${newest(orders.email)} as email
      from ${orders}
      where ${orders.customerId} = ${customerId}::uuid
    ) f
    where ${customers.id} = ${customerId}::uuid`)
}

/** One customer's orders in the shop (orders_customer_idx). */
export function customerScope(shopId: string, customerId: string): SQL {
  return and(eq(orders.shopId, shopId), eq(orders.customerId, customerId))!
}
