import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deliveryRates } from '../src/db/schema'
import { findApplicableRate } from '../src/modules/delivery/delivery.service'
import { deliveryRateFactory } from '../src/seed/factories'
import { withDb } from '../src/context'
import { type TestUser, createStaffedShop, errorBody, serviceContext, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const services = serviceContext(ctx)
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

type Method = 'GET' | 'POST' | 'PATCH'
const inject = (method: Method, url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) })

async function insertRate(shopId: string, overrides: Parameters<typeof deliveryRateFactory>[1] = {}) {
  const [row] = await db.insert(deliveryRates).values(deliveryRateFactory(shopId, overrides)).returning()
  return row!
}

async function readRate(id: string) {
  const [row] = await db.select().from(deliveryRates).where(eq(deliveryRates.id, id))
  return row
}

async function countRates(shopId: string) {
  return (await db.select().from(deliveryRates).where(eq(deliveryRates.shopId, shopId))).length
}

const validRate = (overrides: Record<string, unknown> = {}) => ({
  shop: shop.id,
  name: 'Accra express',
  regions: ['GH-AA', 'GH-CP'],
  rate: { value: 25.5 },
  paymentOption: 'instant',
  estimatedDays: 1,
  ...overrides,
})

describe('GET /delivery/regions/', () => {
  it('answers all 16 regions of GH, sorted by name', async () => {
    const response = await inject('GET', '/delivery/regions/?country=GH')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ total: 16, limit: 16, skip: 0 })
    expect(body.data).toHaveLength(16)
    const names = body.data.map((region: { name: string }) => region.name)
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)))
    expect(names[0]).toBe('Ahafo')
    expect(body.data).toContainEqual({ _id: 'GH-AA', country: 'GH', name: 'Greater Accra', capital: 'Accra' })
    expect(new Set(body.data.map((region: { _id: string }) => region._id)).size).toBe(16)
  })

  it('answers an empty list for a country without regions', async () => {
    const response = await inject('GET', '/delivery/regions/?country=ZZ')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ total: 0, limit: 0, skip: 0, data: [] })
  })

  it.each([
    ['no country', '/delivery/regions/'],
    ['a lower-case country', '/delivery/regions/?country=gh'],
    ['a three-letter country', '/delivery/regions/?country=GHA'],
    ['an operator', '/delivery/regions/?country[$ne]=GH'],
    ['an unknown parameter', '/delivery/regions/?country=GH&$limit=5'],
  ])('answers 400 for %s', async (_, url) => {
    const response = await inject('GET', url)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})

