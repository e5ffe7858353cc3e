import { describe, expect, it } from 'vitest'
import { layoutBars, niceCeiling, sum } from './chart-scale'

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(3)).toBe(5)
    expect(niceCeiling(5)).toBe(5)
    expect(niceCeiling(7)).toBe(10)
    expect(niceCeiling(37.25)).toBe(50)
    expect(niceCeiling(120)).toBe(200)
    expect(niceCeiling(2173)).toBe(2500)
    expect(niceCeiling(1000)).toBe(1000)
    expect(niceCeiling(0.3)).toBe(0.5)
  })

  it('gives an empty chart a top of 1', () => {
    expect(niceCeiling(0)).toBe(1)
    expect(niceCeiling(Number.NaN)).toBe(1)
  })
})

describe('layoutBars', () => {
  it('scales each bar against the round top and stands it on the baseline', () => {
    const { top, bars } = layoutBars([0, 5, 10], 300, 100, 0)
    expect(top).toBe(10)
    expect(bars).toEqual([
      { x: 0, y: 100, width: 100, height: 0 },
      { x: 100, y: 50, width: 100, height: 50 },
      { x: 200, y: 0, width: 100, height: 100 },
    ])
  })

  it('centres narrower bars in their slots', () => {
    const { bars } = layoutBars([1, 1], 200, 50, 0.5)
    expect(bars.map((bar) => [bar.x, bar.width])).toEqual([
      [25, 50],
      [125, 50],
    ])
  })

  it('draws nothing for no values, and no negative bars', () => {
    expect(layoutBars([], 300, 100).bars).toEqual([])
    expect(layoutBars([-3, 2], 100, 100, 0).bars[0]!.height).toBe(0)
  })
})

describe('sum', () => {
  it('adds up', () => {
    expect(sum([1, 2.5, 3])).toBe(6.5)
    expect(sum([])).toBe(0)
  })
})
