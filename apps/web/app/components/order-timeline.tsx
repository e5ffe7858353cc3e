import { formatShortDate, orderStatusLabels } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'

/**
 * What happened to the order, oldest first, with docs/product.md §9 dates: each status once, with the notes that
 * followed it (a payment received) as entries of their own.
 */
export function OrderTimeline({ timeline }: { timeline: NonNullable<Order['timeline']> }) {
  return (
    <ol className="timeline">
      {timeline.map((entry, index) => (
        <li key={`${entry.type}-${entry.status}-${index}`} className={entry.type === 'note' ? 'timeline-note' : undefined}>
          <strong>{entry.type === 'note' ? 'Note' : orderStatusLabels[entry.status]}</strong>{' '}
          <time dateTime={entry.createdAt}>{formatShortDate(new Date(entry.createdAt))}</time>
          {entry.note && <p>{entry.note}</p>}
        </li>
      ))}
    </ol>
  )
}
