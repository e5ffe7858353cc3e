/**
 * The only SQL of the customers module: reading a shop's customers (searched with the trigram index over
 * name, phone and e-mail, customers_shop_search_trgm_idx) and writing the shop's note and tags. Their figures
 * are written by the orders module as their orders change (orders/order-customer.repository.ts).
 */
import { type SQL, and, count, eq, gt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type CustomerRow = typeof customers.$inferSelect

/** What `GET /api/customers/` may filter and sort by; anything else is a 400. */
export const customerQuerySpec: QuerySpec = {
  fields: {
    name: { column: customers.name, type: 'string', sort: true },
    orders: { column: customers.orders, type: 'integer', sort: true },
    spent: { column: customers.spentMinor, type: 'money', sort: true },
    balance: { column: customers.balanceMinor, type: 'money', sort: true },
    firstOrderAt: { column: customers.firstOrderAt, type: 'date', sort: true },
    lastOrderAt: { column: customers.lastOrderAt, type: 'date', sort: true },
  },
  defaultSort: { lastOrderAt: -1 },
  tieBreaker: customers.id,
}

export function shopCustomers(shopId: string): SQL {
  return eq(customers.shopId, shopId)
}

/** Customers who still owe the shop money (customers_shop_owing_idx). */
export const owing: SQL = gt(customers.balanceMinor, 0)

/** The text staff search: the expression customers_shop_search_trgm_idx indexes. */
const searchText = sql`lower(${customers.name} || ' ' || ${customers.phone} || ' ' || ${customers.email})`

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Customers whose name, phone or e-mail contains any of `terms`: a substring LIKE the trigram index answers. */
export function searchScope(scope: SQL, terms: string[]): SQL {
  if (!terms.length) return scope
  return and(scope, or(...terms.map((term) => sql`${searchText} like ${likePattern(term)}`)))!
}

export async function listCustomers(db: Db, scope: SQL, parsed: ParsedQuery): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = and(scope, parsed.where)
  // Customers who never ordered (none yet) sort last either way.
  const orderBy = parsed.orderBy.map((part) => sql`${part} nulls last`)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(customers).where(where).orderBy(...orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as CustomerRow[]),
    db.select({ total: count() }).from(customers).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
  return row ?? null
}

export async function updateCustomerNotes(db: Db, id: string, values: { note?: string; tags?: string[]; updatedAt: Date }): Promise<CustomerRow> {
  const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning()
  return row!
}
