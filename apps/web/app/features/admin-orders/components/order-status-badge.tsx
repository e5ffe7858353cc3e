import { type OrderStatus, orderStatusLabels } from '@shop/domain'

/** The status as a coloured label (the app's `.status` styles, shared with the storefront's badge). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status-${status}`}>{orderStatusLabels[status]}</span>
}
