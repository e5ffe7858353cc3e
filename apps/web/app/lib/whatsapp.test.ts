import { describe, expect, it } from 'vitest'
import { whatsAppUrl } from './whatsapp'

describe('whatsAppUrl', () => {
  it('writes an international number as digits only', () => {
    expect(whatsAppUrl('+233 24 412 3456')).toBe('https://wa.me/233244123456')
    expect(whatsAppUrl('+233244123456')).toBe('https://wa.me/233244123456')
  })

  it('reads a local or 00-prefixed number as the checkout does', () => {
    expect(whatsAppUrl('024 412 3456')).toBe('https://wa.me/233244123456')
    expect(whatsAppUrl('00233 24 412 3456')).toBe('https://wa.me/233244123456')
  })

  it('fills in the message, encoded', () => {
    expect(whatsAppUrl('+233244123456', 'Hello, about order K3X9 & more')).toBe(
      'https://wa.me/233244123456?text=Hello%2C%20about%20order%20K3X9%20%26%20more',
    )
  })

  it('gives nothing for a number without digits', () => {
    expect(whatsAppUrl('')).toBeNull()
    expect(whatsAppUrl(' - ')).toBeNull()
  })
})
