/**
 * The pay link's page (decision 63): `GET /api/pay/{id}?key=` shows what the order owes, and
 * `POST /api/pay/{id}?key=` starts an online payment of exactly its balance with the shop's online provider.
 * The payment is an attempt like any other (its details say `payLink`), settled by the same webhook and
 * verify path, so it lands on the order's ledger, acks the order, notes the timeline and tells staff.
 */
import { toMajor } from '@shop/domain'
import type { PayPage, PayStart } from '@shop/domain/schemas/pay-links'
import { type ServiceContext, inTransaction } from '../../context'
import { Conflict, HttpError, NotFound } from '../../lib/errors'
import { lockOrder, orderLedgerNow } from '../orders/order.service'
import { ledgerOf, type OrderRow } from '../orders/orders.dto'
import { findPayLinkOrder } from '../orders/pay-links'
import { findPayoutSubaccount } from './financial-account.repository'
import { payLinkReturnUrl } from './order-access'
import { type ProviderName, isProviderName } from './providers/provider'
import { acceptedProviders, instantProviders } from './providers/registry'
import { BadGateway, verifyTransaction } from './settle-payment'
import { newReference, startTransaction } from './start-payment'
import {
  type TransactionRow,
  findShopPaymentTerms,
  findTransaction,
  insertTransaction,
  listPendingTransactions,
  lockPendingTransactions,
  updateTransaction,
} from './transaction.repository'

/**
 * The provider a pay link pays with: the order's own when it is an online one the shop still takes, else the
 * shop's first online provider; Paystack only into the shop's verified payout account. Null: none.
 */
async function onlineProvider(ctx: ServiceContext, order: Pick<OrderRow, 'shopId' | 'paymentProvider'>): Promise<ProviderName | null> {
  const terms = await findShopPaymentTerms(ctx.db, order.shopId)
  const online = acceptedProviders(ctx.config, terms?.paymentOptions ?? []).filter((provider) => instantProviders[provider])
  const ordered = isProviderName(order.paymentProvider) && online.includes(order.paymentProvider) ? [order.paymentProvider, ...online] : online
  for (const provider of ordered) {
    if (provider !== 'paystack' || (await findPayoutSubaccount(ctx.db, order.shopId))) return provider
  }
  return null
}

