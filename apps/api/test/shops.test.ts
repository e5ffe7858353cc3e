import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shopConfigs, shopDomains, shopRoles, shops, uploads } from '../src/db/schema'
import { createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, keeper, manager, shopper, outsider } = await createStaffedShop(ctx)

const readShop = async (id: string) => (await db.select().from(shops).where(eq(shops.id, id)))[0]!

/** An image as the upload route would have stored it for `shopId`. */
async function storedImage(shopId: string) {
  const hash = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)
  const key = `${hash.slice(0, 2)}/${hash}.webp`
  const thumbnailKey = `${hash.slice(0, 2)}/${hash}-thumb.webp`
  await db.insert(uploads).values({ shopId, key, thumbnailKey, contentType: 'image/webp', size: 100, width: 10, height: 10 })
  return { url: `/uploads/${key}`, thumbnail: `/uploads/${thumbnailKey}` }
}

const profileKeys = [
  '_id',
  'slug',
  'title',
  'tagline',
  'about',
  'logo',
  'socials',
  'whatsapp',
  'home',
  'aboutSections',
  'config',
  'taxRate',
  'shopperLineMax',
  'offersPickup',
  'offersDelivery',
  'pickupAddress',
  'pickupDirections',
  'pickupHours',
  'domains',
  'currency',
  'createdAt',
].sort()

describe('GET /api/shops/{id} (id or slug)', () => {
  it('answers the public profile by id and by slug, with the Facebook meta, tax rate and most per item and nothing else of the settings', async () => {
    await db.update(shopConfigs).set({ facebookMeta: 'abc123', taxRateBps: 1500, shopperLineMax: 6 }).where(eq(shopConfigs.shopId, shop.id))
    await db.insert(shopDomains).values({ shopId: shop.id, domain: 'profile.example.com', status: 'verified', verificationToken: 'profile-token' })

    const byId = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })
    expect(byId.statusCode).toBe(200)
    const body = byId.json()
    expect(Object.keys(body).sort()).toEqual(profileKeys)
    expect(body).toMatchObject({
      _id: shop.id,
      slug: shop.slug,
      title: shop.title,
      tagline: '',
      about: '',
      logo: null,
      socials: [],
      whatsapp: '',
      home: { promotionalText: '' },
      aboutSections: { payments: '', returns: '', contact: '' },
      config: { facebook: { meta: 'abc123' } },
      taxRate: 15,
      shopperLineMax: 6,
      domains: ['profile.example.com'],
      currency: 'GHS',
    })
    expect(Object.keys(body.config)).toEqual(['facebook'])
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt)

    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.slug}` })
    expect(bySlug.statusCode).toBe(200)
    expect(bySlug.json()).toEqual(body)
  })

  it('answers 404 for an unknown id or slug', async () => {
    for (const key of ['00000000-0000-4000-8000-000000000000', 'no-such-shop', 'x%27%20or%201%3D1--']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shops/${key}` })
      expect(response.statusCode).toBe(404)
      expect(errorBody(response).name).toBe('NotFound')
    }
  })

  it('answers 400 for an over-long key', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/shops/${'a'.repeat(61)}` })
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})

describe('GET /api/shops/?domain=', () => {
  it('finds the shop a slug subdomain serves, port and case as the browser sends them', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/shops/?domain=${shop.slug.toUpperCase()}.shops.test` })
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page).toMatchObject({ total: 1, skip: 0, data: [{ _id: shop.id, slug: shop.slug }] })
    expect(Object.keys(page.data[0]).sort()).toEqual(profileKeys)
  })

  it('finds the shop a custom domain serves', async () => {
    await db.insert(shopDomains).values({ shopId: otherShop.id, domain: 'other.example.com:8080', status: 'verified', verificationToken: 'other-token' })
    const response = await ctx.app.inject({ method: 'GET', url: '/api/shops/?domain=other.example.com:8080' })
    expect(response.json()).toMatchObject({ total: 1, data: [{ _id: otherShop.id }] })
    const noPort = await ctx.app.inject({ method: 'GET', url: '/api/shops/?domain=other.example.com' })
    expect(noPort.json()).toMatchObject({ total: 0, data: [] })
  })

  it('answers an empty list for unknown hosts and for the platform’s own root domain', async () => {
    for (const domain of ['unknown.example.com', 'nope.shops.test', 'a.b.shops.test', 'shops.test', '127.0.0.1:3000']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shops/?domain=${domain}` })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ total: 0, limit: 1, skip: 0, data: [] })
    }
  })

  it('requires domain and refuses other parameters', async () => {
    for (const url of [
      '/api/shops/',
      '/api/shops/?title=x',
      `/api/shops/?domain=${shop.slug}.shops.test&$limit=5`,
      '/api/shops/?domain[$ne]=x',
      '/api/shops/?domain=a%20b',
      `/api/shops/?domain=${'a'.repeat(301)}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
      expect(errorBody(response).name).toBe('BadRequest')
    }
  })
})

