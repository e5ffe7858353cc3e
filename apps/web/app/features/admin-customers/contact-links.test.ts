import { describe, expect, it } from 'vitest'
import { callHref, parseTags, whatsAppHref } from './contact-links'

describe('reaching a customer', () => {
  it('calls the number as stored and opens WhatsApp with its digits', () => {
    expect(callHref('+233244123456')).toBe('tel:+233244123456')
    expect(whatsAppHref('+233244123456')).toBe('https://wa.me/233244123456')
    expect(whatsAppHref('+233 24 412 3456', 'Hello Ama')).toBe('https://wa.me/233244123456?text=Hello%20Ama')
  })

  it('offers neither without a phone', () => {
    expect(callHref('')).toBeNull()
    expect(whatsAppHref('')).toBeNull()
  })
})

describe('tags typed in one box', () => {
  it('splits on commas, trims, and drops blanks and repeats', () => {
    expect(parseTags(' VIP, wholesale ,, vip,  Osu   market ')).toEqual(['VIP', 'wholesale', 'Osu market'])
    expect(parseTags('   ')).toEqual([])
  })
})
