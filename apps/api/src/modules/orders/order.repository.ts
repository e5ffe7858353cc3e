/**
 * The only SQL for orders and their timeline, plus the reads placing an order needs from the shop and the
 * catalog (one query each, whatever the number of lines).
 */
import type { OrderStatus } from '@shop/domain'
import { SHOPPER_LINE_MAX, UNCONFIRMED_ORDERS_PER_BUYER, UNCONFIRMED_ORDER_HOURS, UNPAID_ORDER_TIMEOUT } from '@shop/domain/schemas/shop'
import { type SQL, and, asc, count, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { rowReader, rowValues } from '../../db/table-rows'
import { orderEvents, orders, products, refunds, shopConfigs, shops, transactions, users } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import { type OrderEventRow, type OrderRow, type OrderTenders, type OrderView, noTenders } from './orders.dto'

/** What `GET /api/orders/` may filter and sort by; anything else is a 400. */
export const orderQuerySpec: QuerySpec = {
  fields: {
    _id: { column: orders.id, type: 'uuid' },
    orderId: { column: orders.orderId, type: 'string', search: 'substring', sort: true },
    status: { column: orders.status, type: 'string', sort: true },
    source: { column: orders.source, type: 'string' },
    acked: { column: orders.acked, type: 'boolean' },
    email: { column: orders.email, type: 'string', search: 'substring' },
    'totals.total': { column: orders.totalMinor, type: 'money', sort: true },
    createdAt: { column: orders.createdAt, type: 'date', sort: true },
    updatedAt: { column: orders.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: orders.id,
}

// ---------------------------------------------------------------- shop and catalog reads

export type ShopTerms = {
  shopId: string
  currency: string
  taxRateBps: number
  paymentOptions: { provider: string; enabled: boolean }[]
  /** The most of one item a shopper's checkout or order may hold (decision 52). */
  shopperLineMax: number
  /** Pay-on-delivery orders waiting for the shop's confirmation one phone, e-mail or address may have. */
  unconfirmedOrdersPerBuyer: number
  /** Hours the shop has to confirm a shopper's pay-on-delivery order. */
  unconfirmedOrderHours: number
  /** Which ways of handing orders over the shop offers (at least one). */
  offersPickup: boolean
  offersDelivery: boolean
  /** The pick-up place as the settings hold it now (`findPickupPlace`), for the order's messages. */
  pickup: PickupPlace
}

export type PickupPlace = { address: string; directions: string; hours: string }

export type PricedProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'priceMinor' | 'sellAtMinor' | 'currency' | 'images' | 'variants'
>

/**
 * The shop's currency, tax rate, payment options and limits on shoppers' orders, with its available products
 * among `productIds`, in one query, written as a template (placing an order is a hot path; see db/table-rows.ts); null for an
 * unknown shop.
 */
export async function findShopForPricing(
  db: Db,
  shopId: string,
  productIds: string[],
): Promise<{ terms: ShopTerms; products: PricedProduct[] } | null> {
  const productsJson = productIds.length
    ? sql`(
        select coalesce(json_agg(json_build_object(
          'id', p.id, 'title', p.title, 'priceMinor', p.price_minor, 'sellAtMinor', p.sell_at_minor,
          'currency', p.currency, 'images', p.images, 'variants', p.variants)), '[]'::json)
        from ${products} p
        where p.shop_id = s.id and p.available and p.id in ${productIds})`
    : sql`'[]'::json`
  const [row] = await queryRows<{
    currency: string
    tax_rate_bps: number | null
    payment_options: ShopTerms['paymentOptions'] | null
    shopper_line_max: number | null
    unconfirmed_orders_per_buyer: number | null
    unconfirmed_order_hours: number | null
    offers_pickup: boolean | null
    offers_delivery: boolean | null
    pickup_address: string | null
    pickup_directions: string | null
    pickup_hours: string | null
    products: PricedProduct[]
  }>(db, sql`
    select s.currency, c.tax_rate_bps, c.payment_options, c.shopper_line_max, c.unconfirmed_orders_per_buyer,
      c.unconfirmed_order_hours, c.offers_pickup, c.offers_delivery, c.pickup_address, c.pickup_directions, c.pickup_hours,
      ${productsJson} as products
    from ${shops} s left join ${shopConfigs} c on c.shop_id = s.id
    where s.id = ${shopId}::uuid`)
  if (!row) return null
  return {
    terms: {
      shopId,
      currency: row.currency,
      taxRateBps: row.tax_rate_bps ?? 0,
      paymentOptions: row.payment_options ?? [],
      shopperLineMax: row.shopper_line_max ?? SHOPPER_LINE_MAX.default,
      unconfirmedOrdersPerBuyer: row.unconfirmed_orders_per_buyer ?? UNCONFIRMED_ORDERS_PER_BUYER.default,
      unconfirmedOrderHours: row.unconfirmed_order_hours ?? UNCONFIRMED_ORDER_HOURS.default,
      offersPickup: row.offers_pickup ?? true,
      offersDelivery: row.offers_delivery ?? true,
      pickup: { address: row.pickup_address ?? '', directions: row.pickup_directions ?? '', hours: row.pickup_hours ?? '' },
    },
    products: row.products,
  }
}

/** The shop's pick-up place as its settings hold it now ('' for what it has not said). */
export async function findPickupPlace(db: Db, shopId: string): Promise<PickupPlace> {
  const [row] = await db
    .select({ address: shopConfigs.pickupAddress, directions: shopConfigs.pickupDirections, hours: shopConfigs.pickupHours })
    .from(shopConfigs)
    .where(eq(shopConfigs.shopId, shopId))
    .limit(1)
  return row ?? { address: '', directions: '', hours: '' }
}

// ---------------------------------------------------------------- orders

export type NewOrder = typeof orders.$inferInsert

/**
 * Serializes requests that carry the same Idempotency-Key for a shop until the transaction ends, so the
 * second one finds the first one's order instead of competing with it for stock and codes.
 */
export async function lockIdempotencyKey(tx: Db, shopId: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${shopId}:${key}`}, 0))`)
}

export async function findOrderByIdempotencyKey(db: Db, shopId: string, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.idempotencyKey, key)))
    .limit(1)
  return row ?? null
}

