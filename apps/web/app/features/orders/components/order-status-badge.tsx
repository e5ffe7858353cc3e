import { orderStatusLabels, type OrderStatus } from '@shop/domain'

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status-${status}`}>{orderStatusLabels[status]}</span>
}