describe('POST /delivery/rates/', () => {
  it('creates a rate for administrators and owners, in the shop\'s currency', async () => {
    for (const user of [administrator, owner]) {
      const response = await inject('POST', '/delivery/rates/', user, validRate())
      expect(response.statusCode).toBe(201)
      const body = response.json()
      expect(body).toMatchObject({
        shop: shop.id,
        name: 'Accra express',
        regions: ['GH-AA', 'GH-CP'],
        rate: { value: 25.5, currency: 'GHS' },
        paymentOption: 'instant',
        estimatedDays: 1,
        active: true,
      })
      expect(Object.keys(body).sort()).toEqual(
        ['_id', 'active', 'createdAt', 'estimatedDays', 'name', 'paymentOption', 'rate', 'regions', 'shop', 'updatedAt'],
      )
      expect((await readRate(body._id))?.rateMinor).toBe(2550)
    }
  })

  it('takes an explicit currency, no estimate, an inactive start and a free rate', async () => {
    const response = await inject('POST', '/delivery/rates/', owner, validRate({
      rate: { value: 0, currency: 'GHS' }, estimatedDays: null, active: false, paymentOption: 'on-delivery',
    }))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ rate: { value: 0, currency: 'GHS' }, estimatedDays: null, active: false, paymentOption: 'on-delivery' })
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to outsiders and shoppers; nothing is created', async () => {
    const before = await countRates(shop.id)
    const anonymous = await inject('POST', '/delivery/rates/', undefined, validRate())
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [manager, keeper]) {
      const response = await inject('POST', '/delivery/rates/', user, validRate())
      expect(response.statusCode).toBe(403)
      expect(errorBody(response).name).toBe('Forbidden')
    }
    for (const user of [outsider, shopper]) {
      const response = await inject('POST', '/delivery/rates/', user, validRate())
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await countRates(shop.id)).toBe(before)
  })

  it.each([
    ['an unknown region', { regions: ['GH-AA', 'GH-ZZ'] }, 'regions.1'],
    ['a malformed region', { regions: ['accra'] }, 'regions.0'],
    ['no regions', { regions: [] }, 'regions'],
    ['a region twice', { regions: ['GH-AA', 'GH-AA'] }, 'regions'],
    ['three decimals', { rate: { value: 10.005 } }, 'rate.value'],
    ['a negative fee', { rate: { value: -1 } }, 'rate.value'],
    ['a fee as a string', { rate: { value: '10' } }, 'rate.value'],
    ['another currency', { rate: { value: 10, currency: 'USD' } }, 'rate.currency'],
    ['an unknown field in rate', { rate: { value: 10, minor: 1000 } }, 'rate.minor'],
    ['an unknown payment option', { paymentOption: 'later' }, 'paymentOption'],
    ['a fractional estimate', { estimatedDays: 1.5 }, 'estimatedDays'],
    ['a negative estimate', { estimatedDays: -1 }, 'estimatedDays'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a malformed shop id', { shop: 'shop-1' }, 'shop'],
    ['an unknown field', { id: '00000000-0000-4000-8000-000000000000' }, 'id'],
    ['an operator as a value', { name: { $ne: '' } }, 'name'],
  ])('answers 400 for %s, naming %s; nothing is created', async (_, overrides, path) => {
    const before = await countRates(shop.id)
    const response = await inject('POST', '/delivery/rates/', owner, validRate(overrides))
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toContain(path)
    expect(await countRates(shop.id)).toBe(before)
  })

  it('answers 400 for malformed JSON and a missing body, 413 for a body over the limit', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST', url: '/delivery/rates/', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: '{"shop":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed).message).toMatch(/JSON/)
    const missing = await inject('POST', '/delivery/rates/', owner)
    expect(missing.statusCode).toBe(400)
    errorBody(missing)
    const huge = await inject('POST', '/delivery/rates/', owner, validRate({ name: 'x'.repeat(200_000) }))
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
  })
})

describe('PATCH /delivery/rates/{id}', () => {
  it('changes every field for administrators and owners', async () => {
    const rate = await insertRate(shop.id)
    const response = await inject('PATCH', `/delivery/rates/${rate.id}`, administrator, {
      name: 'Renamed', regions: ['GH-NP'], rate: { value: 60 }, paymentOption: 'on-delivery', estimatedDays: 4, active: false,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      _id: rate.id, name: 'Renamed', regions: ['GH-NP'], rate: { value: 60, currency: 'GHS' }, paymentOption: 'on-delivery',
      estimatedDays: 4, active: false,
    })
    const stored = await readRate(rate.id)
    expect(stored).toMatchObject({ rateMinor: 6000, active: false, shopId: shop.id })
    expect(stored!.updatedAt.getTime()).toBeGreaterThanOrEqual(rate.updatedAt.getTime())
    const again = await inject('PATCH', `/delivery/rates/${rate.id}`, owner, { active: true, estimatedDays: null })
    expect(again.json()).toMatchObject({ active: true, estimatedDays: null, name: 'Renamed' })
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to outsiders and shoppers; the rate is unchanged', async () => {
    const rate = await insertRate(shop.id)
    const anonymous = await inject('PATCH', `/delivery/rates/${rate.id}`, undefined, { name: 'Hacked' })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [manager, keeper]) {
      const response = await inject('PATCH', `/delivery/rates/${rate.id}`, user, { name: 'Hacked' })
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
    for (const user of [outsider, shopper]) {
      const response = await inject('PATCH', `/delivery/rates/${rate.id}`, user, { name: 'Hacked', active: false })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await readRate(rate.id)).toEqual(rate)
  })

  it('answers 404 for an unknown rate and 400 for a malformed id', async () => {
    const unknown = await inject('PATCH', '/delivery/rates/00000000-0000-4000-8000-000000000000', owner, { name: 'x' })
    expect(unknown.statusCode).toBe(404)
    errorBody(unknown)
    const malformed = await inject('PATCH', "/delivery/rates/1'%20or%20'1'='1", owner, { name: 'x' })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
  })

  it.each([
    ['an empty body', {}, 'body'],
    ['moving it to another shop', { shop: otherShop.id }, 'shop'],
    ['an unknown region', { regions: ['GH-XX'] }, 'regions.0'],
    ['three decimals', { rate: { value: 1.234 } }, 'rate.value'],
    ['another currency', { rate: { value: 1, currency: 'EUR' } }, 'rate.currency'],
    ['active as a string', { active: 'false' }, 'active'],
  ])('answers 400 for %s; the rate is unchanged', async (_, payload, path) => {
    const rate = await insertRate(shop.id)
    const response = await inject('PATCH', `/delivery/rates/${rate.id}`, owner, payload)
    expect(response.statusCode).toBe(400)
    const body = errorBody(response)
    if (path !== 'body') expect(body.errors?.map((e) => e.path)).toContain(path)
    expect(await readRate(rate.id)).toEqual(rate)
  })
})

