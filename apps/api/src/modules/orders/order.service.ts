/**
 * Reading orders and moving them through the status machine (docs/architecture.md §8).
 *
 * Who may see an order: staff of its shop (dashboard.view), the logged-in buyer (profile), or anyone with
 * the private link's key. Who may move it: staff with orders.move, one step forward or cancel; the buyer
 * (or key holder) may only cancel while it is placed. Anything else is a 409 and nothing changes.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type OrderLedger, type OrderStatus, canTransition, formatMinor, nextStatus, orderStatusLabels, orderSummary, statusInSentence } from '@shop/domain'
import { parsePhone } from '@shop/domain/phone'
import type { Message } from '@shop/domain/schemas/messages'
import { type SQL, and } from 'drizzle-orm'
import { type ServiceContext, inTransaction } from '../../context'
import { BadRequest, Conflict, Forbidden, HttpError, NotAuthenticated, NotFound } from '../../lib/errors'
import { type Page, type ParsedQuery, parseQuery } from '../../lib/feathers-query'
import { notifyStaff, notifyUser } from '../notifications/notify'
import { giveStockBack } from './order-stock'
import { syncCustomer } from './order-customer'
import { orderMessages, resendMessage, sendBuyerCanceledAlert, sendNotConfirmedMessage, sendStatusMessage } from './order-messages'
import {
  balanceDue,
  refundDue,
  buyerScope,
  findBuyerName,
  findOrder,
  findOrderForUpdate,
  findOrderTenders,
  findOrderView,
  findReturnedUnits,
  findUnconfirmedOrdersDue,
  findUnpaidOrdersDue,
  insertOrderEvent,
  type OrderCursor,
  ordersNewestFirst,
  listOrderEvents,
  listOrders,
  lockUnconfirmedOrder,
  lockUnpaidOrder,
  markOrderAcked,
  orderQuerySpec,
  searchScope,
  setOrderStatus,
  shopScope,
} from './order.repository'
import { isBuyer } from './buyer-access'
import { payLinkOf, staffPayLinkOrigin } from './pay-links'
import { type OrderRow, type OrderView, ledgerOf, orderDto } from './orders.dto'
import type { OrderDto, OrderMoveResult, OrderMovesInput, OrderPatchInput } from './orders.schemas'

type Actor = 'staff' | 'shopper'

/** 401 when there is neither a login nor a key; 404 for an unknown order. */
async function loadOrder(ctx: ServiceContext, id: string, key: string | undefined): Promise<OrderRow> {
  if (!ctx.actor.user && !key) throw NotAuthenticated()
  const order = await findOrder(ctx.db, id)
  if (!order) throw NotFound('No such order')
  return order
}

export type OrderListQuery = Record<string, unknown> & { shop?: string; profile?: string; q?: string; unpaid?: 'true'; refundDue?: 'true' }

/**
 * Who may list what, and the filters: a shop's orders for its staff (`shop`), a buyer's own (`profile` =
 * the caller, optionally in one shop), or one buyer's orders in the shop for its staff. `q` searches the
 * number, name, e-mail and phone.
 */
async function orderListScope(ctx: ServiceContext, query: OrderListQuery) {
  const { shop, profile, q, unpaid, refundDue: owedBack, ...rest } = query
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
  if (unpaid === 'true') scope = and(scope, balanceDue)!
  if (owedBack === 'true') scope = and(scope, refundDue)!
  // Staff lists carry pay links (a buyer's own list never does).
  const staffShop = shop && (profile === undefined || profile.toLowerCase() !== user.id) ? shop : null
  return { scope: searchScope(scope, searchTerms(q)), parsed, staffShop }
}

/** The words as typed and, when they are a phone number, its international form (how phones are stored). */
function searchTerms(q: string | undefined): string[] {
  const text = q?.trim() ?? ''
  if (!text) return []
  const phone = /\d/.test(text) ? parsePhone(text) : null
  return phone?.ok && phone.phone !== text ? [text, phone.phone] : [text]
}

