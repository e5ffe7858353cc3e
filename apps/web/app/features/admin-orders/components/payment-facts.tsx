import type { Order } from '@shop/domain/schemas/orders'
import type { Transaction } from '@shop/domain/schemas/payments'
import { formatMoney } from '../../../lib/money'
import { paymentStatus } from '../payment-labels'

/** The order's payment in three facts: where it stands, what is paid and what is still due. */
export function PaymentFacts({ order, transactions }: { order: Order; transactions: readonly Transaction[] }) {
  return (
    <>
      <div>
        <dt>Status</dt>
        <dd>{paymentStatus(order, transactions)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatMoney(order.paid, order.currency)}</dd>
      </div>
      <div>
        <dt>Balance due</dt>
        <dd>{formatMoney(order.balance, order.currency)}</dd>
      </div>
    </>
  )
}