const readOrder = rowReader(orders)
const readOrderEvent = rowReader(orderEvents)

/**
 * Inserts a new order and its 'placed' timeline entry in one statement, written as a template (placing an
 * order is a hot path; see db/table-rows.ts). Null when the human order id is already taken in the shop:
 * the caller draws another.
 */
export async function insertPlacedOrder(
  db: Db,
  values: NewOrder,
  actorId: string | null,
): Promise<{ order: OrderRow; event: OrderEventRow } | null> {
  const [row] = await queryRows<{ order: Record<string, unknown>; event: Record<string, unknown> }>(db, sql`
    with inserted as (
      insert into ${orders} ${rowValues(orders, values)}
      on conflict (shop_id, order_id) do nothing
      returning *
    ), event as (
      insert into ${orderEvents} (shop_id, order_id, status, actor_id, created_at)
      select shop_id, id, status, ${actorId}::uuid, created_at from inserted
      returning *
    )
    select to_json(inserted) as "order", to_json(event) as event from inserted join event on event.order_id = inserted.id`)
  return row ? { order: readOrder(row.order), event: readOrderEvent(row.event) } : null
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row ?? null
}

/** What the order's payments received: its successful attempts and the payments staff recorded (transactions_order_idx). */
// Spelled out: in a one-table select Drizzle leaves columns unqualified, which would bind "id" to transactions.
export const paidMinor = sql<number>`coalesce((
  select sum(t.amount_minor) from ${transactions} t
  where t.order_id = ${orders}.id and t.status = 'success'), 0)::bigint`.mapWith(Number)

/** Its refunds given or under way, and of those the ones a provider has not confirmed yet (refunds_order_idx). */
export const refundedMinor = sql<number>`coalesce((
  select sum(r.amount_minor) from ${refunds} r
  where r.order_id = ${orders}.id and r.status in ('pending', 'succeeded')), 0)::bigint`.mapWith(Number)
const refundPendingMinor = sql<number>`coalesce((
  select sum(r.amount_minor) from ${refunds} r
  where r.order_id = ${orders}.id and r.status = 'pending'), 0)::bigint`.mapWith(Number)

/** The order row and its tenders' sums: what `ledgerOf` turns into the order's ledger. */
const orderView = { ...getTableColumns(orders), paidMinor, refundedMinor, refundPendingMinor }