describe('GET /api/shops/?domain= with DEFAULT_SHOP', async () => {
  const withDefault = await setupApp({ defaultShop: 'default-shop' })
  const defaultShop = await createShop(withDefault, {}, { slug: 'default-shop' })

  it('serves the default shop on the bare root domain', async () => {
    const response = await withDefault.app.inject({ method: 'GET', url: '/api/shops/?domain=shops.test' })
    expect(response.json()).toMatchObject({ total: 1, data: [{ _id: defaultShop.id, slug: 'default-shop' }] })
  })
})

describe('PATCH /api/shops/{id}', async () => {
  const full = {
    title: '  Kofi’s Kitchen ',
    tagline: 'Fresh every day',
    about: 'We cook.',
    logo: await storedImage(shop.id),
    socials: [
      { site: 'facebook', url: 'https://facebook.com/kofi' },
      { site: 'twitter', url: 'https://twitter.com/kofi' },
    ],
    home: { promotionalText: 'Free delivery in Accra' },
    aboutSections: { payments: 'Mobile money', returns: '7 days', contact: '020 000 0000' },
  }

  it('lets any staff member edit the site content and answers the new profile', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: keeper.headers, payload: full })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ ...full, title: 'Kofi’s Kitchen', _id: shop.id, slug: shop.slug })

    const again = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })
    expect(again.json()).toMatchObject({ ...full, title: 'Kofi’s Kitchen' })
  })

  it('adds https:// to a social link typed without it', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shop.id}`,
      headers: owner.headers,
      payload: { socials: [{ site: 'instagram', url: 'instagram.com/kofi' }, { site: 'facebook', url: 'http://facebook.com/kofi' }] },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().socials).toEqual([
      { site: 'instagram', url: 'https://instagram.com/kofi' },
      { site: 'facebook', url: 'http://facebook.com/kofi' },
    ])
    const restored = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { socials: full.socials } })
    expect(restored.statusCode).toBe(200)
  })

  it('merges about-page sections and clears the logo with null', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shop.id}`,
      headers: manager.headers,
      payload: { aboutSections: { returns: 'No returns' }, logo: null },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      logo: null,
      aboutSections: { payments: 'Mobile money', returns: 'No returns', contact: '020 000 0000' },
      title: 'Kofi’s Kitchen',
    })
  })

  it('keeps a WhatsApp number in international form, however it was typed, and clears it with an empty string', async () => {
    for (const typed of ['024 412 3456', '+233 24 412 3456', '00233244123456']) {
      const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: keeper.headers, payload: { whatsapp: typed } })
      expect(response.statusCode, typed).toBe(200)
      expect(response.json().whatsapp).toBe('+233244123456')
    }
    const publicProfile = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.slug}` })
    expect(publicProfile.json().whatsapp).toBe('+233244123456')

    const cleared = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: keeper.headers, payload: { whatsapp: ' ' } })
    expect(cleared.json().whatsapp).toBe('')
  })

  it('refuses a WhatsApp number that cannot be called, naming the field', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { whatsapp: '12345' } })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'whatsapp', message: expect.stringContaining('is not a phone number') }])
  })

  it('takes as the logo an image uploaded to this shop', async () => {
    const logo = await storedImage(shop.id)
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { logo } })
    expect(response.statusCode).toBe(200)
    expect(response.json().logo).toEqual(logo)
    expect((await readShop(shop.id)).logo).toEqual(logo)
  })

  it('refuses as the logo another shop’s upload or a file this server never stored, changing nothing', async () => {
    const theirs = await storedImage(otherShop.id)
    const before = await readShop(shop.id)
    for (const logo of [theirs, { url: '/uploads/zz/never-stored.webp', thumbnail: '/uploads/zz/never-stored-thumb.webp' }]) {
      const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { title: 'Taken', logo } })
      expect(response.statusCode, logo.url).toBe(400)
      expect(errorBody(response).errors).toEqual([{ path: 'logo.url', message: 'must be an image uploaded to this shop' }])
    }
    expect(await readShop(shop.id)).toEqual(before)
  })

  it('refuses a logo thumbnail that is not the stored upload’s own, changing nothing', async () => {
    const [mine, other] = [await storedImage(shop.id), await storedImage(shop.id)]
    const before = await readShop(shop.id)
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shop.id}`,
      headers: owner.headers,
      payload: { logo: { url: mine.url, thumbnail: other.thumbnail } },
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'logo.thumbnail', message: 'must be the thumbnail of the uploaded image' }])
    expect(await readShop(shop.id)).toEqual(before)
  })

  it('answers 401 to anonymous callers', async () => {
    const before = await readShop(shop.id)
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, payload: { title: 'Hacked' } })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).name).toBe('NotAuthenticated')
    expect(await readShop(shop.id)).toEqual(before)
  })

  it('answers 404 to staff of another shop, shoppers and removed staff, changing nothing', async () => {
    const removed = await createUser(ctx)
    await db.insert(shopRoles).values({ shopId: shop.id, userId: removed.id, role: 'owner', status: 'removed' })
    const before = await readShop(shop.id)
    for (const user of [outsider, shopper, removed]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/shops/${shop.id}`,
        headers: user.headers,
        payload: { title: 'Hacked' },
      })
      expect(response.statusCode).toBe(404)
      expect(errorBody(response).name).toBe('NotFound')
    }
    expect(await readShop(shop.id)).toEqual(before)
  })

  it('answers 404 for a shop that does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/shops/00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
      payload: { title: 'x' },
    })
    expect(response.statusCode).toBe(404)
  })

  it('answers 400 to bad input, changing nothing', async () => {
    const before = await readShop(shop.id)
    const bad: unknown[] = [
      {},
      { slug: 'new-slug' },
      { currency: 'USD' },
      { title: 42 },
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(101) },
      { tagline: null },
      { about: 'x'.repeat(5001) },
      { logo: { url: 'https://evil.example/x.png', thumbnail: '/uploads/a.webp' } },
      { logo: { url: '/uploads/../../etc/passwd', thumbnail: '/uploads/a.webp' } },
      { logo: { url: '/uploads/a.webp' } },
      { logo: { url: '/uploads/a.webp', thumbnail: '/uploads/a.webp', alt: 'x' } },
      { logo: 'x' },
      { socials: [{ site: 'myspace', url: 'https://myspace.com/x' }] },
      { socials: [{ site: 'twitter', url: 'javascript:alert(1)' }] },
      { socials: [{ site: 'twitter', url: 'twitter' }] },
      { socials: [{ site: 'twitter', url: 'twitter dot com' }] },
      { socials: [{ site: 'twitter', url: 'https://twitter.com/a' }, { site: 'twitter', url: 'https://twitter.com/b' }] },
      { socials: { site: 'twitter', url: 'https://twitter.com/a' } },
      { home: { promotionalText: 5 } },
      { home: { promotionalText: 'x', extra: 1 } },
      { aboutSections: {} },
      { aboutSections: { shipping: 'x' } },
      { title: 'ok', shop: otherShop.id },
      { whatsapp: '12345' },
      { whatsapp: 233244123456 },
      { whatsapp: '0'.repeat(31) },
      { title: 'Half saved', whatsapp: 'call me' },
    ]
    for (const payload of bad) {
      const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: payload as object })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(errorBody(response).name).toBe('BadRequest')
    }
    expect(await readShop(shop.id)).toEqual(before)
  })

  it('names the offending field', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { slug: 'x' } })
    expect(errorBody(response).errors).toContainEqual({ path: 'slug', message: 'is not allowed' })
  })

  it('answers 400 to malformed JSON and malformed ids, 413 to oversized bodies', async () => {
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shop.id}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"title": ',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)

    const huge = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shop.id}`,
      headers: owner.headers,
      payload: { about: 'x'.repeat(200_000) },
    })
    expect(huge.statusCode).toBe(413)
    errorBody(huge)

    const badId = await ctx.app.inject({ method: 'PATCH', url: '/api/shops/not-a-uuid', headers: owner.headers, payload: { title: 'x' } })
    expect(badId.statusCode).toBe(400)
    errorBody(badId)
  })
})
