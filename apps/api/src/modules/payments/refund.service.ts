/**
 * Refunds and returns (decision 59): staff with orders.refund (managers and up) give money back on an order,
 * take returned units back on sale, or both. Never more than the order's ledger says is refundable (paid less
 * refunded), counted under the order's row lock so two refunds at once cannot both pass; never more units
 * back than were sold less what earlier returns took back (409 naming the item).
 *
 * Cash, mobile money and bank transfers are recorded as done (staff paid them), in one transaction with
 * their effects: the units back on sale, a timeline note, the buyer's message and the staff's notification.
 * A Paystack refund reverses one of the order's Paystack payments through Paystack's Refund API, with no
 * database lock held across the call: the refund is first written `pending` (which already counts, so the
 * amount cannot be given twice), then Paystack is asked, then its refund id and the effects are written. When
 * Paystack cannot be reached or refuses, the written refund is taken away again: nothing stays and the
 * answer is a 502 (or Paystack's refusal). Its webhooks later move it to succeeded or failed; a failed
 * refund stops counting and staff are told.
 */
import { formatMinor, isMajorAmount, toMinor } from '@shop/domain'
import { type RefundMethod, refundMethodWords } from '@shop/domain/schemas/refunds'
import { type ServiceContext, inTransaction } from '../../context'
import type { RestockLine } from '../../db/schema'
import { Conflict, type FieldError, NotAuthenticated, NotFound, invalidBody, invalidQuery } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { notifyStaff } from '../notifications/notify'
import { isBuyer } from '../orders/buyer-access'
import { sendRefundMessage } from '../orders/order-messages'
import { syncCustomer } from '../orders/order-customer'
import { findOrderRow, lockOrder, noteOnTimeline, orderLedgerNow, unitsWithBuyer } from '../orders/order.service'
import { giveStockBack } from '../orders/order-stock'
import type { OrderRow } from './providers/provider'
import { ProviderError, type RefundResult } from './providers/provider'
import { paymentProvider } from './providers/registry'
import {
  type RefundRow,
  deleteRefund,
  findPendingRefundOfPayment,
  findRefundByProviderReference,
  findRefundView,
  insertRefund,
  listRefunds,
  paystackPaymentsOf,
  refundQuerySpec,
  updateRefund,
} from './refund.repository'
import { refundDto } from './refunds.dto'
import type { RefundCreateInput, RefundDto } from './refunds.schemas'
import { BadGateway } from './settle-payment'

const itemKey = (product: string, variant: string | null | undefined) => `${product}/${variant ?? ''}`

/**
 * The restock lines as asked, each matched to a line of the order (a product without a variant on the order
 * needs none; one with several must name it) and merged per item. A line not on the order is a 400.
 */
function restockLines(order: OrderRow, input: RefundCreateInput['restock']): RestockLine[] {
  const merged = new Map<string, RestockLine>()
  const problems: FieldError[] = []
  for (const [index, asked] of (input ?? []).entries()) {
    const product = asked.product.toLowerCase()
    const candidates = order.items.filter((line) => line.product === product && (asked.variant === undefined || (line.variant ?? '') === asked.variant))
    if (candidates.length !== 1) {
      problems.push({
        path: `restock.${index}.${candidates.length ? 'variant' : 'product'}`,
        message: candidates.length ? 'name the variant: this product has several on the order' : 'is not on this order',
      })
      continue
    }
    const line = candidates[0]!
    const key = itemKey(line.product, line.variant)
    const current = merged.get(key)
    merged.set(key, { product: line.product, variant: line.variant ?? null, count: (current?.count ?? 0) + asked.count })
  }
  if (problems.length) invalidBody(problems)
  return [...merged.values()]
}

function itemName(order: OrderRow, line: RestockLine): string {
  const item = order.items.find((candidate) => candidate.product === line.product && (candidate.variant ?? null) === line.variant)
  const features = Object.values(item?.features ?? {}).join(', ')
  return `${item?.title ?? 'An item'}${features ? ` (${features})` : ''}`
}