/**
 * Orders with money still to collect, as the ledger's `balanceMinor` says (decision 57): not canceled, and
 * owing more, tax in, than was paid (a refund gives back, it never makes an order owe again). `total_minor`
 * is docs/product.md §9's order total, the ledger's `totalExTaxMinor`.
 */
export const balanceDue = sql`(${orders.status} <> 'canceled' and ${orders.totalMinor} + ${orders.taxMinor} > ${paidMinor})`

/** What is still to collect on the order (the ledger's `balanceMinor`): by `balanceDue`'s rule, else 0. */
export const balanceOwed = sql`(case when ${balanceDue} then ${orders.totalMinor} + ${orders.taxMinor} - ${paidMinor} else 0 end)`

/**
 * Orders with money to give back, as the ledger's `refundDueMinor` says (decision 59): canceled ones still
 * holding some of what was paid, standing ones holding more than they owe, tax in.
 */
export const refundDue = sql`(${paidMinor} - ${refundedMinor} > case when ${orders.status} = 'canceled' then 0 else ${orders.totalMinor} + ${orders.taxMinor} end)`

/** The sums of the order's tenders alone (all 0 for no such order). */
export async function findOrderTenders(db: Db, id: string): Promise<OrderTenders> {
  const [row] = await db.select({ paidMinor, refundedMinor, refundPendingMinor }).from(orders).where(eq(orders.id, id)).limit(1)
  return row ?? noTenders
}

/** The order with what it has been paid and refunded, as its answers show it. */
export async function findOrderView(db: Db, id: string): Promise<OrderView | null> {
  const [row] = await db.select(orderView).from(orders).where(eq(orders.id, id)).limit(1)
  return row ?? null
}

/** The name on a buyer's account, or null when it is gone or empty. */
export async function findBuyerName(db: Db, profileId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, profileId)).limit(1)
  return row?.name || null
}

/** Reads and locks the order until the transaction ends, so status changes happen one at a time. */
export async function findOrderForUpdate(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update')
  return row ?? null
}

export async function setOrderStatus(db: Db, id: string, status: OrderStatus, at: Date): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    // A final status ends the private key's keeping for messages (decision 38).
    .set({ status, updatedAt: at, ...(status === 'delivered' || status === 'canceled' ? { messageKey: null } : {}) })
    .where(eq(orders.id, id))
    .returning()
  return row!
}

/** Marks the order paid up front; false when it already was. */
export async function markOrderAcked(db: Db, orderId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ acked: true, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.acked, false)))
    .returning({ id: orders.id })
  return rows.length > 0
}

export async function setOrderItems(db: Db, id: string, items: OrderRow['items']): Promise<OrderRow> {
  const [row] = await db.update(orders).set({ items }).where(eq(orders.id, id)).returning()
  return row!
}

/** What an order edit rewrites: its lines, delivery, discounts and the amounts computed from them. */
export type EditedOrder = Pick<
  OrderRow,
  | 'items'
  | 'delivery'
  | 'discount'
  | 'discountCodeId'
  | 'subtotalMinor'
  | 'taxMinor'
  | 'deliveryMinor'
  | 'discountMinor'
  | 'adjustmentMinor'
  | 'adjustmentReason'
  | 'promotions'
  | 'promotionMinor'
  | 'deliveryWaivedMinor'
  | 'totalMinor'
  | 'updatedAt'
>

export async function setOrderCharges(db: Db, id: string, charges: EditedOrder): Promise<OrderRow> {
  const [row] = await db.update(orders).set(charges).where(eq(orders.id, id)).returning()
  return row!
}

/** The text staff search (number, name, e-mail, phone): the expression orders_shop_search_trgm_idx indexes. */
const searchText = sql`lower(${orders.orderId} || ' ' || ${orders.customerName} || ' ' || ${orders.email} || ' ' || ${orders.phone})`

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Orders whose number, name, e-mail or phone contains any of `terms` (the words as typed, and the phone in
 * international form when they are one). A substring LIKE that the trigram index answers.
 */
export function searchScope(scope: SQL, terms: string[]): SQL {
  if (!terms.length) return scope
  return and(scope, or(...terms.map((term) => sql`${searchText} like ${likePattern(term)}`)))!
}

