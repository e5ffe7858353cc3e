import { describe, expect, it } from 'vitest'
import { movedMessage, orderActions } from './order-actions'

describe('orderActions', () => {
  it('offers the next step and cancel while an order is placed, packaged or ready', () => {
    expect(orderActions('placed', 'dispatch')).toEqual({ next: { status: 'packaged', label: 'Mark as packaged' }, canCancel: true })
    expect(orderActions('packaged', 'pick-up')).toEqual({ next: { status: 'ready', label: 'Mark as ready' }, canCancel: true })
    expect(orderActions('ready', 'dispatch')).toEqual({ next: { status: 'dispatched', label: 'Mark as dispatched' }, canCancel: true })
  })

  it('takes pick-up orders from ready straight to delivered', () => {
    expect(orderActions('ready', 'pick-up').next).toEqual({ status: 'delivered', label: 'Mark as delivered' })
  })

  it('no longer cancels a dispatched order, and offers nothing at the end', () => {
    expect(orderActions('dispatched', 'dispatch')).toEqual({ next: { status: 'delivered', label: 'Mark as delivered' }, canCancel: false })
    expect(orderActions('delivered', 'dispatch')).toEqual({ next: null, canCancel: false })
    expect(orderActions('canceled', 'pick-up')).toEqual({ next: null, canCancel: false })
  })
})

describe('movedMessage', () => {
  it('says where the order is now', () => {
    expect(movedMessage('K3X9', 'packaged')).toBe('Order K3X9 is now packaged')
    expect(movedMessage('K3X9', 'ready')).toBe('Order K3X9 is now ready')
    expect(movedMessage('K3X9', 'canceled')).toBe('Order K3X9 was canceled')
  })
})
