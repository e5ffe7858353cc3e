/**
 * Reading orders and moving them through the status machine (DESIGN §8).
 *
 * Who may see an order: staff of its shop (dashboard.view), the logged-in buyer (profile), or anyone with
 * the private link's key. Who may move it: staff with orders.move, one step forward or cancel; the buyer
 * (or key holder) may only cancel while it is placed. Anything else is a 409 and nothing changes.
 */
import { type OrderStatus, canTransition, orderStatusLabels, orderSummary } from '@shop/domain'
import type { SQL } from 'drizzle-orm'
import { type ServiceContext, inTransaction } from '../../context'
import { BadRequest, Conflict, Forbidden, HttpError, NotAuthenticated, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { refreshInStock } from '../catalog/inventory.service'
import { notifyStaff, notifyUser } from '../notifications/notify'
import { returnStock } from './order-stock.repository'
import {
  buyerScope,
  findBuyerName,
  findOrder,
  findOrderForUpdate,
  findUnpaidOrdersDue,
  insertOrderEvent,
  listOrderEvents,
  listOrders,
  lockUnpaidOrder,
  markOrderAcked,
  orderQuerySpec,
  setOrderStatus,
  shopScope,
} from './order.repository'
import { isBuyer } from './buyer-access'
import type { LineItem } from '../../db/schema'
import { type OrderRow, orderDto } from './orders.dto'
import type { OrderDto, OrderPatchInput } from './orders.schemas'

type Actor = 'staff' | 'shopper'

/** 401 when there is neither a login nor a key; 404 for an unknown order. */
async function loadOrder(ctx: ServiceContext, id: string, key: string | undefined): Promise<OrderRow> {
  if (!ctx.actor.user && !key) throw NotAuthenticated()
  const order = await findOrder(ctx.db, id)
  if (!order) throw NotFound('No such order')
  return order
}

export async function listShopOrders(
  ctx: ServiceContext,
  query: Record<string, unknown> & { shop?: string; profile?: string },
): Promise<Page<OrderDto>> {
  const { shop, profile, ...rest } = query
  const parsed = parseQuery(orderQuerySpec, rest)
  const user = ctx.actor.requireUser()
  let scope: SQL
  if (profile !== undefined) {
    const profileId = profile.toLowerCase()
    if (profileId !== user.id) {
      // Staff may look at one buyer's orders in their own shop; nobody else sees another's orders.
      if (!shop) throw Forbidden('You can only list your own orders')
      await ctx.actor.authorize(shop, 'dashboard.view')
      scope = buyerScope(profileId, shop)
    } else {
      // A token of one shop's site lists the buyer's orders of that shop only.
      const inShop = shop ?? ctx.actor.tokenShopId ?? undefined
      if (inShop) ctx.actor.requireShopUser(inShop)
      scope = buyerScope(profileId, inShop)
    }
  } else {
    if (!shop) throw BadRequest('Invalid query: shop is required', [{ path: 'shop', message: 'is required (or profile)' }])
    await ctx.actor.authorize(shop, 'dashboard.view')
    scope = shopScope(shop)
  }
  const { rows, total } = await listOrders(ctx.db, scope, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map((row) => orderDto(row)) }
}

export async function getOrder(ctx: ServiceContext, id: string, key: string | undefined): Promise<OrderDto> {
  const order = await loadOrder(ctx, id, key)
  const buyer = isBuyer(ctx.actor, order, key)
  if (!buyer) {
    if (!ctx.actor.user) throw NotFound('No such order')
    await ctx.actor.authorize(order.shopId, 'dashboard.view')
  }
  const dto = orderDto(order, await listOrderEvents(ctx.db, order.id))
  // Staff need to know who they are serving; a buyer knows their own name.
  const customerName = !buyer && order.profileId ? await findBuyerName(ctx.db, order.profileId) : null
  return customerName ? { ...dto, customerName } : dto
}

/** Staff when the caller has orders.move in the shop, else the buyer; anyone else gets 404 (or 403). */
async function actorFor(ctx: ServiceContext, order: OrderRow, key: string | undefined): Promise<Actor> {
  const buyer = isBuyer(ctx.actor, order, key)
  if (!ctx.actor.shopUser(order.shopId)) {
    if (buyer) return 'shopper'
    throw NotFound('No such order')
  }
  try {
    await ctx.actor.authorize(order.shopId, 'orders.move')
    return 'staff'
  } catch (error) {
    if (buyer && error instanceof HttpError && (error.code === 403 || error.code === 404)) return 'shopper'
    throw error
  }
}

/** Gives a canceled order's stock back and refreshes inStock, after the order row's lock (inventory, then products). */
async function restock(tx: ServiceContext, order: OrderRow): Promise<void> {
  const lines = (order.items as LineItem[])
    .filter((line) => line.stockTaken !== false)
    .map((line) => ({ productId: line.product, variantId: line.variant ?? '', count: line.count }))
  const touched = await returnStock(tx.db, order.shopId, lines)
  for (const productId of touched.sort()) await refreshInStock(tx, productId)
}

/**
 * Moves a locked order (the caller checked the move is allowed): the status, its timeline entry, the stock
 * back on cancel, and a notification to a logged-in buyer. Staff, the buyer and the unpaid-order sweep
 * (expire-unpaid-orders.ts) all move orders through here.
 */
export async function recordStatusChange(
  tx: ServiceContext,
  order: OrderRow,
  change: { status: OrderStatus; note: string; actorId: string | null },
): Promise<OrderRow> {
  const at = tx.clock.now()
  const row = await setOrderStatus(tx.db, order.id, change.status, at)
  await insertOrderEvent(tx.db, {
    shopId: order.shopId,
    orderId: order.id,
    status: change.status,
    note: change.note,
    actorId: change.actorId,
    createdAt: at,
  })
  if (change.status === 'canceled') await restock(tx, order)
  if (order.profileId) {
    await notifyUser(tx, order.shopId, order.profileId, {
      type: 'order-status',
      title: `Order ${order.orderId} is ${orderStatusLabels[change.status]}`,
      body: change.note || orderSummary(order.items),
      link: `/account/orders?order=${order.id}`,
    })
  }
  return row
}

export async function changeOrderStatus(
  ctx: ServiceContext,
  id: string,
  key: string | undefined,
  input: OrderPatchInput,
): Promise<OrderDto> {
  const found = await loadOrder(ctx, id, key)
  const actor = await actorFor(ctx, found, key)
  const db = ctx.db
  const updated = await inTransaction(ctx, async (tx) => {
    const order = await findOrderForUpdate(tx.db, found.id)
    if (!order) throw NotFound('No such order')
    if (!canTransition(order.status, input.status, order.delivery.type, actor)) {
      const message =
        actor === 'shopper'
          ? 'You can only cancel an order while it is placed'
          : `Order ${order.orderId} cannot move from ${order.status} to ${input.status}`
      throw Conflict(message, [{ path: 'status', message: `cannot change from ${order.status} to ${input.status}` }])
    }
    const note = input.note?.trim() ?? ''
    const row = await recordStatusChange(tx, order, { status: input.status, note, actorId: ctx.actor.user?.id ?? null })
    if (actor === 'shopper') {
      await notifyStaff(tx, order.shopId, 'orders.move', {
        type: 'order-canceled',
        title: `Order ${order.orderId} was canceled by the buyer`,
        body: note || orderSummary(order.items),
        link: `/admin/orders?order=${order.id}`,
      })
    }
    return row
  })
  return orderDto(updated, await listOrderEvents(db, updated.id))
}

// ---------------------------------------------------------------- for payments

/** An order's row, or null (payments reads the order its attempt belongs to). */
export async function findOrderRow(ctx: ServiceContext, id: string): Promise<OrderRow | null> {
  return findOrder(ctx.db, id)
}

/** Reads and locks the order until the context's transaction ends (after the attempt's lock: attempt, then order). */
export async function lockOrder(tx: ServiceContext, id: string): Promise<OrderRow | null> {
  return findOrderForUpdate(tx.db, id)
}

/** Marks the order paid up front; false when it already was. Inside the transaction that settled its payment. */
export async function ackOrder(tx: ServiceContext, orderId: string): Promise<boolean> {
  return markOrderAcked(tx.db, orderId)
}

/** A note on the order's timeline at its current status (a payment received, say), dated by the context's clock. */
export async function noteOnTimeline(tx: ServiceContext, order: OrderRow, note: string, actorId: string | null): Promise<void> {
  await insertOrderEvent(tx.db, { shopId: order.shopId, orderId: order.id, status: order.status, note, actorId, createdAt: tx.clock.now() })
}

/** Unpaid online orders past their shop's timeout, oldest first (partial index orders_unpaid_idx). */
export async function unpaidOrdersDue(ctx: ServiceContext, limit: number): Promise<{ id: string; timeoutMinutes: number }[]> {
  return findUnpaidOrdersDue(ctx.db, limit)
}

/** Locks an order that is still placed and unpaid (SKIP LOCKED: another process may be expiring it); else null. */
export async function lockUnpaidOrderForExpiry(tx: ServiceContext, id: string): Promise<OrderRow | null> {
  return lockUnpaidOrder(tx.db, id)
}
