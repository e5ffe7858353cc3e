import { formatShortDate } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'
import { type Refund, refundMethodWords } from '@shop/domain/schemas/refunds'
import { formatMoney } from '../../../lib/money'

/**
 * What happens to a canceled order's money, for its buyer (decision 59): nothing was paid, or what was
 * refunded (when, how), what is on its way back, and what the shop still owes them.
 */
export function CanceledMoney({ order, refunds }: { order: Order; refunds: readonly Refund[] }) {
  if (order.status !== 'canceled') return null
  const money = (value: number) => formatMoney(value, order.currency)
  const given = refunds.filter((refund) => refund.status !== 'failed' && refund.amount.value > 0)
  if (order.paid === 0 && !given.length) {
    return (
      <p className="notice" role="status">
        This order is canceled. Nothing was paid for it, so there is nothing to refund.
      </p>
    )
  }
  return (
    <div className="notice" role="status">
      <p>This order is canceled. Your money:</p>
      <ul>
        {[...given].reverse().map((refund) => (
          <li key={refund._id}>
            {refund.status === 'pending' ? `${money(refund.amount.value)} is on its way back ` : `${money(refund.amount.value)} refunded `}
            {refundMethodWords[refund.method]}, <time dateTime={refund.createdAt}>{formatShortDate(new Date(refund.createdAt))}</time>
            {refund.status === 'pending' ? ': it can take a few days to reach you.' : '.'}
          </li>
        ))}
        {order.refundDue.value > 0 && <li>{money(order.refundDue.value)} is still to be refunded to you: the shop will give it back.</li>}
      </ul>
    </div>
  )
}