describe('GET /delivery/rates/', async () => {
  const s = await createStaffedShop(ctx)
  const cheap = await insertRate(s.shop.id, { name: 'Cheap', rateMinor: 1000, regions: ['GH-AA'] })
  const dear = await insertRate(s.shop.id, { name: 'Dear', rateMinor: 5000, regions: ['GH-AA', 'GH-AH'] })
  const middle = await insertRate(s.shop.id, { name: 'Middle', rateMinor: 2500, regions: ['GH-AH'] })
  const off = await insertRate(s.shop.id, { name: 'Off', rateMinor: 100, regions: ['GH-AA'], active: false })
  await insertRate(s.otherShop.id, { name: 'Elsewhere' })
  const ids = (response: { json(): { data: { _id: string }[] } }) => response.json().data.map((rate) => rate._id)

  it('answers the shop\'s active rates to anyone, cheapest first', async () => {
    for (const user of [undefined, s.shopper, s.keeper, s.owner]) {
      const response = await inject('GET', `/delivery/rates/?client=${s.shop.id}`, user)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ total: 3, limit: 20, skip: 0 })
      expect(ids(response)).toEqual([cheap.id, middle.id, dear.id])
    }
    const first = (await inject('GET', `/delivery/rates/?client=${s.shop.id}`)).json().data[0]
    expect(first).toEqual({
      _id: cheap.id, shop: s.shop.id, name: 'Cheap', regions: ['GH-AA'], rate: { value: 10, currency: 'GHS' },
      paymentOption: 'instant', estimatedDays: 2, active: true, createdAt: cheap.createdAt.toISOString(),
      updatedAt: cheap.updatedAt.toISOString(),
    })
  })

  it('filters, sorts and pages', async () => {
    const inAshanti = await inject('GET', `/delivery/rates/?client=${s.shop.id}&regions=GH-AH`)
    expect(ids(inAshanti)).toEqual([middle.id, dear.id])
    const byName = await inject('GET', `/delivery/rates/?client=${s.shop.id}&$sort[name]=-1&$limit=2&$skip=1`)
    expect(byName.json()).toMatchObject({ total: 3, limit: 2, skip: 1 })
    expect(ids(byName)).toEqual([dear.id, cheap.id])
    const search = await inject('GET', `/delivery/rates/?client=${s.shop.id}&name[$q]=idd`)
    expect(ids(search)).toEqual([middle.id])
    const dearer = await inject('GET', `/delivery/rates/?client=${s.shop.id}&rate.value[$gte]=25`)
    expect(ids(dearer)).toEqual([middle.id, dear.id])
  })

  it('shows inactive rates (active=false) or all of them (active=all) to administrators and owners only', async () => {
    for (const user of [s.administrator, s.owner]) {
      expect(ids(await inject('GET', `/delivery/rates/?client=${s.shop.id}&active=false`, user))).toEqual([off.id])
      expect(ids(await inject('GET', `/delivery/rates/?client=${s.shop.id}&active=all`, user))).toEqual([off.id, cheap.id, middle.id, dear.id])
    }
    expect(ids(await inject('GET', `/delivery/rates/?client=${s.shop.id}&active=true`))).toEqual([cheap.id, middle.id, dear.id])
    const anonymous = await inject('GET', `/delivery/rates/?client=${s.shop.id}&active=all`)
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [s.manager, s.keeper]) {
      const response = await inject('GET', `/delivery/rates/?client=${s.shop.id}&active=false`, user)
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
    for (const user of [s.outsider, s.shopper, owner]) {
      const response = await inject('GET', `/delivery/rates/?client=${s.shop.id}&active=all`, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
  })

  it('answers an empty list for a shop without rates', async () => {
    const response = await inject('GET', '/delivery/rates/?client=00000000-0000-4000-8000-000000000000')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ total: 0, data: [] })
  })

  it.each([
    ['no client', '/delivery/rates/'],
    ['a malformed client', '/delivery/rates/?client=abc'],
    ['an operator on client', `/delivery/rates/?client[$ne]=${shop.id}`],
    ['an unknown active value', `/delivery/rates/?client=${shop.id}&active=yes`],
    ['an operator on active', `/delivery/rates/?client=${shop.id}&active[$ne]=true`],
    ['an unknown field', `/delivery/rates/?client=${shop.id}&shop=${shop.id}`],
    ['an unknown operator', `/delivery/rates/?client=${shop.id}&name[$regex]=a`],
    ['an unknown sort field', `/delivery/rates/?client=${shop.id}&$sort[shopId]=1`],
    ['a bad sort direction', `/delivery/rates/?client=${shop.id}&$sort[name]=up`],
    ['a negative $skip', `/delivery/rates/?client=${shop.id}&$skip=-1`],
    ['a non-numeric rate filter', `/delivery/rates/?client=${shop.id}&rate.value[$gt]=cheap`],
  ])('answers 400 for %s', async (_, url) => {
    const response = await inject('GET', url, owner)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})

