import { layoutBars } from '../chart-scale'
import { dayLabel, longDayLabel } from '../chart-days'

const WIDTH = 600
const HEIGHT = 160

export type ChartPoint = {
  day: string
  value: number
  /** What the table shows for the day, one entry per column after the day. */
  cells: string[]
}

type Props = {
  id: string
  title: string
  /** The range's figure shown under the title ("123 visits"). */
  summary: string
  points: ChartPoint[]
  columns: string[]
  formatValue: (value: number) => string
}

/**
 * One bar per day. The drawing is for the eye (hover a bar for its day and value); screen readers get the
 * same numbers as a table.
 */
export function BarChart({ id, title, summary, points, columns, formatValue }: Props) {
  const { top, bars } = layoutBars(
    points.map((point) => point.value),
    WIDTH,
    HEIGHT,
  )
  const first = points[0]
  const last = points[points.length - 1]
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption className="chart-caption">
        <span id={`${id}-title`} className="chart-title">
          {title}
        </span>
        <span className="chart-summary">{summary}</span>
      </figcaption>
      <div className="chart-plot" aria-hidden="true">
        <span className="chart-top">{formatValue(top)}</span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
          <line className="chart-grid" x1="0" y1="0.5" x2={WIDTH} y2="0.5" vectorEffect="non-scaling-stroke" />
          <line className="chart-grid" x1="0" y1={HEIGHT / 2} x2={WIDTH} y2={HEIGHT / 2} vectorEffect="non-scaling-stroke" />
          <line className="chart-baseline" x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} vectorEffect="non-scaling-stroke" />
          {bars.map((bar, index) => (
            <rect key={points[index]!.day} className="chart-bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
              <title>{`${longDayLabel(points[index]!.day)}: ${formatValue(points[index]!.value)}`}</title>
            </rect>
          ))}
        </svg>
        {first && last && (
          <div className="chart-axis">
            <span>{dayLabel(first.day)}</span>
            <span>{dayLabel(last.day)}</span>
          </div>
        )}
      </div>
      <table className="visually-hidden">
        <caption>{`${title} per day`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{longDayLabel(point.day)}</th>
              {point.cells.map((cell, index) => (
                <td key={columns[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
