import { Link } from 'react-router'
import { formatMoney } from '../../../lib/money'
import type { ShopOverview } from '@shop/domain/schemas/overview'

type Top = ShopOverview['topProducts']['byUnits'][number]

/** The period's best sellers, by units and by revenue: two short ranked lists. */
export function TopProducts({ overview }: { overview: ShopOverview }) {
  const { byUnits, byRevenue } = overview.topProducts
  if (byUnits.length === 0) return <p className="empty">No sales in this period.</p>
  const money = (value: number) => formatMoney(value, overview.currency)
  return (
    <div className="top-products">
      <TopList title="By units sold" items={byUnits} figure={(top) => `${top.units.toLocaleString('en-GH')} sold`} />
      <TopList title="By revenue" items={byRevenue} figure={(top) => money(top.revenue)} />
    </div>
  )
}

function TopList({ title, items, figure }: { title: string; items: Top[]; figure: (top: Top) => string }) {
  return (
    <section className="top-list" aria-label={`Top products ${title.toLowerCase()}`}>
      <h3>{title}</h3>
      <ol>
        {items.map((top, index) => (
          <li key={top.product}>
            <span className="top-rank" aria-hidden="true">
              {index + 1}
            </span>
            <Link to={`/admin/products/${top.product}`} className="top-title">
              {top.title}
            </Link>
            <span className="top-figure">{figure(top)}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
