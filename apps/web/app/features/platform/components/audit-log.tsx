import type { PlatformAuditEvent } from '@shop/domain/schemas/platform'
import { formatTime } from '../console'

const ACTIONS: Record<PlatformAuditEvent['action'], string> = { suspend: 'suspended', restore: 'restored' }

/** What operators did, newest first: who, when, what and why. */
export function AuditLog({ events, total }: { events: PlatformAuditEvent[]; total: number }) {
  return (
    <section className="platform-audit" aria-labelledby="platform-audit-title">
      <h2 id="platform-audit-title">Audit log</h2>
      {events.length === 0 ? (
        <p className="platform-empty">No operator has acted yet.</p>
      ) : (
        <ol className="platform-audit-list">
          {events.map((event) => (
            <li key={event._id}>
              <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>{' '}
              <strong>{event.operator.email}</strong> {ACTIONS[event.action]} <strong>{event.shop.slug}</strong>
              {event.reason && <span className="platform-reason">“{event.reason}”</span>}
            </li>
          ))}
        </ol>
      )}
      {total > events.length && (
        <p className="platform-more">
          The latest {events.length} of {total} entries.
        </p>
      )}
    </section>
  )
}
