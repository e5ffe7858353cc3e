import type { Shop } from '@shop/domain/schemas/shop'

/** On every dashboard page of a shop the platform suspended: since when, why, and what still works. */
export function SuspendedNotice({ suspension, platformName }: { suspension: NonNullable<Shop['suspension']>; platformName: string }) {
  const since = new Date(suspension.since).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
  return (
    <section className="alert suspended-notice" aria-label="Shop suspended">
      <p>
        <strong>
          {platformName} suspended this shop on {since}.
        </strong>{' '}
        Reason: {suspension.reason}
      </p>
      <p>
        Shoppers cannot visit it and nothing in it can be changed. You can still read everything here and export your
        products, orders and customers as CSV.
      </p>
    </section>
  )
}