export async function listShopOrders(ctx: ServiceContext, query: OrderListQuery): Promise<Page<OrderDto>> {
  const { scope, parsed, staffShop } = await orderListScope(ctx, query)
  const { rows, total } = await listOrders(ctx.db, scope, parsed)
  const payOrigin = staffShop ? await staffPayLinkOrigin(ctx, staffShop) : null
  // Staff lists (a shop's orders, or one buyer's in it) show every contact; a buyer's own list hides a sharer's.
  const staff = query.shop !== undefined && (await ctx.actor.callerRole(query.shop)) !== null
  return {
    total,
    limit: parsed.limit,
    skip: parsed.skip,
    data: rows.map((row) => withPayLink(orderDto(row, undefined, { staff }), payLinkOf(payOrigin, row))),
  }
}

/** The CSV export: every order the list's filters match (the list's own rules of who sees what), newest first. */
/**
 * A shop's orders for its CSV (`GET /api/orders.csv`): the caller's right to them is checked first, then
 * the orders come newest first a page at a time, at most MAX_EXPORT_ROWS, so the answer streams out as it
 * is read and no request holds the whole list (or PGlite's one connection) at once.
 */
export async function exportShopOrders(ctx: ServiceContext, query: OrderListQuery & { shop: string }): Promise<AsyncIterable<OrderView[]>> {
  const { scope, parsed } = await orderListScope(ctx, query)
  return exportPages(ctx, scope, parsed)
}

async function* exportPages(ctx: ServiceContext, scope: SQL, parsed: ParsedQuery): AsyncGenerator<OrderView[]> {
  let read = 0
  let cursor: OrderCursor | null = null
  do {
    // PGlite answers a query without giving the event loop a turn: other requests go between pages.
    if (read) await nextTurn()
    const page = await ordersNewestFirst(ctx.db, scope, parsed, cursor, Math.min(EXPORT_PAGE, MAX_EXPORT_ROWS - read))
    read += page.rows.length
    cursor = page.cursor
    yield page.rows
  } while (cursor && read < MAX_EXPORT_ROWS)
}

/** Orders read at a time by an export: a few tens of milliseconds of decoding on PGlite. */
const EXPORT_PAGE = 500

/** The most orders one CSV holds; narrow the dates for more. */
export const MAX_EXPORT_ROWS = 10_000

export async function getOrder(ctx: ServiceContext, id: string, key: string | undefined): Promise<OrderDto> {
  const order = await loadOrder(ctx, id, key)
  const buyer = isBuyer(ctx.actor, order, key)
  if (!buyer) {
    if (!ctx.actor.user) throw NotFound('No such order')
    await ctx.actor.authorize(order.shopId, 'dashboard.view')
  }
  return viewOrder(ctx, order.id, key)
}

/** The answer with its pay link, when it has one (staff answers of an order with money due). */
function withPayLink(dto: OrderDto, payLink: string | undefined): OrderDto {
  return payLink ? { ...dto, payLink } : dto
}

/**
 * One order's full answer: with what it was paid and its timeline, and for its shop's staff (not opened with
 * a buyer's `key`) its pay link while money is due. An order placed before names were asked shows the name
 * on the buyer's account.
 */
async function viewOrder(ctx: ServiceContext, id: string, key?: string): Promise<OrderDto> {
  const view = await findOrderView(ctx.db, id)
  if (!view) throw NotFound('No such order')
  const payOrigin = key ? null : await staffPayLinkOrigin(ctx, view.shopId)
  const staff = (await ctx.actor.callerRole(view.shopId)) !== null
  const dto = withPayLink(orderDto(view, await listOrderEvents(ctx.db, view.shopId, id), { staff }), payLinkOf(payOrigin, view))
  if (!dto.customerName && view.profileId) dto.customerName = (await findBuyerName(ctx.db, view.profileId)) ?? ''
  return dto
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
  if (change.status === 'canceled') await giveStockBack(tx, order.shopId, await stockStillOut(tx, order))
  await syncCustomer(tx, row)
  await sendStatusMessage(tx, order, change.status, change.note)
  if (order.profileId) {
    await notifyUser(tx, order.shopId, order.profileId, {
      type: 'order-status',
      title: `Order ${order.orderId} is ${statusInSentence(change.status)}`,
      body: change.note || orderSummary(order.items),
      link: `/account/orders?order=${order.id}`,
    })
  }
  return row
}

