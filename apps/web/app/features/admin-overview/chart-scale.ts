/** Bar heights for the overview charts: a round top value, so the axis reads "40" rather than "37.25". */

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `max`; 1 for an empty or all-zero chart. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1
  const magnitude = 10 ** Math.floor(Math.log10(max))
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= max - 1e-9) ?? 10
  return step * magnitude
}

export type Bar = { x: number; y: number; width: number; height: number }

/**
 * Bars for `values` in a `width` × `height` box, left to right, with `gap` between them (as a share of a
 * bar's slot); each bar's height is its share of the round top value.
 */
export function layoutBars(values: readonly number[], width: number, height: number, gap = 0.2): { top: number; bars: Bar[] } {
  const top = niceCeiling(Math.max(0, ...values))
  const slot = values.length ? width / values.length : 0
  const barWidth = slot * (1 - gap)
  const bars = values.map((value, index) => {
    const barHeight = (Math.max(0, value) / top) * height
    return { x: index * slot + (slot - barWidth) / 2, y: height - barHeight, width: barWidth, height: barHeight }
  })
  return { top, bars }
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