describe('POST /delivery/calculate', async () => {
  const s = await createStaffedShop(ctx)
  const express = await insertRate(s.shop.id, { name: 'Express', rateMinor: 3000, regions: ['GH-AA'], estimatedDays: 1 })
  const standard = await insertRate(s.shop.id, {
    name: 'Standard', rateMinor: 1500, regions: ['GH-AA', 'GH-AH'], paymentOption: 'on-delivery', estimatedDays: null,
  })
  await insertRate(s.shop.id, { name: 'Paused', rateMinor: 500, regions: ['GH-AA'], active: false })
  await insertRate(s.shop.id, { name: 'North', rateMinor: 900, regions: ['GH-NP'] })
  await insertRate(s.otherShop.id, { name: 'Other shop', rateMinor: 100, regions: ['GH-AA'] })
  const items = [{ product: '00000000-0000-4000-8000-000000000001', variant: 'red-m', count: 2 }]

  it('answers the shop\'s active rates for the region, cheapest first, with their fees', async () => {
    const response = await inject('POST', '/delivery/calculate', undefined, { shop: s.shop.id, region: 'GH-AA', items })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      region: 'GH-AA',
      rates: [
        { _id: standard.id, name: 'Standard', fee: { value: 15, currency: 'GHS' }, paymentOption: 'on-delivery', estimatedDays: null },
        { _id: express.id, name: 'Express', fee: { value: 30, currency: 'GHS' }, paymentOption: 'instant', estimatedDays: 1 },
      ],
    })
    const ashanti = await inject('POST', '/delivery/calculate', undefined, { shop: s.shop.id, region: 'GH-AH' })
    expect(ashanti.json().rates.map((rate: { _id: string }) => rate._id)).toEqual([standard.id])
    const none = await inject('POST', '/delivery/calculate', undefined, { shop: s.shop.id, region: 'GH-UW', items: [] })
    expect(none.json()).toEqual({ region: 'GH-UW', rates: [] })
  })

  it('answers 400 for an unknown region and 404 for an unknown shop', async () => {
    const region = await inject('POST', '/delivery/calculate', undefined, { shop: s.shop.id, region: 'GH-ZZ' })
    expect(region.statusCode).toBe(400)
    expect(errorBody(region).errors?.[0]?.path).toBe('region')
    const unknownShop = await inject('POST', '/delivery/calculate', undefined, { shop: '00000000-0000-4000-8000-000000000000', region: 'GH-AA' })
    expect(unknownShop.statusCode).toBe(404)
    errorBody(unknownShop)
  })

  it.each([
    ['a count of 0', { items: [{ product: items[0]!.product, count: 0 }] }, 'items.0.count'],
    ['a count over 1000', { items: [{ product: items[0]!.product, count: 1001 }] }, 'items.0.count'],
    ['a fractional count', { items: [{ product: items[0]!.product, count: 1.5 }] }, 'items.0.count'],
    ['a count as a string', { items: [{ product: items[0]!.product, count: '2' }] }, 'items.0.count'],
    ['a malformed product', { items: [{ product: 'p1', count: 1 }] }, 'items.0.product'],
    ['an unknown item field', { items: [{ product: items[0]!.product, count: 1, price: 0 }] }, 'items.0.price'],
    ['items as an object', { items: { product: items[0]!.product, count: 1 } }, 'items'],
    ['a malformed shop', { shop: 'x' }, 'shop'],
    ['a region as a number', { region: 1 }, 'region'],
    ['an unknown field', { fee: 0 }, 'fee'],
  ])('answers 400 for %s', async (_, overrides, path) => {
    const response = await inject('POST', '/delivery/calculate', undefined, { shop: s.shop.id, region: 'GH-AA', ...overrides })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toContain(path)
  })

  it('answers 400 for malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/delivery/calculate', headers: { 'content-type': 'application/json' }, payload: '{"shop"',
    })
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })

  it('is rate limited per IP', async () => {
    const call = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/delivery/calculate', remoteAddress, payload: { shop: s.shop.id, region: 'GH-ZZ' } })
    for (let i = 0; i < 120; i++) expect((await call('10.9.0.1')).statusCode).toBe(400)
    const limited = await call('10.9.0.1')
    expect(limited.statusCode).toBe(429)
    expect(errorBody(limited).name).toBe('TooManyRequests')
    expect((await call('10.9.0.2')).statusCode).toBe(400)
  })
})