/** The refusal of a move to delivered while money is due: a 409 whose field is `deliveredUnpaid`. */
const balanceDuePath = 'deliveredUnpaid'

/**
 * Money owed is never lost (decision 57): an order with a balance due reaches delivered only when staff
 * confirm it goes delivered unpaid, else a 409 saying what is due. Answers the timeline's note of that
 * confirmation, or null when nothing is due.
 */
async function deliveredUnpaidNote(tx: ServiceContext, order: OrderRow, confirmed: boolean): Promise<string | null> {
  const { balanceMinor } = await orderLedgerNow(tx, order)
  if (balanceMinor === 0) return null
  const due = formatMinor(balanceMinor, order.currency)
  if (!confirmed) {
    throw Conflict(`${due} is still due on order ${order.orderId}. Record the payment first, or mark it delivered unpaid.`, [
      { path: balanceDuePath, message: `${due} is still due` },
    ])
  }
  const user = tx.actor.user
  return `Delivered with ${due} unpaid — confirmed by ${user?.name.trim() || user?.email || 'staff'}`
}

/** What staff hear when a buyer cancels: what was paid, and so what is to refund. */
async function buyerCanceledBody(tx: ServiceContext, canceled: OrderRow, note: string): Promise<string> {
  const ledger = await orderLedgerNow(tx, canceled)
  const said = note || orderSummary(canceled.items)
  if (ledger.refundDueMinor === 0) return `${said} · Nothing was paid: nothing to refund`
  const paid = formatMinor(ledger.netPaidMinor, canceled.currency)
  return `${said} · ${paid} was paid: refund ${formatMinor(ledger.refundDueMinor, canceled.currency)}`
}

/**
 * Moves the order to `status` under its row lock, if the status machine lets `actor` do so from where it is
 * now (else a 409 and nothing changes), and, to delivered with a balance due, only with `deliveredUnpaid`.
 * A buyer's cancel also tells staff, with what is to refund.
 */
async function moveOrder(ctx: ServiceContext, id: string, actor: Actor, status: OrderStatus, note: string, deliveredUnpaid = false): Promise<OrderRow> {
  return inTransaction(ctx, async (tx) => {
    const order = await findOrderForUpdate(tx.db, id)
    if (!order) throw NotFound('No such order')
    if (!canTransition(order.status, status, order.delivery.type, actor)) {
      const message =
        actor === 'shopper'
          ? 'You can only cancel an order while it is placed'
          : `Order ${order.orderId} cannot move from ${order.status} to ${status}`
      throw Conflict(message, [{ path: 'status', message: `cannot change from ${order.status} to ${status}` }])
    }
    const unpaidNote = status === 'delivered' ? await deliveredUnpaidNote(tx, order, deliveredUnpaid) : null
    const actorId = ctx.actor.user?.id ?? null
    const row = await recordStatusChange(tx, order, { status, note, actorId })
    if (unpaidNote) await noteOnTimeline(tx, row, unpaidNote, actorId)
    if (actor === 'shopper') {
      await notifyStaff(tx, order.shopId, 'orders.move', {
        type: 'order-canceled',
        title: `Order ${order.orderId} was canceled by the buyer`,
        body: await buyerCanceledBody(tx, row, note),
        link: `/admin/orders?order=${order.id}`,
      })
      await sendBuyerCanceledAlert(tx, row)
    }
    return row
  })
}

export async function changeOrderStatus(
  ctx: ServiceContext,
  id: string,
  key: string | undefined,
  input: OrderPatchInput,
): Promise<OrderDto> {
  const found = await loadOrder(ctx, id, key)
  const actor = await actorFor(ctx, found, key)
  const updated = await moveOrder(ctx, found.id, actor, input.status, input.note?.trim() ?? '', input.deliveredUnpaid === true)
  return viewOrder(ctx, updated.id, key)
}

