import { describe, expect, it } from 'vitest'
import type { Shop } from '@shop/domain/schemas/shop'
import { FALLBACK_DESCRIPTION, facebookVerification, pageMeta, pageTitle, routeMeta, summary, twitterHandle } from './page-meta'

const platform = { name: 'Shoplet', url: 'http://localhost:3000' }

function shop(overrides: Partial<Shop> = {}): Shop {
  return {
    _id: '7d1f5c3e-8c43-4a8e-9f3e-0a4b3c2d1e0f',
    slug: 'demo',
    title: 'Demo Shop',
    tagline: '',
    about: '',
    logo: null,
    socials: [],
    whatsapp: '',
    home: { promotionalText: '' },
    aboutSections: { payments: '', returns: '', contact: '' },
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
    ...overrides,
  }
}

const content = (tags: ReturnType<typeof pageMeta>, key: string) => {
  const tag = tags.find((item) => ('name' in item && item.name === key) || ('property' in item && item.property === key))
  return tag && 'content' in tag ? tag.content : undefined
}

describe('page metadata (SPEC §2)', () => {
  it("titles pages '{page} | {shop title}', or with the provider's name without a shop", () => {
    expect(pageTitle('Home', { shop: shop(), platform })).toBe('Home | Demo Shop')
    expect(pageTitle('Your account', { shop: null, platform })).toBe('Your account | Shoplet')
    expect(pageTitle(null, { shop: null, platform })).toBe('Shoplet')
  })

  it('describes the shop by its about text, else by the fallback sentence', () => {
    const site = { shop: shop({ about: '  Fresh   bread\ndaily.  ' }), platform, origin: 'http://demo.localhost:3000' }
    expect(content(pageMeta('Home', site), 'description')).toBe('Fresh bread daily.')
    expect(content(pageMeta('Home', { ...site, shop: shop() }), 'description')).toBe(FALLBACK_DESCRIPTION)
    expect(content(pageMeta(null, { ...site, shop: null }), 'og:description')).toBe(FALLBACK_DESCRIPTION)
  })

  it('shortens long descriptions at a word with an ellipsis', () => {
    const long = 'word '.repeat(100)
    const short = summary(long)
    expect(short.length).toBeLessThanOrEqual(200)
    expect(short.endsWith('word…')).toBe(true)
    expect(summary('a'.repeat(300)).length).toBe(200)
  })

  it('sends a large-image Twitter card with the handle, and the logo as absolute og:image', () => {
    const site = {
      shop: shop({
        logo: { url: '/uploads/ab/logo.webp', thumbnail: '/uploads/ab/logo-thumb.webp' },
        socials: [{ site: 'twitter', url: 'https://twitter.com/demoshop' }],
      }),
      platform,
      origin: 'http://demo.localhost:3000',
    }
    const tags = pageMeta('Home', site, '/')
    expect(tags[0]).toEqual({ title: 'Home | Demo Shop' })
    expect(content(tags, 'twitter:card')).toBe('summary_large_image')
    expect(content(tags, 'twitter:site')).toBe('@demoshop')
    expect(content(tags, 'og:image')).toBe('http://demo.localhost:3000/uploads/ab/logo.webp')
    expect(content(tags, 'og:url')).toBe('http://demo.localhost:3000/')
    expect(content(pageMeta('Home', { ...site, shop: shop() }), 'og:image')).toBeUndefined()
  })

  it('reads the Twitter handle from twitter.com and x.com profile URLs only', () => {
    const withTwitter = (url: string) => shop({ socials: [{ site: 'twitter', url }] })
    expect(twitterHandle(withTwitter('https://x.com/@Demo_Shop/'))).toBe('@Demo_Shop')
    expect(twitterHandle(withTwitter('https://www.twitter.com/demo?lang=en'))).toBe('@demo')
    expect(twitterHandle(withTwitter('https://example.com/demo'))).toBeNull()
    expect(twitterHandle(withTwitter('not a url'))).toBeNull()
    expect(twitterHandle(shop({ socials: [{ site: 'facebook', url: 'https://facebook.com/demo' }] }))).toBeNull()
  })

  it("takes Facebook's verification code alone or from the pasted meta tag", () => {
    const withMeta = (meta: string) => shop({ config: { facebook: { meta } } })
    expect(facebookVerification(withMeta('abc123xyz'))).toBe('abc123xyz')
    expect(facebookVerification(withMeta('<meta name="facebook-domain-verification" content="abc123xyz" />'))).toBe(
      'abc123xyz',
    )
    expect(facebookVerification(withMeta(''))).toBeNull()
    expect(facebookVerification(withMeta('"><script>'))).toBeNull()
    const site = { shop: withMeta('abc123xyz'), platform, origin: 'http://demo.localhost:3000' }
    expect(content(pageMeta('Home', site), 'facebook-domain-verification')).toBe('abc123xyz')
  })
})

describe('route metadata', () => {
  const site = { shop: shop({ logo: { url: '/uploads/l.webp', thumbnail: '/uploads/l-t.webp' } }), platform, origin: 'http://demo.localhost:3000' }
  const matches = [{ id: 'root', loaderData: site }]

  it('shares a page image instead of the logo when given one', () => {
    const tags = routeMeta('Kente shirt', { matches, location: { pathname: '/products/x' } }, { image: '/uploads/p.webp' })
    expect(tags[0]).toEqual({ title: 'Kente shirt | Demo Shop' })
    expect(content(tags, 'og:image')).toBe('http://demo.localhost:3000/uploads/p.webp')
    expect(content(tags, 'og:url')).toBe('http://demo.localhost:3000/products/x')
  })

  it('names the failure when the loader failed', () => {
    const missing = { status: 404, statusText: 'Not Found', internal: false, data: null }
    expect(routeMeta('Product', { matches, location: { pathname: '/' }, error: missing })[0]).toEqual({
      title: 'Page not found | Demo Shop',
    })
    expect(routeMeta('Product', { matches, location: { pathname: '/' }, error: new Error('x') })[0]).toEqual({
      title: 'Something went wrong | Demo Shop',
    })
  })
})
