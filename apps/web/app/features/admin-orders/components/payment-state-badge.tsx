import type { PaymentState } from '@shop/domain'
import { paymentStateLabels } from '../payment-labels'

/** Where the order's money stands (its ledger's `paymentState`) as a coloured label; nothing when nothing is due. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  if (state === 'nothing-due') return null
  return <span className={`status payment-${state}`}>{paymentStateLabels[state]}</span>
}