/** Under the order's lock: the units asked back are still with the buyer (409 naming the first that is not). */
async function checkReturn(tx: ServiceContext, order: OrderRow, lines: RestockLine[]): Promise<void> {
  if (!lines.length) return
  if (order.status === 'canceled') {
    throw Conflict(`Order ${order.orderId} is canceled: its items went back on sale when it was canceled`, [
      { path: 'restock', message: 'the order is canceled, so nothing is left to return' },
    ])
  }
  const out = new Map((await unitsWithBuyer(tx, order)).map((line) => [itemKey(line.product, line.variant), line]))
  const problems: FieldError[] = []
  let first = ''
  for (const [index, line] of lines.entries()) {
    const left = out.get(itemKey(line.product, line.variant))?.out ?? 0
    if (line.count > left) {
      const message = left === 0 ? 'all of them are already back' : `only ${left} of ${out.get(itemKey(line.product, line.variant))!.sold} can still come back`
      problems.push({ path: `restock.${index}.count`, message })
      if (!first) first = `${itemName(order, line)}: ${message}`
    }
  }
  if (problems.length) throw Conflict(`Cannot take back that many of ${first}`, problems)
}

/** Under the order's lock: the amount is at most what was paid and not yet refunded (409 saying how much is). */
async function checkAmount(tx: ServiceContext, order: OrderRow, amountMinor: number): Promise<void> {
  if (amountMinor === 0) return
  const { refundableMinor, paidMinor } = await orderLedgerNow(tx, order)
  if (amountMinor <= refundableMinor) return
  if (paidMinor === 0) throw Conflict(`Nothing was paid on order ${order.orderId}: there is nothing to refund`, [{ path: 'amount', message: 'nothing was paid' }])
  const most = formatMinor(refundableMinor, order.currency)
  throw Conflict(`At most ${most} can still be refunded on order ${order.orderId}`, [{ path: 'amount', message: `is more than was paid and not yet refunded (${most})` }])
}

/** Under the order's lock: the Paystack payment a refund of `amountMinor` reverses (409 when none can). */
async function paystackPaymentFor(tx: ServiceContext, order: OrderRow, amountMinor: number) {
  const payments = await paystackPaymentsOf(tx.db, order.shopId, order.id)
  if (!payments.length) {
    throw Conflict(`Order ${order.orderId} was not paid through Paystack: refund it in cash, by mobile money or by bank transfer`, [
      { path: 'method', message: 'only for an order paid through Paystack' },
    ])
  }
  const payment = payments.find((candidate) => candidate.refundableMinor >= amountMinor)
  if (!payment) {
    const most = formatMinor(Math.max(0, ...payments.map((candidate) => candidate.refundableMinor)), order.currency)
    throw Conflict(`At most ${most} can go back through Paystack in one refund on order ${order.orderId}`, [
      { path: 'amount', message: `is more than is left of one Paystack payment (${most})` },
    ])
  }
  return payment
}

/**
 * In the refund's transaction, once it is certain: the units back on sale (those that took stock), the
 * timeline's note, the buyer's message and the other staff's notification.
 */
