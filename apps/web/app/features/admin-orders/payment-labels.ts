import { type DeliveryType, type PaymentState, payOnDeliveryWords } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'
import { type PaymentMethod, type Transaction, type TransactionStatus, paymentMethodLabels } from '@shop/domain/schemas/payments'
import { formatMoney } from '../../lib/money'

const providerLabels: Record<string, string> = {
  manual: 'Pay on delivery or at pick-up',
  test: 'Demonstration payment (no money moves)',
  paystack: 'Paystack (mobile money or card)',
}

/** A way to pay in words; with the order's delivery, pay-on-delivery says which ("Pay at pick-up"). */
export function providerLabel(provider: string, deliveryType?: DeliveryType): string {
  if (provider === 'manual' && deliveryType) return payOnDeliveryWords(deliveryType)
  return providerLabels[provider] ?? provider
}

/** A payment attempt's state, said so it stands alone in the order's list of payments. */
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  pending: 'Waiting for payment',
  success: 'Paid',
  failed: 'Payment failed',
  abandoned: 'Payment attempt replaced by a newer one',
}

/**
 * Who pays a delivery rate's fee, and when, on this order: an online order pays an `instant` fee with the
 * order; a pay-on-delivery order pays everything, fee included, on delivery (there is no "with the order"
 * before that); an on-delivery fee goes to the rider.
 */
export function deliveryFeeWords(paymentOption: string, provider: string): string {
  if (paymentOption !== 'instant') return 'paid to the rider on delivery'
  return provider === 'manual' ? 'paid on delivery with the rest of the order' : 'paid online with the order'
}

/** How a payment reached the shop: the method staff recorded, else the provider. */
export function paymentWay(attempt: Transaction): string {
  return attempt.recorded ? paymentMethodLabels[attempt.recorded.method as PaymentMethod] : providerLabel(attempt.provider)
}

/** The order's payment state in a word or two, for lists and cards. */
export const paymentStateLabels: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  'part-paid': 'Part-paid',
  paid: 'Paid',
  'refund-due': 'Refund due',
  refunded: 'Refunded',
  'nothing-due': 'Nothing to pay',
}

type PaidFigures = Pick<Order, 'status' | 'paid' | 'balance' | 'refunded' | 'refundDue' | 'paymentState' | 'currency' | 'payment'>

/**
 * The order's payment in a few words, from what it was paid and what is still due: paid, part paid (with
 * the balance), or not yet (waiting for an online payment, or to be paid on delivery or at pick-up).
 * `transactions` come newest first.
 */
export function paymentStatus(order: PaidFigures, transactions: readonly Transaction[]): string {
  const money = (value: number) => formatMoney(value, order.currency)
  // From the order's ledger: a refund once given is no longer asked for.
  const canceled = order.status === 'canceled'
  switch (order.paymentState) {
    case 'refund-due':
      return canceled ? `Canceled: refund ${money(order.refundDue.value)}` : `Paid more than owed: refund ${money(order.refundDue.value)}`
    case 'refunded':
      return `Canceled: ${money(order.refunded.value)} refunded`
    case 'nothing-due':
      return 'Canceled: nothing to pay'
    case 'paid':
      return order.paid > 0 ? 'Paid' : 'Nothing to pay'
    case 'part-paid':
      return `Part paid: ${money(order.balance)} due`
    case 'unpaid':
      // Nothing received yet: the latest attempt says why, below.
      break
  }
  const latest = transactions[0]
  if (latest?.status === 'failed') return 'Payment failed'
  if (order.payment.provider === 'manual') return 'Not paid yet: to be paid on delivery or at pick-up'
  return latest?.status === 'pending' ? 'Waiting for payment' : 'Not paid yet'
}
