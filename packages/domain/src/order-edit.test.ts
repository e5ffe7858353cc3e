import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'
import { type EditView, manualDiscountProblem, orderEditNote, stockMoves } from './order-edit'

const ghs = (major: number) => formatMoney(major, 'GHS')

const scarf = { product: 'p1', variant: 'm', count: 2, stockTaken: true }
const beads = { product: 'p2', variant: null, count: 1, stockTaken: true }

describe('stockMoves', () => {
  it('takes a new line, gives back a removed one and moves the difference of a changed count', () => {
    const moves = stockMoves([scarf, beads], [{ product: 'p1', variant: 'm', count: 5 }, { product: 'p3', variant: null, count: 4 }])
    expect(moves).toEqual([
      { product: 'p1', variant: 'm', count: 3 },
      { product: 'p3', variant: null, count: 4 },
      { product: 'p2', variant: null, count: -1 },
    ])
  })

  it('moves a changed variant as the old one back and the new one taken', () => {
    expect(stockMoves([scarf], [{ product: 'p1', variant: 'l', count: 2 }])).toEqual([
      { product: 'p1', variant: 'l', count: 2 },
      { product: 'p1', variant: 'm', count: -2 },
    ])
  })

  it('gives back nothing for a line that took no stock, and moves nothing when the count stays', () => {
    const untracked = { ...beads, stockTaken: false }
    expect(stockMoves([scarf, untracked], [{ product: 'p1', variant: 'm', count: 2 }, { product: 'p2', variant: null, count: 6 }])).toEqual([])
    expect(stockMoves([scarf, untracked], [{ product: 'p1', variant: 'm', count: 1 }])).toEqual([{ product: 'p1', variant: 'm', count: -1 }])
  })
})

describe('orderEditNote', () => {
  const before: EditView = {
    lines: [
      { product: 'p1', variant: 'm', title: 'Kente scarf', features: 'Size: M', count: 2 },
      { product: 'p2', variant: null, title: 'Beads', features: '', count: 1 },
    ],
    delivery: 'Pick-up',
    discount: 'SAVE10',
    totalInclTaxMinor: 12_000,
  }

  it('names each line added, removed or changed, the delivery and discount that changed, and both totals', () => {
    const after: EditView = {
      lines: [
        { product: 'p1', variant: 'l', title: 'Kente scarf', features: 'Size: L', count: 2 },
        { product: 'p2', variant: null, title: 'Beads', features: '', count: 3 },
      ],
      delivery: 'Dispatch: Greater Accra, Express',
      discount: null,
      totalInclTaxMinor: 15_500,
    }
    expect(orderEditNote(before, after, 'GHS')).toBe(
      'Order changed. Added Kente scarf (Size: L) × 2. Beads: 1 → 3. Removed Kente scarf (Size: M) × 2. ' +
        `Delivery: Pick-up → Dispatch: Greater Accra, Express. Discount: SAVE10 → none. Total: ${ghs(120)} → ${ghs(155)}.`,
    )
  })

  it('names only the total when nothing else changed', () => {
    expect(orderEditNote(before, before, 'GHS')).toBe(`Order changed. Total: ${ghs(120)} → ${ghs(120)}.`)
  })
})

describe('manualDiscountProblem', () => {
  it('allows up to what the items come to after the code, in at most two decimals', () => {
    expect(manualDiscountProblem(50, 10_000, 5_000, 'GHS')).toBeNull()
    expect(manualDiscountProblem(0.01, 10_000, 0, 'GHS')).toBeNull()
    expect(manualDiscountProblem(10.005, 10_000, 0, 'GHS')).toBe('must have at most two decimals')
    expect(manualDiscountProblem(100.01, 10_000, 0, 'GHS')).toBe(`is more than the items come to (${formatMoney(100, 'GHS')})`)
    expect(manualDiscountProblem(51, 10_000, 5_000, 'GHS')).toBe(`is more than the items come to after the code's discount (${formatMoney(50, 'GHS')})`)
  })
})
