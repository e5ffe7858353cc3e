import { shopConfigPatchBody } from '@shop/domain/schemas/shop'
import { describe, expect, it } from 'vitest'
import { validate } from '../../lib/form-errors'
import {
  MAX_DOMAINS,
  addDomain,
  domainErrors,
  facebookMetaBody,
  paymentOptionRows,
  paymentOptionsBody,
  pickupBody,
  pickupProblems,
  pickupValues,
  removeDomain,
  shopperOrdersBody,
  shopperOrdersValues,
  taxRateBody,
  unpaidOrderTimeoutBody,
} from './shop-config-forms'

describe('domain list editing', () => {
  it('adds a host name, keeping only the host of a pasted address', () => {
    expect(addDomain(['a.example.com'], ' Shop.Example.com ')).toEqual({ domains: ['a.example.com', 'shop.example.com'] })
    expect(addDomain([], 'https://shop.example.com/products?x=1')).toEqual({ domains: ['shop.example.com'] })
    expect(addDomain([], 'shop.example.com:8080')).toEqual({ domains: ['shop.example.com:8080'] })
  })

  it('refuses an empty entry, a duplicate and one too many', () => {
    expect(addDomain([], '  ')).toEqual({ error: 'Enter a host name such as shop.example.com' })
    expect(addDomain(['shop.example.com'], 'SHOP.example.com')).toEqual({ error: 'shop.example.com is already in the list' })
    const full = Array.from({ length: MAX_DOMAINS }, (_, i) => `s${i}.example.com`)
    expect(addDomain(full, 'one-more.example.com')).toEqual({ error: 'A shop can have at most 20 domains' })
  })

  it('removes by position', () => {
    expect(removeDomain(['a.com', 'b.com', 'c.com'], 1)).toEqual(['a.com', 'c.com'])
  })

  it('keeps each message with the host it was about, whatever is removed later', () => {
    const sent = ['intranet', 'shop.example.com', 'localhost']
    const byHost = domainErrors({ 'domains.0': 'Must be a host name', 'domains.2': 'Is the platform', form: 'x' }, sent)
    expect(byHost).toEqual({ intranet: 'Must be a host name', localhost: 'Is the platform' })
    const shown = removeDomain(sent, 0)
    expect(shown.map((domain) => byHost[domain])).toEqual([undefined, 'Is the platform'])
  })
})

describe('payment options', () => {
  it('lists every provider once, the shop’s own first in its order', () => {
    expect(paymentOptionRows([{ provider: 'test', enabled: true, label: 'Try it' }, { provider: 'manual', enabled: true }])).toEqual([
      { provider: 'test', enabled: true, label: 'Try it' },
      { provider: 'manual', enabled: true, label: '' },
      { provider: 'paystack', enabled: false, label: '' },
    ])
  })

  it('sends trimmed labels and leaves empty ones out', () => {
    const body = paymentOptionsBody([
      { provider: 'manual', enabled: true, label: '  Cash on delivery ' },
      { provider: 'paystack', enabled: false, label: ' ' },
    ])
    expect(body).toEqual({ paymentOptions: [{ provider: 'manual', enabled: true, label: 'Cash on delivery' }, { provider: 'paystack', enabled: false }] })
    expect(validate(shopConfigPatchBody, body)).toEqual({})
  })
})

describe('tax and Facebook bodies', () => {
  it('sends the tax rate as a number and lets the schema check its range', () => {
    expect(taxRateBody('12.5')).toEqual({ taxRate: 12.5 })
    expect(validate(shopConfigPatchBody, taxRateBody('150')).taxRate).toBe('Must be at most 100')
    expect(validate(shopConfigPatchBody, taxRateBody('ten')).taxRate).toBe('Enter a number')
    expect(validate(shopConfigPatchBody, taxRateBody(' ')).taxRate).toBe('Enter a number')
  })

  it('reads the unpaid-order timeout in whole minutes, from 5 minutes to a week', () => {
    expect(unpaidOrderTimeoutBody('45')).toEqual({ unpaidOrderTimeout: 45 })
    expect(validate(shopConfigPatchBody, unpaidOrderTimeoutBody('4')).unpaidOrderTimeout).toBe('Must be at least 5')
    expect(validate(shopConfigPatchBody, unpaidOrderTimeoutBody('10081')).unpaidOrderTimeout).toBe('Must be at most 10080')
    expect(validate(shopConfigPatchBody, unpaidOrderTimeoutBody('12.5')).unpaidOrderTimeout).toBe('Enter a whole number')
    expect(validate(shopConfigPatchBody, unpaidOrderTimeoutBody('')).unpaidOrderTimeout).toBe('Enter a whole number')
  })

  it("sends the limits on shoppers' orders as whole numbers in their ranges", () => {
    const form = shopperOrdersValues({ shopperLineMax: 10, unconfirmedOrdersPerBuyer: 3, unconfirmedOrderHours: 48 })
    expect(form).toEqual({ shopperLineMax: '10', unconfirmedOrdersPerBuyer: '3', unconfirmedOrderHours: '48' })
    expect(shopperOrdersBody({ ...form, shopperLineMax: ' 25 ' })).toEqual({ shopperLineMax: 25, unconfirmedOrdersPerBuyer: 3, unconfirmedOrderHours: 48 })
    const problems = validate(shopConfigPatchBody, shopperOrdersBody({ shopperLineMax: '0', unconfirmedOrdersPerBuyer: '101', unconfirmedOrderHours: '' }))
    expect(problems).toEqual({
      shopperLineMax: 'Must be at least 1',
      unconfirmedOrdersPerBuyer: 'Must be at most 100',
      unconfirmedOrderHours: 'Enter a whole number',
    })
    expect(validate(shopConfigPatchBody, shopperOrdersBody({ ...form, unconfirmedOrderHours: '721' })).unconfirmedOrderHours).toBe('Must be at most 720')
  })

  it('trims the Facebook code', () => {
    expect(facebookMetaBody('  abc123 ')).toEqual({ facebook: { meta: 'abc123' } })
  })
})

describe('the pick-up and delivery form', () => {
  const saved = { offersPickup: true, offersDelivery: true, pickupAddress: '14 Oxford Street', pickupDirections: '', pickupHours: 'Mon–Sat 9–6' }

  it('refuses offering neither, and pick-up without a place, as the API does', () => {
    expect(pickupProblems(saved)).toEqual({})
    expect(pickupProblems({ ...saved, offersPickup: false, offersDelivery: false })).toEqual({ offersDelivery: 'Offer pick-up, delivery or both.' })
    expect(pickupProblems({ ...saved, pickupAddress: '  ' })).toEqual({ pickupAddress: 'Say where customers pick up their orders.' })
    // Delivery only needs no place.
    expect(pickupProblems({ ...saved, offersPickup: false, pickupAddress: '' })).toEqual({})
  })

  it('sends the texts trimmed', () => {
    expect(pickupBody({ ...saved, pickupAddress: ' 14 Oxford Street ', pickupDirections: ' Upstairs ' })).toEqual({
      ...saved,
      pickupDirections: 'Upstairs',
    })
    expect(pickupValues({ ...saved })).toEqual(saved)
  })
})
