import { formatMoney } from '../../../lib/money'
import { conversionText, countText } from '../overview-figures'
import type { ShopOverview } from '@shop/domain/schemas/overview'

/** The period's sales, orders, average order value and visit-to-order conversion, as four tiles. */
export function PeriodFigures({ overview }: { overview: ShopOverview }) {
  const { period, currency } = overview
  const money = (value: number) => formatMoney(value, currency)
  const figures = [
    { term: 'Sales', value: money(period.sales), note: 'Canceled orders not counted' },
    { term: 'Orders', value: period.orders.toLocaleString('en-GH'), note: null },
    { term: 'Average order', value: period.averageOrderValue === null ? '–' : money(period.averageOrderValue), note: null },
    { term: 'Conversion', value: conversionText(period.conversion), note: `${countText(period.orders, 'order')} from ${countText(period.visits, 'visit')}` },
  ]
  return (
    <dl className="period-figures">
      {figures.map((figure) => (
        <div key={figure.term} className="period-figure">
          <dt>{figure.term}</dt>
          <dd>
            <span className="period-figure-value">{figure.value}</span>
            {figure.note && <span className="period-figure-note">{figure.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
