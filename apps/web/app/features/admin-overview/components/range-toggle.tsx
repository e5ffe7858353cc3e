import { type ChartRange, chartRanges } from '../chart-days'

/** Last 7 days or last 30 days, as two toggle buttons. */
export function RangeToggle({ value, onChange }: { value: ChartRange; onChange: (range: ChartRange) => void }) {
  return (
    <div className="range-toggle" role="group" aria-label="Chart period">
      {chartRanges.map((days) => (
        <button key={days} type="button" className="range-toggle-option" aria-pressed={days === value} onClick={() => onChange(days)}>
          {days} days
        </button>
      ))}
    </div>
  )
}