/** One page of orders matching `scope` (the tenant or the buyer) and the parsed filters. */
export async function listOrders(db: Db, scope: SQL, parsed: ParsedQuery): Promise<{ rows: OrderView[]; total: number }> {
  const where = and(scope, parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select(orderView).from(orders).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as OrderView[]),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/** Every order matching `scope` and the filters, in their order, up to `max` (the CSV export). */
/** Where a newest-first read of orders stopped: the last order's exact time (as the database keeps it) and id. */
export type OrderCursor = { createdAt: string; id: string }

/**
 * The next `limit` orders of the scope and filters, newest first, after `cursor` (orders_shop_created_idx).
 * Read a page at a time, a long export leaves the connection to other requests between pages.
 */
export async function ordersNewestFirst(
  db: Db,
  scope: SQL,
  parsed: ParsedQuery,
  cursor: OrderCursor | null,
  limit: number,
): Promise<{ rows: OrderView[]; cursor: OrderCursor | null }> {
  const after = cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined
  const found = await db
    .select({ ...orderView, exactTime: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(and(scope, parsed.where, after))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
  const last = found.at(-1)
  return {
    rows: found.map(({ exactTime: _, ...row }) => row),
    cursor: last && found.length === limit ? { createdAt: last.exactTime, id: last.id } : null,
  }
}

export function shopScope(shopId: string): SQL {
  return eq(orders.shopId, shopId)
}

export function buyerScope(profileId: string, shopId?: string): SQL {
  return and(eq(orders.profileId, profileId), shopId ? eq(orders.shopId, shopId) : undefined) as SQL
}

// ---------------------------------------------------------------- timeline

export type NewOrderEvent = typeof orderEvents.$inferInsert

export async function insertOrderEvent(db: Db, values: NewOrderEvent): Promise<OrderEventRow> {
  const [row] = await db.insert(orderEvents).values(values).returning()
  return row!
}

export async function listOrderEvents(db: Db, shopId: string, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.shopId, shopId), eq(orderEvents.orderId, orderId)))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
}

// ---------------------------------------------------------------- unpaid orders (background worker)

/**
 * Orders still waiting for their online payment past their shop's timeout (shop_configs, 30 minutes for a
 * shop without settings), oldest first. Reads orders_unpaid_idx: only placed, unacked orders, from the
 * oldest up to the shortest timeout any shop may set (shop_configs_unpaid_timeout_check). Across shops, so only for the background worker.
 */
export function unpaidOrdersDueQuery(db: Db, limit: number) {
  const timeout = sql<number>`coalesce(${shopConfigs.unpaidOrderTimeoutMinutes}, ${UNPAID_ORDER_TIMEOUT.default})`
  return db
    .select({ id: orders.id, timeoutMinutes: timeout })
    .from(orders)
    .leftJoin(shopConfigs, eq(shopConfigs.shopId, orders.shopId))
    .where(
      and(
        sql`${orders.status} = 'placed' and not ${orders.acked}`,
        lt(orders.createdAt, sql`now() - make_interval(mins => ${UNPAID_ORDER_TIMEOUT.min})`),
        lt(orders.createdAt, sql`now() - make_interval(mins => ${timeout})`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
}

export async function findUnpaidOrdersDue(db: Db, limit: number): Promise<{ id: string; timeoutMinutes: number }[]> {
  return unpaidOrdersDueQuery(db, limit)
}

/**
 * Locks the order if it is still placed and unpaid; null when it was paid or moved meanwhile, or another
 * process is expiring it right now (SKIP LOCKED), so each order is expired once.
 */
export async function lockUnpaidOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), sql`${orders.status} = 'placed' and not ${orders.acked}`))
    .limit(1)
    .for('update', { skipLocked: true })
  return row ?? null
}

// ---------------------------------------------------------------- unconfirmed pay-on-delivery orders (decision 52)

/** Still waiting for the shop: placed, with a deadline, and no payment received (staff recording one confirms it). */
const waitingForShop = sql`${orders.status} = 'placed' and ${orders.confirmBy} is not null and not exists (
  select 1 from ${transactions} t
  where t.shop_id = ${orders.shopId} and t.order_id = ${orders.id} and t.status = 'success')`

/** How the cap compares delivery addresses: case and runs of white space do not matter, nor spaces around. */
const addressKey = (address: SQL) => sql`btrim(regexp_replace(lower(${address}), '[[:space:]]+', ' ', 'g'))`

/** A buyer's phone, e-mail and address; '' or null for one they did not give (a phone-only buyer has no e-mail). */
export type BuyerKeys = { phone: string | null; email: string; address: string | null }

