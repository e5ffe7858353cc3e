import { describe, expect, it } from 'vitest'
import { allowedTransitions, canTransition, nextStatus, orderStatusLabels, orderStatuses, orderSummary, orderTodos, statusInSentence } from './order-status'

describe('order status machine', () => {
  it('moves dispatch orders one step at a time to delivered', () => {
    expect(nextStatus('placed', 'dispatch')).toBe('packaged')
    expect(nextStatus('packaged', 'dispatch')).toBe('ready')
    expect(nextStatus('ready', 'dispatch')).toBe('dispatched')
    expect(nextStatus('dispatched', 'dispatch')).toBe('delivered')
    expect(nextStatus('delivered', 'dispatch')).toBeNull()
    expect(nextStatus('canceled', 'dispatch')).toBeNull()
  })

  it('lets pick-up orders skip dispatched', () => {
    expect(nextStatus('ready', 'pick-up')).toBe('delivered')
    expect(canTransition('ready', 'dispatched', 'pick-up', 'staff')).toBe(false)
  })

  it('cancels from placed, packaged or ready only', () => {
    const cancelable = orderStatuses.filter((s) => canTransition(s, 'canceled', 'dispatch', 'staff'))
    expect(cancelable).toEqual(['placed', 'packaged', 'ready'])
  })

  it('never skips a step or goes back', () => {
    expect(canTransition('placed', 'ready', 'dispatch', 'staff')).toBe(false)
    expect(canTransition('ready', 'packaged', 'dispatch', 'staff')).toBe(false)
    expect(canTransition('delivered', 'canceled', 'dispatch', 'staff')).toBe(false)
    expect(allowedTransitions('canceled', 'dispatch', 'staff')).toEqual([])
  })

  it('lets the shopper only cancel while placed', () => {
    expect(allowedTransitions('placed', 'dispatch', 'shopper')).toEqual(['canceled'])
    expect(allowedTransitions('packaged', 'dispatch', 'shopper')).toEqual([])
    expect(canTransition('placed', 'packaged', 'dispatch', 'shopper')).toBe(false)
  })
})

describe('orderSummary', () => {
  it("names the first item and counts the rest", () => {
    expect(orderSummary([])).toBe('')
    expect(orderSummary([{ title: 'Kente shirt' }])).toBe('Kente shirt')
    expect(orderSummary([{ title: 'Kente shirt' }, { title: 'Cap' }])).toBe('Kente shirt and 1 other item')
    expect(orderSummary([{ title: 'Kente shirt' }, { title: 'Cap' }, { title: 'Bag' }])).toBe('Kente shirt and 2 other items')
  })
})

describe('orderTodos', () => {
  it('lists the statuses the shop still has to move forward, in the order of the machine', () => {
    expect(orderTodos.map((todo) => todo.status)).toEqual(['placed', 'packaged', 'ready'])
    // Each one still has a step that staff take, for delivery and for pick-up alike.
    for (const { status } of orderTodos) {
      expect(nextStatus(status, 'dispatch')).not.toBeNull()
      expect(nextStatus(status, 'pick-up')).not.toBeNull()
    }
    // Once dispatched, the order is with the rider: nothing left to do in the shop.
    expect((orderTodos.map((todo) => todo.status) as string[]).includes('dispatched')).toBe(false)
  })
})

describe('statusInSentence', () => {
  it('writes every status in lower case, as sentences say it, while labels stay capitalised', () => {
    expect(orderStatuses.map(statusInSentence)).toEqual(['placed', 'packaged', 'ready', 'dispatched', 'delivered', 'canceled'])
    expect(orderStatusLabels.ready).toBe('Ready')
  })
})
