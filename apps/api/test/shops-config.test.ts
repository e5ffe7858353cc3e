import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shopConfigs, shopDomains, shopRoles, shops } from '../src/db/schema'
import { createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

async function readConfig(shopId: string) {
  const [config] = await db.select().from(shopConfigs).where(eq(shopConfigs.shopId, shopId))
  const domains = await db
    .select({ domain: shopDomains.domain })
    .from(shopDomains)
    .where(eq(shopDomains.shopId, shopId))
    .orderBy(asc(shopDomains.domain))
  return { config, domains: domains.map((d) => d.domain) }
}

const patch = (shopId: string, headers: object | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/shop-configs/${shopId}`, headers: headers as never, payload: payload as object })

describe('GET /api/shop-configs/{id}', () => {
  it('answers the settings to administrators and owners', async () => {
    for (const user of [administrator, owner]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: user.headers })
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body).toMatchObject({
        _id: shop.id,
        facebook: { meta: '' },
        taxRate: 0,
        unpaidOrderTimeout: 30,
        shopperLineMax: 10,
        unconfirmedOrdersPerBuyer: 3,
        unconfirmedOrderHours: 48,
        paymentOptions: [],
        // No Paystack on this platform: online payments cannot be turned on (payouts.test.ts).
        onlinePayments: 'unavailable',
        domains: [],
        customDomains: [],
      })
      expect(Object.keys(body).sort()).toEqual([
        '_id',
        'customDomains',
        'domains',
        'facebook',
        'offersDelivery',
        'offersPickup',
        'onlinePayments',
        'paymentOptions',
        'pickupAddress',
        'pickupDirections',
        'pickupHours',
        'shopperLineMax',
        'taxRate',
        'unconfirmedOrderHours',
        'unconfirmedOrdersPerBuyer',
        'unpaidOrderTimeout',
        'updatedAt',
      ])
    }
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to outsiders and shoppers', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}` })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [manager, keeper]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: user.headers })
      expect(response.statusCode).toBe(403)
      expect(errorBody(response).name).toBe('Forbidden')
    }
    for (const user of [outsider, shopper]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: user.headers })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
  })

  it('answers 400 to a malformed id and 404 to an unknown shop', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/shop-configs/1%20or%201=1', headers: owner.headers })
    expect(bad.statusCode).toBe(400)
    errorBody(bad)
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop-configs/00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('answers defaults for a shop without a settings row, and PATCH creates it', async () => {
    const [bare] = await db.insert(shops).values({ slug: 'bare-shop', title: 'Bare' }).returning()
    await db.insert(shopRoles).values({ shopId: bare!.id, userId: owner.id, role: 'owner' })
    const read = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${bare!.id}`, headers: owner.headers })
    expect(read.json()).toMatchObject({ _id: bare!.id, taxRate: 0, paymentOptions: [], domains: [], shopperLineMax: 10, unconfirmedOrdersPerBuyer: 3, unconfirmedOrderHours: 48 })
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/shops/${bare!.id}` })
    expect(profile.json().shopperLineMax).toBe(10)
    const saved = await patch(bare!.id, owner.headers, { taxRate: 5 })
    expect(saved.statusCode).toBe(200)
    expect((await readConfig(bare!.id)).config?.taxRateBps).toBe(500)
  })
})