describe('findApplicableRate', async () => {
  const s = await createStaffedShop(ctx)
  const rate = await insertRate(s.shop.id, { regions: ['GH-AA', 'GH-EP'] })
  const paused = await insertRate(s.shop.id, { regions: ['GH-AA'], active: false })

  it('answers the rate when it is the shop\'s, active and covers the region', async () => {
    expect(await findApplicableRate(services, s.shop.id, rate.id, 'GH-EP')).toEqual(rate)
    await db.transaction(async (tx) => {
      expect((await findApplicableRate(withDb(services, tx), s.shop.id, rate.id, 'GH-AA'))?.id).toBe(rate.id)
    })
  })

  it('answers null otherwise', async () => {
    expect(await findApplicableRate(services, s.shop.id, rate.id, 'GH-NP')).toBeNull()
    expect(await findApplicableRate(services, s.otherShop.id, rate.id, 'GH-AA')).toBeNull()
    expect(await findApplicableRate(services, s.shop.id, paused.id, 'GH-AA')).toBeNull()
    expect(await findApplicableRate(services, s.shop.id, '00000000-0000-4000-8000-000000000000', 'GH-AA')).toBeNull()
    expect(await findApplicableRate(services, s.shop.id, 'not-a-uuid', 'GH-AA')).toBeNull()
    expect(await findApplicableRate(services, 'nope', rate.id, 'GH-AA')).toBeNull()
  })
})
