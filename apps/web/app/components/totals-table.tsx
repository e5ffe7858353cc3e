import { formatMoney, formatMoneyOff } from '../lib/money'
import type { TotalsRow } from '../lib/totals-rows'

/** Subtotal, discount, tax, delivery and total, as a definition list. */
export function TotalsTable({ rows, currency, label = 'Order summary' }: { rows: TotalsRow[]; currency: string; label?: string }) {
  return (
    <dl className="totals" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className={row.total ? 'totals-row totals-total' : 'totals-row'}>
          <dt>{row.label}</dt>
          <dd>
            {typeof row.value === 'string'
              ? row.value
              : row.negative
                ? formatMoneyOff(row.value, currency)
                : formatMoney(row.value, currency)}
            {row.note && <span className="totals-note">{row.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
