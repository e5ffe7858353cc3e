/**
 * Payments' side of `OrderPayments` (orders/order-payments.ts): what placing an order asks of payments.
 * The order routes get this from app.ts; a script or a test that places orders imports it.
 */
import type { OrderPayments } from '../orders/order-payments'
import { Conflict } from '../../lib/errors'
import { findPayoutSubaccount } from './financial-account.repository'
import { acceptedProviders } from './providers/registry'
import { currentPaymentSummary, noPayoutAccount, openOrderTransaction, paymentSummary, startTransaction } from './start-payment'

export const orderPayments: OrderPayments = {
  acceptedProviders: (ctx, paymentOptions) => acceptedProviders(ctx.config, paymentOptions),

  async open(tx, order) {
    // A shop takes Paystack only into its own verified payout account (decision 58): refused before anything is written.
    if (order.paymentProvider === 'paystack' && !(await findPayoutSubaccount(tx.db, order.shopId))) {
      throw Conflict(noPayoutAccount, [{ path: 'payment.provider', message: 'this shop takes no online payments yet' }])
    }
    const attempt = await openOrderTransaction(tx, order)
    if (!attempt) return null
    return {
      async start(ctx, accessKey) {
        return paymentSummary(order.paymentProvider, await startTransaction(ctx, order, attempt, accessKey))
      },
    }
  },

  current: (ctx, order) => currentPaymentSummary(ctx, order),
}
