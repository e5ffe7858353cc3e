import { orderStatusLabels } from '@shop/domain'
import type { OrderStatus } from '../../../types/api'

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status-${status}`}>{orderStatusLabels[status]}</span>
}
