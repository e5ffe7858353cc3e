/**
 * In the product editor: how many shoppers wait to hear that a sold-out variant is back, and that saving
 * its stock above 0 tells them (once each). Nothing when nobody waits.
 */
import type { Variant } from '@shop/domain/schemas/catalog'
import type { StockAlertWaiting } from '@shop/domain/schemas/stock-alerts'
import { variantLabel } from '../../../lib/variant-label'

const shoppers = (count: number) => (count === 1 ? '1 shopper is' : `${count} shoppers are`)

export function WaitingForStock({ waiting, variants }: { waiting: StockAlertWaiting; variants: Pick<Variant, '_id' | 'features'>[] }) {
  const rows = waiting.data.filter((row) => row.waiting > 0)
  if (rows.length === 0) return null
  const nameOf = (id: string | null) => {
    const variant = id === null ? undefined : variants.find((option) => option._id === id)
    return variant ? variantLabel(variant) : null
  }
  return (
    <section className="waiting-for-stock" aria-labelledby="waiting-for-stock-title">
      <h2 id="waiting-for-stock-title">Waiting for stock</h2>
      <ul>
        {rows.map((row) => {
          const name = nameOf(row.variant)
          return (
            <li key={row.variant ?? ''}>
              {shoppers(row.waiting)} waiting{name ? ` for ${name}` : ''}.
            </li>
          )
        })}
      </ul>
      <p className="field-hint">When you set its stock above 0, each one gets one SMS or e-mail saying it is back.</p>
    </section>
  )
}