describe('PATCH /api/shop-configs/{id}', () => {
  it('saves every setting and answers the new settings', async () => {
    const response = await patch(shop.id, administrator.headers, {
      facebook: { meta: 'abc123xyz' },
      taxRate: 12.5,
      paymentOptions: [
        { provider: 'manual', enabled: true, label: ' Pay on delivery ' },
        { provider: 'paystack', enabled: false },
      ],
      domains: ['Shop.Example.com.', 'www.example.org:8443', 'shop.example.com'],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      _id: shop.id,
      facebook: { meta: 'abc123xyz' },
      taxRate: 12.5,
      paymentOptions: [
        { provider: 'manual', enabled: true, label: 'Pay on delivery' },
        { provider: 'paystack', enabled: false },
      ],
      domains: ['shop.example.com', 'www.example.org:8443'],
    })
    const stored = await readConfig(shop.id)
    expect(stored.config?.taxRateBps).toBe(1250)
    expect(stored.domains).toEqual(['shop.example.com', 'www.example.org:8443'])

    expect(response.json().customDomains).toMatchObject([
      { domain: 'shop.example.com', status: 'pending' },
      { domain: 'www.example.org:8443', status: 'pending' },
    ])
    // Added domains are claims until verified: they serve nothing yet.
    const host = await ctx.app.inject({ method: 'GET', url: '/api/shops/?domain=www.example.org:8443' })
    expect(host.json()).toMatchObject({ total: 0, data: [] })
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })
    expect(profile.json().config).toEqual({ facebook: { meta: 'abc123xyz' } })
  })

  it('keeps only the code from a pasted Facebook meta tag', async () => {
    const response = await patch(shop.id, owner.headers, {
      facebook: { meta: '<meta name="facebook-domain-verification" content="k9x2abc" />' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().facebook).toEqual({ meta: 'k9x2abc' })
  })

  it('replaces the domain list, freeing removed domains', async () => {
    await db.update(shopDomains).set({ status: 'verified', verifiedAt: new Date() }).where(eq(shopDomains.domain, 'shop.example.com'))
    const before = await ctx.app.inject({ method: 'GET', url: '/api/shops/?domain=shop.example.com' })
    expect(before.json().total).toBe(1)
    const response = await patch(shop.id, owner.headers, { domains: ['new.example.com'] })
    expect(response.json().domains).toEqual(['new.example.com'])
    const old = await ctx.app.inject({ method: 'GET', url: '/api/shops/?domain=shop.example.com' })
    expect(old.json().total).toBe(0)
    // The untouched settings stay.
    expect(response.json()).toMatchObject({ taxRate: 12.5, facebook: { meta: 'k9x2abc' } })
  })

  it('answers 409 when another shop has verified a domain, changing nothing', async () => {
    await db.insert(shopDomains).values({ shopId: otherShop.id, domain: 'taken.example.com', status: 'verified', verificationToken: 'taken-token' })
    const before = await readConfig(shop.id)
    const response = await patch(shop.id, owner.headers, { taxRate: 3, domains: ['mine.example.com', 'TAKEN.example.com'] })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response)).toMatchObject({ name: 'Conflict', errors: [{ path: 'domains.1', message: 'is already verified by another shop' }] })
    expect(await readConfig(shop.id)).toEqual(before)
    expect((await readConfig(otherShop.id)).domains).toEqual(['taken.example.com'])
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to outsiders, changing nothing', async () => {
    const before = await readConfig(shop.id)
    const anonymous = await patch(shop.id, undefined, { taxRate: 1 })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [manager, keeper]) {
      const response = await patch(shop.id, user.headers, { taxRate: 1 })
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
    for (const user of [outsider, shopper]) {
      const response = await patch(shop.id, user.headers, { taxRate: 1, domains: ['steal.example.com'] })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await readConfig(shop.id)).toEqual(before)
  })

  it('answers 400 to bad input, changing nothing', async () => {
    const before = await readConfig(shop.id)
    const bad: unknown[] = [
      {},
      { shopId: otherShop.id },
      { taxRateBps: 100 },
      { taxRate: '12' },
      { taxRate: 12.345 },
      { taxRate: -1 },
      { taxRate: 100.01 },
      { taxRate: null },
      { facebook: { meta: '"><script>alert(1)</script>' } },
      { facebook: { meta: '<meta name="x" content="a b">' } },
      { facebook: 'abc' },
      { facebook: { meta: 'abc', other: 1 } },
      { paymentOptions: [{ provider: 'bitcoin', enabled: true }] },
      { paymentOptions: [{ provider: 'manual', enabled: 'yes' }] },
      { paymentOptions: [{ provider: 'manual' }] },
      { paymentOptions: [{ provider: 'manual', enabled: true, secret: 'x' }] },
      { paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'manual', enabled: false }] },
      { domains: 'shop.example.com' },
      { domains: [42] },
      { domains: ['shops.test'] },
      { domains: ['demo.shops.test'] },
      { domains: ['demo.shops.test:8080'] },
      { domains: ['localhost'] },
      { domains: ['not a host'] },
      { domains: ['-bad.example.com'] },
      { domains: ['1.2.3.4'] },
      { domains: ['shop.example.com:99999'] },
      { domains: ['https://shop.example.com'] },
      { domains: ['shop.example.com/path'] },
      { domains: [`${'a'.repeat(64)}.example.com`] },
    ]
    for (const payload of bad) {
      const response = await patch(shop.id, owner.headers, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(errorBody(response).name).toBe('BadRequest')
    }
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shop-configs/${shop.id}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"taxRate": 1,,}',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    expect(await readConfig(shop.id)).toEqual(before)
  })

  it('names the offending domain', async () => {
    const response = await patch(shop.id, owner.headers, { domains: ['ok.example.com', 'x.shops.test'] })
    expect(errorBody(response).errors).toEqual([{ path: 'domains.1', message: 'must not be shops.test or one of its subdomains' }])
  })
})

