import { formatShortDate } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'
import { type Refund, refundMethodLabels, refundStatusLabels } from '@shop/domain/schemas/refunds'
import { formatMoney } from '../../../lib/money'
import { itemsOut } from '../refund-input'

/** The order's refunds and returns, newest first: how much, how, why, where it stands, who gave it, what came back. */
export function OrderRefunds({ order, refunds }: { order: Order; refunds: readonly Refund[] }) {
  if (!refunds.length) return null
  const titles = new Map(itemsOut(order, []).map((item) => [item.key, item.title]))
  return (
    <>
      <h3 className="order-transactions-title">Refunds and returns</h3>
      <ul className="order-transactions order-refunds">
        {refunds.map((refund) => {
          const back = refund.restock.map((line) => `${titles.get(`${line.product}/${line.variant ?? ''}`) ?? 'An item'} × ${line.count}`).join(', ')
          return (
            <li key={refund._id} className={refund.status === 'failed' ? 'refund-failed' : undefined}>
              <strong>{refundStatusLabels[refund.status]}</strong> · {formatMoney(refund.amount.value, refund.amount.currency)} ·{' '}
              <time dateTime={refund.createdAt}>{formatShortDate(new Date(refund.createdAt))}</time>
              <span className="block">{refund.amount.value > 0 ? refundMethodLabels[refund.method] : 'Return without money back'}</span>
              <span className="block">{refund.reason}</span>
              {back && <span className="block">Back on sale: {back}</span>}
              {refund.status === 'failed' && <span className="block">Paystack could not give it back: refund it another way.</span>}
              <span className="hint block">
                {refund.createdBy ? `By ${refund.createdBy.name}` : 'By a former staff member'}
                {refund.reference ? ` · Reference ${refund.reference}` : ''}
              </span>
            </li>
          )
        })}
      </ul>
    </>
  )
}
