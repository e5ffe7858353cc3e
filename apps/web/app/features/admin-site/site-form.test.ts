import { describe, expect, it } from 'vitest'
import type { Shop } from '@shop/domain/schemas/shop'
import { ApiError } from '../../lib/api'
import { checkSite, siteServerErrors, siteValues } from './site-form'

const shop: Shop = {
  _id: 'shop-1',
  slug: 'demo',
  title: 'Demo Shop',
  tagline: 'Fresh every day',
  about: 'We sell things.',
  logo: { url: '/uploads/a/logo.webp', thumbnail: '/uploads/a/logo-thumb.webp' },
  socials: [{ site: 'instagram', url: 'https://instagram.com/demo' }],
  whatsapp: '+233244123456',
  home: { promotionalText: 'Free delivery this week' },
  aboutSections: { payments: 'Cash', returns: '', contact: 'Call us' },
  config: { facebook: { meta: '' } },
  taxRate: 0,
  shopperLineMax: 10,
  offersPickup: true,
  offersDelivery: true,
  pickupAddress: '',
  pickupDirections: '',
  pickupHours: '',
  domains: [],
  currency: 'GHS',
  createdAt: '2030-01-01T00:00:00.000Z',
}

describe('siteValues', () => {
  it('gives every social site a field, empty when the shop has none', () => {
    expect(siteValues(shop)).toMatchObject({
      title: 'Demo Shop',
      promotionalText: 'Free delivery this week',
      socials: { facebook: '', instagram: 'https://instagram.com/demo', twitter: '' },
      whatsapp: '+233244123456',
      aboutSections: { payments: 'Cash', returns: '', contact: 'Call us' },
    })
  })
})

describe('checkSite', () => {
  it('sends trimmed text, the logo, and only the social links that have an address', () => {
    const values = siteValues(shop)
    values.title = '  New title '
    values.socials = { facebook: ' https://facebook.com/demo ', instagram: '', twitter: 'https://x.com/demo' }
    values.aboutSections.returns = ' 7 days '
    const { body, errors } = checkSite(values)
    expect(errors).toEqual({})
    expect(body).toEqual({
      title: 'New title',
      tagline: 'Fresh every day',
      about: 'We sell things.',
      logo: { url: '/uploads/a/logo.webp', thumbnail: '/uploads/a/logo-thumb.webp' },
      socials: [
        { site: 'facebook', url: 'https://facebook.com/demo' },
        { site: 'twitter', url: 'https://x.com/demo' },
      ],
      whatsapp: '+233244123456',
      home: { promotionalText: 'Free delivery this week' },
      aboutSections: { payments: 'Cash', returns: '7 days', contact: 'Call us' },
    })
  })

  it('sends a removed logo as null', () => {
    expect(checkSite({ ...siteValues(shop), logo: null }).body.logo).toBeNull()
  })

  it('puts a bad social address at its own field, whichever links come before it', () => {
    const values = { ...siteValues(shop), socials: { facebook: '', instagram: 'https://instagram.com/demo', twitter: 'x demo' } }
    expect(checkSite(values).errors).toEqual({ 'socials.twitter': 'Use a web address like instagram.com/yourshop' })
  })

  it('takes a social address typed without https:// (the API adds it), and refuses other schemes', () => {
    const values = { ...siteValues(shop), socials: { facebook: ' facebook.com/demo ', instagram: 'www.instagram.com/demo', twitter: 'http://x.com/demo' } }
    const { body, errors } = checkSite(values)
    expect(errors).toEqual({})
    expect(body.socials).toEqual([
      { site: 'facebook', url: 'facebook.com/demo' },
      { site: 'instagram', url: 'www.instagram.com/demo' },
      { site: 'twitter', url: 'http://x.com/demo' },
    ])
    for (const bad of ['javascript:alert(1)', 'ftp://x.com/a', 'instagram']) {
      expect(checkSite({ ...siteValues(shop), socials: { facebook: bad, instagram: '', twitter: '' } }).errors).toHaveProperty('socials.facebook')
    }
  })

  it('requires a title and limits the promotional text', () => {
    const values = { ...siteValues(shop), title: '   ', promotionalText: 'x'.repeat(201) }
    expect(checkSite(values).errors).toEqual({
      title: 'This field is required',
      'home.promotionalText': 'Use at most 200 characters',
    })
  })
})

describe('siteServerErrors', () => {
  it('maps the API’s field paths to the form’s fields', () => {
    const body = checkSite({ ...siteValues(shop), socials: { facebook: '', instagram: 'https://i.com/a', twitter: '' } }).body
    const error = new ApiError('Request failed with status code 400', 400, {
      name: 'BadRequest',
      message: 'Invalid body',
      code: 400,
      className: 'bad-request',
      errors: [
        { path: 'socials.0.url', message: 'must match pattern' },
        { path: 'title', message: 'is too long' },
      ],
    })
    expect(siteServerErrors(error, body)).toEqual({ 'socials.instagram': 'Must match pattern', title: 'Is too long' })
  })

  it('shows the API’s messages about the logo’s url or thumbnail at the logo field', () => {
    const body = checkSite(siteValues(shop)).body
    const refusal = (path: string) =>
      new ApiError('Request failed with status code 400', 400, {
        name: 'BadRequest',
        message: `Invalid body: ${path} …`,
        code: 400,
        className: 'bad-request',
        errors: [{ path, message: 'must be an image uploaded to this shop' }],
      })
    expect(siteServerErrors(refusal('logo.url'), body)).toEqual({ logo: 'Must be an image uploaded to this shop' })
    expect(siteServerErrors(refusal('logo.thumbnail'), body)).toEqual({ logo: 'Must be an image uploaded to this shop' })
  })

  it('shows anything else for the whole form', () => {
    expect(siteServerErrors(new ApiError('Network Error', null), {})).toEqual({ form: 'Network Error' })
  })
})
