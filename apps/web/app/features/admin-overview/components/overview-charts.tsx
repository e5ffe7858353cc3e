import type { SalesByDay, VisitsByDay } from '@shop/domain/schemas/analytics'
import { formatMoney } from '../../../lib/money'
import { sum } from '../chart-scale'
import { BarChart } from './bar-chart'

const count = (value: number) => value.toLocaleString('en-GH')
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`

/** Visits and sales of a range of days, one bar per day (the API sends every day, quiet ones as 0). */
export function OverviewCharts({ visits, sales, busy }: { visits: VisitsByDay; sales: SalesByDay; busy: boolean }) {
  const money = (value: number) => formatMoney(value, sales.currency)
  const visitCounts = visits.data.map((day) => day.visits)
  const orderCounts = sales.data.map((day) => day.orders)
  return (
    <div className="charts" aria-busy={busy || undefined}>
      <BarChart
        id="visits-chart"
        title="Visits"
        summary={plural(sum(visitCounts), 'visit')}
        points={visits.data.map((day) => ({ day: day.date, value: day.visits, cells: [count(day.visits), count(day.visitors)] }))}
        columns={['Visits', 'Visitors']}
        formatValue={count}
      />
      <BarChart
        id="sales-chart"
        title="Sales"
        summary={`${money(sum(sales.data.map((day) => day.sales)))} from ${plural(sum(orderCounts), 'order')}`}
        points={sales.data.map((day) => ({ day: day.date, value: day.sales, cells: [money(day.sales), count(day.orders)] }))}
        columns={['Sales', 'Orders']}
        formatValue={money}
      />
    </div>
  )
}