describe('the unpaid-order timeout', () => {
  it('is set in minutes, from 5 minutes to a week, by administrators and owners', async () => {
    const saved = await patch(shop.id, administrator.headers, { unpaidOrderTimeout: 90 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().unpaidOrderTimeout).toBe(90)
    expect((await readConfig(shop.id)).config?.unpaidOrderTimeoutMinutes).toBe(90)
    for (const bad of [4, 10_081, 12.5, '30']) {
      const response = await patch(shop.id, owner.headers, { unpaidOrderTimeout: bad })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toBe('unpaidOrderTimeout')
    }
    expect((await patch(shop.id, manager.headers, { unpaidOrderTimeout: 5 })).statusCode).toBe(403)
    expect((await readConfig(shop.id)).config?.unpaidOrderTimeoutMinutes).toBe(90)
  })
})

describe("the limits on shoppers' orders (decision 52)", () => {
  const limits = { shopperLineMax: 4, unconfirmedOrdersPerBuyer: 2, unconfirmedOrderHours: 72 }

  it('are set by administrators and owners and answered with the settings; the public profile shows only the most per item', async () => {
    const saved = await patch(shop.id, administrator.headers, limits)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject(limits)
    expect((await readConfig(shop.id)).config).toMatchObject(limits)
    const again = await patch(shop.id, owner.headers, { shopperLineMax: 1000, unconfirmedOrdersPerBuyer: 100, unconfirmedOrderHours: 1 })
    expect(again.json()).toMatchObject({ shopperLineMax: 1000, unconfirmedOrdersPerBuyer: 100, unconfirmedOrderHours: 1 })
    expect((await patch(shop.id, owner.headers, limits)).statusCode).toBe(200)

    const profile = (await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })).json()
    expect(profile.shopperLineMax).toBe(4)
    expect(profile).not.toHaveProperty('unconfirmedOrdersPerBuyer')
    expect(profile).not.toHaveProperty('unconfirmedOrderHours')
  })

  it('refuse values out of range with a 400 naming the field, and anyone below administrator, changing nothing', async () => {
    await patch(shop.id, owner.headers, limits)
    const bad: [string, unknown][] = [
      ['shopperLineMax', 0],
      ['shopperLineMax', 1001],
      ['shopperLineMax', 2.5],
      ['shopperLineMax', '10'],
      ['unconfirmedOrdersPerBuyer', 0],
      ['unconfirmedOrdersPerBuyer', 101],
      ['unconfirmedOrdersPerBuyer', null],
      ['unconfirmedOrderHours', 0],
      ['unconfirmedOrderHours', 721],
      ['unconfirmedOrderHours', -48],
    ]
    for (const [field, value] of bad) {
      const response = await patch(shop.id, owner.headers, { [field]: value })
      expect(response.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toBe(field)
    }
    expect(await patch(shop.id, undefined, { shopperLineMax: 50 }).then((r) => r.statusCode)).toBe(401)
    for (const user of [manager, keeper]) expect((await patch(shop.id, user.headers, { unconfirmedOrderHours: 5 })).statusCode).toBe(403)
    for (const user of [outsider, shopper]) expect((await patch(shop.id, user.headers, { unconfirmedOrdersPerBuyer: 50 })).statusCode).toBe(404)
    expect((await readConfig(shop.id)).config).toMatchObject(limits)
  })

  it('are kept in range by the database too', async () => {
    for (const values of [{ shopperLineMax: 0 }, { unconfirmedOrdersPerBuyer: 101 }, { unconfirmedOrderHours: 721 }]) {
      await expect(db.update(shopConfigs).set(values).where(eq(shopConfigs.shopId, shop.id))).rejects.toThrow()
    }
  })
})