async function announceRefund(tx: ServiceContext, order: OrderRow, refund: RefundRow, actorId: string | null): Promise<void> {
  const tookStock = new Set(order.items.filter((line) => line.stockTaken !== false).map((line) => itemKey(line.product, line.variant)))
  await giveStockBack(
    tx,
    order.shopId,
    refund.restock.filter((line) => tookStock.has(itemKey(line.product, line.variant))),
  )
  const amount = formatMinor(refund.amountMinor, refund.currency)
  const how = refundMethodWords[refund.method]
  const returned = refund.restock.map((line) => `${itemName(order, line)} × ${line.count}`).join(', ')
  const units = refund.restock.reduce((sum, line) => sum + line.count, 0)
  let note =
    refund.amountMinor > 0
      ? `${refund.status === 'pending' ? 'Refund of' : 'Refunded'} ${amount} ${how}${refund.status === 'pending' ? ', on its way' : ''}`
      : 'Return without money back'
  if (refund.reference) note += ` (reference ${refund.reference})`
  note += `: ${refund.reason}`
  if (returned) note += `. Back on sale: ${returned}`
  await noteOnTimeline(tx, order, note, actorId)
  await syncCustomer(tx, order)
  await sendRefundMessage(tx, order, {
    id: refund.id,
    amountMinor: refund.amountMinor,
    how,
    reason: refund.reason,
    pending: refund.status === 'pending',
    returnedUnits: units,
  })
  await notifyStaff(
    tx,
    order.shopId,
    'orders.move',
    {
      type: 'refund',
      title: refund.amountMinor > 0 ? `Refund of ${amount} on order ${order.orderId}` : `Return on order ${order.orderId}`,
      body: note,
      link: `/admin/orders/${order.id}`,
    },
    actorId ?? undefined,
  )
}

export async function createRefund(ctx: ServiceContext, input: RefundCreateInput): Promise<RefundDto> {
  const user = ctx.actor.requireUser()
  const found = await findOrderRow(ctx, input.order)
  if (!found) throw NotFound('No such order')
  await ctx.actor.authorize(found.shopId, 'orders.refund')
  if (!isMajorAmount(input.amount)) invalidBody([{ path: 'amount', message: 'must have at most two decimals' }])
  const amountMinor = toMinor(input.amount)
  const lines = restockLines(found, input.restock)
  if (amountMinor === 0 && !lines.length) invalidBody([{ path: 'amount', message: 'must be more than 0, unless items come back (restock)' }])
  const method: RefundMethod = input.method
  const online = method === 'paystack' && amountMinor > 0
  const provider = online ? paymentProvider(ctx, 'paystack') : null
  if (online && !provider?.refund) {
    throw Conflict('Paystack is not set up on this server: refund in cash, by mobile money or by bank transfer', [
      { path: 'method', message: 'Paystack is not available' },
    ])
  }
  const reason = input.reason.trim()
  const reference = input.reference?.trim() || null

  const written = await inTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, found.id)
    if (!order) throw NotFound('No such order')
    await checkAmount(tx, order, amountMinor)
    await checkReturn(tx, order, lines)
    const payment = online ? await paystackPaymentFor(tx, order, amountMinor) : null
    const at = ctx.clock.now()
    const row = await insertRefund(tx.db, {
      shopId: order.shopId,
      orderId: order.id,
      transactionId: payment?.id ?? null,
      amountMinor,
      currency: order.currency,
      method,
      reason,
      reference,
      status: online ? 'pending' : 'succeeded',
      restock: lines,
      createdBy: user.id,
      createdAt: at,
      updatedAt: at,
    })
    if (!online) await announceRefund(tx, order, row, user.id)
    return { row, payment }
  })

  if (online) {
    const { row, payment } = written
    let result: RefundResult
    try {
      result = await provider!.refund!({ transactionReference: payment!.reference, amountMinor, currency: row.currency, reason })
    } catch (error) {
      // Paystack never took it: the refund is taken away again, so it neither counts nor shows.
      await inTransaction(ctx, (tx) => deleteRefund(tx.db, row.id))
      if (error instanceof ProviderError) {
        ctx.log.warn({ refund: row.id, order: row.orderId, detail: error.detail }, error.message)
        throw BadGateway(error.message)
      }
      throw error
    }
    await inTransaction(ctx, async (tx) => {
      const order = await lockOrder(tx, row.orderId)
      if (!order) throw NotFound('No such order')
      const updated = await updateRefund(tx.db, row.id, { providerReference: result.providerReference, status: result.status })
      await announceRefund(tx, order, updated, user.id)
    })
  }
  return refundDto((await findRefundView(ctx.db, written.row.id))!)
}

