import { type OrderSource, orderSourceLabels } from '@shop/domain'

/** Where staff took the order (WhatsApp, a phone call, the counter…); nothing for the online shop's own. */
export function OrderSourceBadge({ source }: { source: OrderSource }) {
  if (source === 'storefront') return null
  return <span className={`order-source order-source-${source}`}>{orderSourceLabels[source]}</span>
}
