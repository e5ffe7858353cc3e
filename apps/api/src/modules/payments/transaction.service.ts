/**
 * Payment attempts as buyers and staff see them (docs/product.md §7 PATCH /api/transactions/{id}).
 *
 * Who: the buyer (the order's profile, or whoever holds its private link's key) and the shop's staff.
 * `verify` asks the provider (buyer or any staff); `retry` opens a new attempt (buyer); `status: 'success'`
 * records a payment on delivery or at pick-up as received (staff with orders.move). Staff of another shop
 * and strangers get 404; a buyer asking for a staff action 403.
 */
import type { Permission } from '@shop/domain'
import type { ServiceContext } from '../../context'
import { BadRequest, Conflict, Forbidden, HttpError, NotAuthenticated, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { isBuyer, keyMatches } from '../orders/buyer-access'
import { findOrderRow } from '../orders/order.service'
import { transactionDto } from './payments.dto'
import type { TransactionDto, TransactionPatchInput } from './payments.schemas'
import type { OrderRow } from './providers/provider'
import { recordManualPayment, verifyTransaction } from './settle-payment'
import { retryTransaction } from './start-payment'
import { type TransactionRow, findTransaction, listTransactions, transactionQuerySpec } from './transaction.repository'

type Caller = 'staff' | 'buyer'

/** 401 without a login or a key; 404 for an unknown attempt (or its order). */
async function load(ctx: ServiceContext, id: string, key: string | undefined): Promise<{ row: TransactionRow; order: OrderRow }> {
  if (!ctx.actor.user && !key) throw NotAuthenticated()
  const row = await findTransaction(ctx.db, id)
  const order = row ? await findOrderRow(ctx, row.orderId) : null
  if (!row || !order) throw NotFound('No such transaction')
  return { row, order }
}

/** Staff with `permission` in the order's shop, else its buyer; anyone else 404 (or 403 for too low a role). */
async function callerFor(ctx: ServiceContext, order: OrderRow, key: string | undefined, permission: Permission): Promise<Caller> {
  const buyer = isBuyer(ctx.actor, order, key)
  if (!ctx.actor.shopUser(order.shopId)) {
    if (buyer) return 'buyer'
    throw NotFound('No such transaction')
  }
  try {
    await ctx.actor.authorize(order.shopId, permission)
    return 'staff'
  } catch (error) {
    if (buyer && error instanceof HttpError && (error.code === 403 || error.code === 404)) return 'buyer'
    throw error
  }
}

function oneIntent(input: TransactionPatchInput): 'verify' | 'retry' | 'record' {
  const given = [input.action !== undefined, input.status !== undefined].filter(Boolean).length
  if (given !== 1) {
    throw BadRequest('Invalid body: send either action or status', [{ path: 'action', message: 'send either action (verify, retry) or status (success)' }])
  }
  if (input.note !== undefined && input.status === undefined) {
    throw BadRequest('Invalid body: note goes with status', [{ path: 'note', message: 'is only allowed with status' }])
  }
  return input.action ?? 'record'
}

export async function patchTransaction(
  ctx: ServiceContext,
  id: string,
  key: string | undefined,
  input: TransactionPatchInput,
): Promise<TransactionDto> {
  const intent = oneIntent(input)
  const { row, order } = await load(ctx, id, key)

  if (intent === 'verify') {
    await callerFor(ctx, order, key, 'dashboard.view')
    // An attempt that never reached its provider has nothing to verify: the buyer retries it instead.
    if (row.details.failure === 'start') return transactionDto(row)
    const settled = await verifyTransaction(ctx, row)
    return transactionDto(settled.transaction)
  }

  if (intent === 'retry') {
    if (!isBuyer(ctx.actor, order, key)) {
      if (!ctx.actor.shopUser(order.shopId)) throw NotFound('No such transaction')
      await ctx.actor.authorize(order.shopId, 'dashboard.view')
      throw Forbidden('Only the buyer can retry a payment')
    }
    const started = await retryTransaction(ctx, row, order, keyMatches(order, key) ? key! : null)
    return transactionDto(started.transaction, started.redirectUrl)
  }

  const caller = await callerFor(ctx, order, key, 'orders.move')
  if (caller !== 'staff') throw Forbidden('Only the shop\'s staff can record a payment as received')
  if (row.provider !== 'manual') {
    throw Conflict(`A ${row.provider} payment is confirmed by its provider: use {action: 'verify'}`, [
      { path: 'status', message: 'can only be set for payments on delivery or at pick-up' },
    ])
  }
  if (order.status === 'canceled') throw Conflict('This order is canceled', [{ path: 'status', message: 'the order is canceled' }])
  if (row.status === 'abandoned') {
    throw Conflict('Payments of this order are recorded one by one: use POST /api/transactions/', [
      { path: 'status', message: 'this attempt was replaced by recorded payments' },
    ])
  }
  const settled = await recordManualPayment(ctx, row.id, ctx.actor.user!.id, input.note?.trim() ?? '')
  return transactionDto(settled.transaction)
}

/** GET /api/transactions/?order=: an order's attempts, newest first, for its buyer or its shop's staff. */
export async function listOrderTransactions(
  ctx: ServiceContext,
  query: Record<string, unknown> & { order: string; key?: string },
): Promise<Page<TransactionDto>> {
  const { order: orderId, key, ...rest } = query
  const parsed = parseQuery(transactionQuerySpec, rest)
  if (!ctx.actor.user && !key) throw NotAuthenticated()
  const order = await findOrderRow(ctx, orderId)
  if (!order) throw NotFound('No such order')
  await callerFor(ctx, order, key, 'dashboard.view').catch((error: unknown) => {
    if (error instanceof HttpError && error.code === 404) throw NotFound('No such order')
    throw error
  })
  const { rows, total } = await listTransactions(ctx.db, order.shopId, order.id, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map((row) => transactionDto(row)) }
}