const featureWords = (features: Record<string, string> | undefined) =>
  Object.entries(features ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')

/** How the pay link's attempt named by the page's address went, asking its provider when it is still pending. */
async function payLinkAttempt(ctx: ServiceContext, order: OrderRow, transactionId: string | undefined): Promise<PayPage['payment']> {
  if (!transactionId) return null
  let row: TransactionRow | null = await findTransaction(ctx.db, transactionId)
  if (!row || row.orderId !== order.id || !row.details.payLink) return null
  if (row.status === 'pending') {
    try {
      row = (await verifyTransaction(ctx, row)).transaction
    } catch (error) {
      // A provider that cannot answer now: the page says it is still pending, and the webhook settles it.
      if (!(error instanceof HttpError)) throw error
    }
  }
  const error = row.status === 'failed' ? (row.details.error as string | undefined) : undefined
  return { transaction: row.id, status: row.status, ...(error ? { error } : {}) }
}

/** What the pay page shows: the order's lines and money, never the buyer's address, phone or e-mail. */
export async function getPayPage(ctx: ServiceContext, id: string, key: string | undefined, transactionId?: string): Promise<PayPage> {
  const first = await findPayLinkOrder(ctx, id, key)
  const payment = await payLinkAttempt(ctx, first.view, transactionId)
  // A payment just settled changes what is owed: read the order again.
  const { view, shopTitle } = payment ? await findPayLinkOrder(ctx, id, key) : first
  const ledger = ledgerOf(view, view)
  const owes = view.status !== 'canceled' && ledger.balanceMinor > 0
  return {
    _id: view.id,
    orderId: view.orderId,
    shop: { _id: view.shopId, title: shopTitle },
    status: view.status,
    currency: view.currency,
    items: view.items.map((line) => ({
      title: line.title,
      variant: featureWords(line.features),
      count: line.count,
      total: toMajor(line.unitPriceMinor * line.count),
    })),
    totals: {
      subtotal: toMajor(ledger.subtotalMinor),
      // The code's, a promotion's and the shop's manual discount together.
      discount: toMajor(ledger.discountMinor + ledger.promotionMinor + ledger.adjustmentMinor),
      delivery: toMajor(ledger.deliveryMinor),
      tax: toMajor(ledger.taxMinor),
      total: toMajor(ledger.totalInclTaxMinor),
    },
    deliveryType: view.delivery.type,
    paid: toMajor(ledger.netPaidMinor),
    balance: toMajor(ledger.balanceMinor),
    paymentState: ledger.paymentState,
    canPay: owes && (await onlineProvider(ctx, view)) !== null,
    payment,
    createdAt: view.createdAt.toISOString(),
  }
}

const nothingToPay = (order: Pick<OrderRow, 'orderId' | 'status'>) =>
  order.status === 'canceled'
    ? Conflict(`Order ${order.orderId} is canceled: there is nothing to pay`, [{ path: 'order', message: 'is canceled' }])
    : Conflict(`Order ${order.orderId} is already paid in full`, [{ path: 'order', message: 'nothing is due on this order' }])

/**
 * Starts an online payment of the order's balance and answers where to pay it. Attempts still open are
 * first asked about (one may have been paid meanwhile), then superseded: one attempt at a time is open, and
 * the pay-on-delivery attempt the order was placed with is now paid through its pay link or recorded by staff.
 */
export async function payBalance(ctx: ServiceContext, id: string, key: string | undefined): Promise<PayStart> {
  const { view } = await findPayLinkOrder(ctx, id, key)
  if (view.status === 'canceled' || ledgerOf(view, view).balanceMinor <= 0) throw nothingToPay(view)
  const provider = await onlineProvider(ctx, view)
  if (!provider) {
    throw Conflict('This shop does not take payments online. Please pay the shop directly.', [{ path: 'provider', message: 'the shop takes no online payments' }])
  }
  for (const attempt of await listPendingTransactions(ctx.db, view.id)) {
    if (isProviderName(attempt.provider) && instantProviders[attempt.provider]) await verifyTransaction(ctx, attempt)
  }

  const { order, row } = await inTransaction(ctx, async (tx) => {
    // The lock order settling uses: the attempts, then the order.
    const pending = await lockPendingTransactions(tx.db, view.shopId, view.id)
    const locked = await lockOrder(tx, view.id)
    if (!locked) throw NotFound('No such order')
    const { balanceMinor } = await orderLedgerNow(tx, locked)
    if (locked.status === 'canceled' || balanceMinor <= 0) throw nothingToPay(locked)
    const inserted = await insertTransaction(tx.db, {
      shopId: locked.shopId,
      orderId: locked.id,
      provider,
      reference: newReference(locked),
      amountMinor: balanceMinor,
      currency: locked.currency,
      status: 'pending',
      details: { payLink: true },
    })
    for (const attempt of pending) {
      await updateTransaction(tx.db, attempt.id, { status: 'abandoned', details: { supersededAt: ctx.clock.now().toISOString(), replacedBy: inserted.id } })
    }
    return { order: locked, row: inserted }
  })
  const started = await startTransaction(ctx, order, row, null, (origin) => payLinkReturnUrl(origin, order, row.id))
  if (!started.redirectUrl) {
    const reason = started.transaction.details.error
    throw BadGateway(typeof reason === 'string' ? reason : 'The payment could not be started. Please try again.')
  }
  return { redirectUrl: started.redirectUrl, transaction: row.id, amount: toMajor(row.amountMinor) }
}