/**
 * Staff move several orders of their shop each one step forward, as the status machine says for each
 * (a pick-up skips dispatched), each in its own transaction: one that cannot move does not hold back the
 * others. The answer says, per order and in the order asked, what moved and why the rest did not. Ids that
 * are not orders of this shop are reported as not found, as a single order's 404 would.
 */
export async function moveOrdersForward(ctx: ServiceContext, input: OrderMovesInput): Promise<{ data: OrderMoveResult[] }> {
  await ctx.actor.authorize(input.shop, 'orders.move')
  const shopId = input.shop.toLowerCase()
  const data: OrderMoveResult[] = []
  for (const id of [...new Set(input.orders.map((value) => value.toLowerCase()))]) {
    // PGlite answers without giving the event loop a turn, so a hundred orders would keep every other
    // request of the process waiting; between two orders, the others go first.
    if (data.length > 0) await nextTurn()
    const order = await findOrder(ctx.db, id)
    if (!order || order.shopId !== shopId) {
      data.push({ _id: id, orderId: null, from: null, status: null, moved: false, message: 'No such order in this shop' })
      continue
    }
    const target = nextStatus(order.status, order.delivery.type)
    const base = { _id: order.id, orderId: order.orderId, from: order.status }
    if (!target) {
      data.push({ ...base, status: order.status, moved: false, message: `${orderStatusLabels[order.status]} orders have no next step` })
      continue
    }
    try {
      const moved = await moveOrder(ctx, order.id, 'staff', target, '')
      data.push({ ...base, status: moved.status, moved: true, message: `Now ${statusInSentence(moved.status)}` })
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 409) throw error
      // Never delivered in bulk with money due: that takes the payment, or a confirmation on the order itself.
      const due = error.errors?.[0]?.path === balanceDuePath ? error.errors[0].message : null
      if (due) {
        data.push({ ...base, status: order.status, moved: false, balanceDue: true, message: `Skipped: ${due}. Record the payment, or mark it delivered unpaid on the order` })
        continue
      }
      // Moved by someone else meanwhile: say where it is now.
      const now = (await findOrder(ctx.db, order.id))?.status ?? order.status
      data.push({ ...base, status: now, moved: false, message: `Could not move: it is ${statusInSentence(now)} now` })
    }
  }
  return { data }
}

/** The messages about an order (its timeline's), for its shop's staff. */
export async function listOrderMessages(ctx: ServiceContext, id: string): Promise<{ data: Message[] }> {
  const order = await loadOrder(ctx, id, undefined)
  await ctx.actor.authorize(order.shopId, 'dashboard.view')
  return { data: await orderMessages(ctx, order) }
}

/** Staff who may move orders send one of the order's messages again. */
export async function resendOrderMessage(ctx: ServiceContext, id: string, messageId: string): Promise<Message> {
  const order = await loadOrder(ctx, id, undefined)
  await ctx.actor.authorize(order.shopId, 'orders.move')
  return inTransaction(ctx, (tx) => resendMessage(tx, order, messageId))
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
  await insertOrderEvent(tx.db, {
    shopId: order.shopId,
    orderId: order.id,
    status: order.status,
    kind: 'note',
    note,
    actorId,
    createdAt: tx.clock.now(),
  })
}

/** What the order has been paid so far (minor units), inside the caller's transaction. */
export async function orderPaidMinor(ctx: ServiceContext, id: string): Promise<number> {
  return (await findOrderTenders(ctx.db, id)).paidMinor
}

/** The ledger of `order` (its row as the caller read it, locked or not) with its tenders as they stand now. */
export async function orderLedgerNow(ctx: ServiceContext, order: OrderRow): Promise<OrderLedger> {
  return ledgerOf(order, await findOrderTenders(ctx.db, order.id))
}

/** What a cancel gives back: the units that took stock and are still with the buyer (a return already gave some back). */
async function stockStillOut(tx: ServiceContext, order: OrderRow): Promise<{ product: string; variant: string | null; count: number }[]> {
  return (await unitsWithBuyer(tx, order)).filter((line) => line.stockTaken && line.out > 0).map((line) => ({ ...line, count: line.out }))
}

