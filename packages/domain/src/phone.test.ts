import { describe, expect, it } from 'vitest'
import { parsePhone } from './phone'

describe('parsePhone', () => {
  it('reads the ways Ghanaians write one number as one international number', () => {
    for (const text of ['024 412 3456', '0244123456', '+233 24 412 3456', '+233244123456', '00233244123456', ' 024-412-3456 ']) {
      expect(parsePhone(text)).toEqual({ ok: true, phone: '+233244123456' })
    }
  })
  it('accepts numbers of other countries given with their code', () => {
    expect(parsePhone('+44 20 7946 0958')).toEqual({ ok: true, phone: '+442079460958' })
  })
  it('refuses what cannot be a phone number, with a message', () => {
    for (const text of ['12345', '024 412', 'call me', '+233 24 412 3456 789', '0000000000']) {
      const result = parsePhone(text)
      expect(result.ok, text).toBe(false)
      if (!result.ok) expect(result.message).toMatch(/phone number/)
    }
    expect(parsePhone('   ')).toEqual({ ok: false, message: 'Enter a phone number' })
  })
})