/**
 * GET /api/refunds/: a shop's refunds (`shop`), or one order's (`shop` and `order`), newest first, for its
 * staff; or one order's for its buyer (`order`, logged in as the buyer or with the private link's `key`),
 * without who gave them or the staff's reference.
 */
export async function listRefundsFor(
  ctx: ServiceContext,
  query: Record<string, unknown> & { shop?: string; order?: string; key?: string },
): Promise<Page<RefundDto>> {
  const { shop, order: orderId, key, ...rest } = query
  const parsed = parseQuery(refundQuerySpec, rest)
  if (shop) {
    await ctx.actor.authorize(shop, 'dashboard.view')
    const shopId = shop.toLowerCase()
    if (orderId) {
      const order = await findOrderRow(ctx, orderId)
      if (!order || order.shopId !== shopId) throw NotFound('No such order in this shop')
    }
    const { rows, total } = await listRefunds(ctx.db, shopId, orderId?.toLowerCase() ?? null, parsed)
    return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(refundDto) }
  }
  if (!orderId) invalidQuery('shop', 'is required (or order)')
  if (!ctx.actor.user && !key) throw NotAuthenticated()
  const order = await findOrderRow(ctx, orderId)
  if (!order) throw NotFound('No such order')
  const buyer = isBuyer(ctx.actor, order, key)
  if (!buyer && !(ctx.actor.shopUser(order.shopId) && (await ctx.actor.can(order.shopId, 'dashboard.view')))) throw NotFound('No such order')
  const { rows, total } = await listRefunds(ctx.db, order.shopId, order.id, parsed)
  const data = rows.map(refundDto).map((refund) => (buyer ? { ...refund, reference: null, createdBy: null } : refund))
  return { total, limit: parsed.limit, skip: parsed.skip, data }
}

export type RefundEvent = { outcome: 'processed' | 'failed'; refundId: string | null; transactionReference: string | null; amountMinor: number | null }

/**
 * Paystack's refund.processed / refund.failed for one of our refunds: it becomes succeeded or failed, once
 * (a repeated delivery changes nothing). A failed refund stops counting as refunded; the timeline says so and
 * the staff who may refund are told, to give the money back another way. Locks: the order, then the refund.
 */
export async function applyRefundEvent(ctx: ServiceContext, event: RefundEvent): Promise<{ changed: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const find = async (lock: boolean) =>
      (event.refundId ? await findRefundByProviderReference(tx.db, event.refundId, lock) : null) ??
      (event.transactionReference && event.amountMinor !== null
        ? await findPendingRefundOfPayment(tx.db, event.transactionReference, event.amountMinor, lock)
        : null)
    const seen = await find(false)
    if (!seen) {
      ctx.log.warn({ refund: event.refundId, outcome: event.outcome }, 'paystack refund event for an unknown refund')
      return { changed: false }
    }
    const order = await lockOrder(tx, seen.orderId)
    if (!order) return { changed: false }
    const refund = await find(true)
    if (!refund || refund.id !== seen.id || refund.status !== 'pending') return { changed: false }
    const updated = await updateRefund(tx.db, refund.id, {
      status: event.outcome === 'processed' ? 'succeeded' : 'failed',
      ...(refund.providerReference || !event.refundId ? {} : { providerReference: event.refundId }),
    })
    await syncCustomer(tx, order)
    const amount = formatMinor(updated.amountMinor, updated.currency)
    if (event.outcome === 'processed') {
      await noteOnTimeline(tx, order, `Paystack refunded ${amount} to the card or wallet that paid`, null)
      return { changed: true }
    }
    const note = `The Paystack refund of ${amount} failed: it no longer counts as refunded. Give the money back another way, or try again`
    await noteOnTimeline(tx, order, note, null)
    await notifyStaff(tx, order.shopId, 'orders.refund', {
      type: 'refund-failed',
      title: `A refund of ${amount} on order ${order.orderId} failed`,
      body: note,
      link: `/admin/orders/${order.id}`,
    })
    return { changed: true }
  })
}
