import { formatShortDate, orderStatusLabels } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'

/** What happened to the order, oldest first, with SPEC §9 dates. */
export function OrderTimeline({ timeline }: { timeline: NonNullable<Order['timeline']> }) {
  return (
    <ol className="timeline">
      {timeline.map((entry, index) => (
        <li key={`${entry.status}-${index}`}>
          <strong>{orderStatusLabels[entry.status]}</strong>{' '}
          <time dateTime={entry.createdAt}>{formatShortDate(new Date(entry.createdAt))}</time>
          {entry.note && <p>{entry.note}</p>}
        </li>
      ))}
    </ol>
  )
}