/**
 * Serializes placements of pay-on-delivery orders that share the buyer's phone, e-mail or address in a shop
 * until the transaction ends, so racing orders cannot all pass the cap. The keys are locked in one order,
 * whatever the request, so two placements never wait for each other in a circle.
 */
export async function lockBuyerKeys(tx: Db, shopId: string, keys: BuyerKeys): Promise<void> {
  const phone = keys.phone || null
  const email = keys.email.trim() || null
  const address = keys.address?.trim() ? keys.address : null
  await tx.execute(sql`
    select pg_advisory_xact_lock(key) from (
      select hashtextextended(${`unconfirmed:${shopId}:`} || name, 0) as key
      from unnest(array[
        'phone:' || ${phone}::text,
        'email:' || lower(btrim(${email}::text)),
        'address:' || ${addressKey(sql`${address}::text`)}
      ]) as name
      where name is not null
      order by key
    ) as keys`)
}

/**
 * The shop's pay-on-delivery orders still waiting for its confirmation within their deadline, counted for
 * each of the buyer's phone, e-mail (any case) and delivery address (compared as `addressKey` says). The
 * shop's placed orders come from orders_shop_status_idx.
 */
export async function countWaitingOrders(db: Db, shopId: string, keys: BuyerKeys, now: Date): Promise<Record<'phone' | 'email' | 'address', number>> {
  const phone = keys.phone || null
  // No e-mail is nobody's: phone-only buyers are told apart by their phones.
  const email = keys.email.trim() || null
  const address = keys.address?.trim() ? keys.address : null
  const addressOf = addressKey(sql`${orders.delivery}->>'address'`)
  const byPhone = sql`${orders.phone} = ${phone}`
  const byEmail = sql`lower(btrim(${orders.email})) = lower(btrim(${email}::text))`
  const byAddress = sql`${addressOf} = ${addressKey(sql`${address}::text`)}`
  const [row] = await queryRows<{ phone: number; email: number; address: number }>(db, sql`
    select count(*) filter (where ${byPhone})::int as phone,
      count(*) filter (where ${byEmail})::int as email,
      count(*) filter (where ${byAddress})::int as address
    from ${orders}
    where ${orders.shopId} = ${shopId} and ${waitingForShop} and ${orders.confirmBy} > ${now.toISOString()}::timestamptz
      and (${byPhone} or ${byEmail} or ${byAddress})`)
  return { phone: row?.phone ?? 0, email: row?.email ?? 0, address: row?.address ?? 0 }
}

/**
 * Pay-on-delivery orders whose deadline passed without the shop's confirmation, soonest due first, across
 * shops (the background worker only). Reads orders_unconfirmed_idx: placed orders with a deadline.
 */
export function unconfirmedOrdersDueQuery(db: Db, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(waitingForShop, lt(orders.confirmBy, sql`now()`)))
    .orderBy(asc(orders.confirmBy))
    .limit(limit)
}

export async function findUnconfirmedOrdersDue(db: Db, limit: number): Promise<string[]> {
  return (await unconfirmedOrdersDueQuery(db, limit)).map((row) => row.id)
}

/**
 * Locks the order if it is still placed and past its deadline; null when staff moved it meanwhile or another
 * process is canceling it right now (SKIP LOCKED), so each order is canceled once. A payment is checked by
 * the caller once the lock is held: staff record one only under the same lock.
 */
export async function lockUnconfirmedOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), sql`${orders.status} = 'placed' and ${orders.confirmBy} < now()`))
    .limit(1)
    .for('update', { skipLocked: true })
  return row ?? null
}

/** Units the order's refunds put back on sale (decision 59), summed per product and variant ('' for none). */
export async function findReturnedUnits(db: Db, orderId: string): Promise<{ product: string; variant: string; count: number }[]> {
  const rows = await queryRows<{ product: string; variant: string; count: number }>(
    db,
    sql`
      select line->>'product' as product, coalesce(line->>'variant', '') as variant, sum((line->>'count')::int)::int as count
      from ${refunds} r cross join lateral jsonb_array_elements(r.restock) as line
      where r.order_id = ${orderId}::uuid
      group by 1, 2`,
  )
  return rows.map((row) => ({ product: row.product, variant: row.variant, count: Number(row.count) }))
}
