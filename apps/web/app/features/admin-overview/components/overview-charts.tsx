import { LoadError } from '../../../components/load-error'
import { formatMoney } from '../../../lib/money'
import { useApiData } from '../../../lib/use-api-data'
import { getSales } from '../../../api/analytics/get-sales'
import { getVisits } from '../../../api/analytics/get-visits'
import { type ChartRange, lastDays } from '../chart-days'
import { sum } from '../chart-scale'
import { BarChart } from './bar-chart'
import { api } from '../../../lib/api'

const count = (value: number) => value.toLocaleString('en-GH')
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`

/** Visits and sales of the last `range` days, one bar per day (the API sends every day, quiet ones as 0). */
export function OverviewCharts({ shopId, range }: { shopId: string; range: ChartRange }) {
  const charts = useApiData(`${shopId}/${range}`, () => {
    const days = lastDays(range)
    return Promise.all([getVisits(api, shopId, days), getSales(api, shopId, days)])
  })
  if (charts.error && !charts.data) return <LoadError error={charts.error} onRetry={charts.reload} />
  if (!charts.data) {
    return (
      <p className="loading" role="status">
        Loading the charts…
      </p>
    )
  }
  const [visits, sales] = charts.data
  const money = (value: number) => formatMoney(value, sales.currency)
  const visitCounts = visits.data.map((day) => day.visits)
  const orderCounts = sales.data.map((day) => day.orders)
  return (
    <div className="charts" aria-busy={charts.loading || undefined}>
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