/** One of an order's lines as a return sees it: sold, and still with the buyer after earlier returns. */
export type UnitsOut = { product: string; variant: string | null; title: string; sold: number; out: number; stockTaken: boolean }

/**
 * Each line's units still with the buyer (decision 59): what was sold, less what the order's refunds already
 * put back on sale. Inside the caller's transaction, after the order's lock, so two returns cannot both count
 * the same units.
 */
export async function unitsWithBuyer(ctx: ServiceContext, order: OrderRow): Promise<UnitsOut[]> {
  const returned = new Map((await findReturnedUnits(ctx.db, order.id)).map((row) => [`${row.product}/${row.variant}`, row.count]))
  return order.items.map((line) => {
    const key = `${line.product}/${line.variant ?? ''}`
    const back = Math.min(line.count, returned.get(key) ?? 0)
    returned.set(key, (returned.get(key) ?? 0) - back)
    return { product: line.product, variant: line.variant ?? null, title: line.title, sold: line.count, out: line.count - back, stockTaken: line.stockTaken !== false }
  })
}

/** Unpaid online orders past their shop's timeout, oldest first (partial index orders_unpaid_idx). */
export async function unpaidOrdersDue(ctx: ServiceContext, limit: number): Promise<{ id: string; timeoutMinutes: number }[]> {
  return findUnpaidOrdersDue(ctx.db, limit)
}

/** Locks an order that is still placed and unpaid (SKIP LOCKED: another process may be expiring it); else null. */
export async function lockUnpaidOrderForExpiry(tx: ServiceContext, id: string): Promise<OrderRow | null> {
  return lockUnpaidOrder(tx.db, id)
}

// ---------------------------------------------------------------- unconfirmed pay-on-delivery orders (decision 52)

/** Pay-on-delivery orders past their deadline that the shop did not confirm, soonest due first (orders_unconfirmed_idx). */
export async function unconfirmedOrdersDue(ctx: ServiceContext, limit: number): Promise<string[]> {
  return findUnconfirmedOrdersDue(ctx.db, limit)
}

/**
 * Locks an order still placed past its deadline (SKIP LOCKED: another process may be canceling it) and
 * answers it unless a payment was recorded on it, which confirms it. Staff record payments only under this
 * lock, so what is read here stays true until the transaction ends.
 */
export async function lockUnconfirmedOrderForExpiry(tx: ServiceContext, id: string): Promise<OrderRow | null> {
  const order = await lockUnconfirmedOrder(tx.db, id)
  if (!order || (await orderPaidMinor(tx, order.id)) > 0) return null
  return order
}

/**
 * Cancels a locked pay-on-delivery order the shop did not confirm in time, as `recordStatusChange` cancels
 * (status, timeline note, stock back, the buyer's notification), but the buyer's message says why and what
 * to do, and the staff who move orders are told it is gone.
 */
export async function cancelUnconfirmedOrder(tx: ServiceContext, order: OrderRow, note: string): Promise<OrderRow> {
  const at = tx.clock.now()
  const row = await setOrderStatus(tx.db, order.id, 'canceled', at)
  await insertOrderEvent(tx.db, { shopId: order.shopId, orderId: order.id, status: 'canceled', note, actorId: null, createdAt: at })
  await giveStockBack(tx, order.shopId, await stockStillOut(tx, order))
  await syncCustomer(tx, row)
  await sendNotConfirmedMessage(tx, order)
  if (order.profileId) {
    await notifyUser(tx, order.shopId, order.profileId, {
      type: 'order-status',
      title: `Order ${order.orderId} is ${statusInSentence('canceled')}`,
      body: note,
      link: `/account/orders?order=${order.id}`,
    })
  }
  await notifyStaff(tx, order.shopId, 'orders.move', {
    type: 'order-canceled',
    title: `Order ${order.orderId} was canceled: not confirmed in time`,
    body: note,
    link: `/admin/orders?order=${order.id}`,
  })
  return row
}
