import { describe, expect, it } from 'vitest'
import { payLinkMessage, whatsAppHref } from './pay-link-message'

const link = 'https://demo.shop.test/pay/8f0c1c9e-2b1a-4c55-9d55-0d6c1b0e1a11?key=0123456789abcdef0123456789abcdef'

describe('payLinkMessage', () => {
  it('greets the buyer by name and says how much, for which order, with the link', () => {
    const text = payLinkMessage({ orderId: 'K7Q2', customerName: ' Ama ', balance: 1234.5, currency: 'GHS' }, 'Kente House', link)
    expect(text.replace(/\u00a0/g, ' ')).toBe(`Hello Ama, here is the link to pay GHS 1,234.50 for your Kente House order K7Q2: ${link}`)
  })

  it('says hello without a name', () => {
    expect(payLinkMessage({ orderId: 'K7Q2', customerName: '', balance: 5, currency: 'GHS' }, 'Kente House', link)).toMatch(/^Hello, here is/)
  })
})

describe('whatsAppHref', () => {
  it('opens the buyer’s chat with the message filled in', () => {
    const href = whatsAppHref('+233 24 123 4567', `Pay here: ${link}`)
    expect(href.startsWith('https://wa.me/233241234567?text=')).toBe(true)
    expect(new URL(href).searchParams.get('text')).toBe(`Pay here: ${link}`)
  })

  it('lets the sender choose the chat when the order has no phone', () => {
    expect(whatsAppHref('', 'Hi')).toBe('https://wa.me/?text=Hi')
  })
})
