import { endOfDay } from '@shop/domain'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { discountCodes } from '../src/db/schema'
import { HttpError } from '../src/lib/errors'
import {
  findValidDiscountCode,
  redeemDiscountCode,
  releaseDiscountCode,
} from '../src/modules/discounts/discount.service'
import { discountCodeFactory } from '../src/seed/factories'
import { withDb } from '../src/context'
import { type TestUser, createStaffedShop, errorBody, serviceContext, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const services = serviceContext(ctx)
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

type Method = 'GET' | 'POST' | 'PATCH'
let lookupAddress = 0
/** Public lookups are limited per IP, so each test call comes from its own address unless one is given. */
const inject = (method: Method, url: string, user?: TestUser, payload?: unknown, remoteAddress?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: user?.headers,
    remoteAddress: remoteAddress ?? `10.1.${Math.floor(lookupAddress / 250)}.${(lookupAddress++ % 250) + 1}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function insertCode(shopId: string, overrides: Parameters<typeof discountCodeFactory>[1] = {}) {
  const [row] = await db.insert(discountCodes).values(discountCodeFactory(shopId, overrides)).returning()
  return row!
}

async function readCode(id: string) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id))
  return row
}

async function countCodes(shopId: string) {
  return (await db.select().from(discountCodes).where(eq(discountCodes.shopId, shopId))).length
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const nextYear = dayFromNow(365)
let codeCounter = 0
const newCode = (prefix = 'SAVE') => `${prefix}${codeCounter++}X`

const validCode = (overrides: Record<string, unknown> = {}) => ({
  shop: shop.id,
  code: newCode(),
  type: 'percentage',
  value: 15,
  expiresOn: nextYear,
  ...overrides,
})

const staffKeys = [
  '_id', 'active', 'code', 'createdAt', 'expiresAt', 'expiresOn', 'firstOrderOnly', 'minSubtotal', 'oncePerCustomer', 'shop', 'type',
  'updatedAt', 'usageLimit', 'usedCount', 'value',
]

describe('POST /api/discount-codes/', () => {
  it('creates percentage and fixed codes for managers, administrators and owners', async () => {
    for (const user of [manager, administrator, owner]) {
      const code = newCode('Welcome')
      const response = await inject('POST', '/api/discount-codes/', user, validCode({ code }))
      expect(response.statusCode).toBe(201)
      const body = response.json()
      expect(body).toMatchObject({
        shop: shop.id, code, type: 'percentage', value: 15, usageLimit: null, usedCount: 0, minSubtotal: 0, active: true,
        expiresOn: nextYear, expiresAt: endOfDay(nextYear)!.toISOString(),
      })
      expect(Object.keys(body).sort()).toEqual(staffKeys)
    }
    const fixed = await inject('POST', '/api/discount-codes/', manager, validCode({
      type: 'fixed', value: 20.5, usageLimit: 3, minSubtotal: 100.25, active: false, expiresOn: '2031-06-15',
    }))
    expect(fixed.statusCode).toBe(201)
    expect(fixed.json()).toMatchObject({
      type: 'fixed', value: 20.5, usageLimit: 3, minSubtotal: 100.25, active: false,
      expiresAt: '2031-06-15T23:59:59.000Z', expiresOn: '2031-06-15',
    })
    expect(await readCode(fixed.json()._id)).toMatchObject({ value: 2050, minSubtotalMinor: 10025, usedCount: 0 })
  })

  it('accepts an exact expiresAt and a code expiring at the end of today', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const exact = await inject('POST', '/api/discount-codes/', manager, validCode({ expiresOn: undefined, expiresAt: at }))
    expect(exact.statusCode).toBe(201)
    expect(exact.json().expiresAt).toBe(at)
    const today = dayFromNow(0)
    if (endOfDay(today)!.getTime() > Date.now() + 1000) {
      const response = await inject('POST', '/api/discount-codes/', manager, validCode({ expiresOn: today }))
      expect(response.statusCode).toBe(201)
    }
  })

  it('creates a code that never expires when no expiry is sent, or when it is null', async () => {
    for (const expiry of [{ expiresOn: undefined }, { expiresOn: null }, { expiresOn: undefined, expiresAt: null }]) {
      const response = await inject('POST', '/api/discount-codes/', manager, validCode(expiry))
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toMatchObject({ expiresAt: null, expiresOn: null })
      expect((await readCode(response.json()._id))?.expiresAt).toBeNull()
    }
  })

  it('answers 409 for a code the shop already has in any case, and allows it in another shop', async () => {
    const code = newCode('Dup')
    expect((await inject('POST', '/api/discount-codes/', manager, validCode({ code }))).statusCode).toBe(201)
    const before = await countCodes(shop.id)
    const again = await inject('POST', '/api/discount-codes/', manager, validCode({ code: code.toLowerCase() }))
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).errors?.[0]?.path).toBe('code')
    expect(await countCodes(shop.id)).toBe(before)
    const elsewhere = await inject('POST', '/api/discount-codes/', outsider, validCode({ shop: otherShop.id, code }))
    expect(elsewhere.statusCode).toBe(201)
  })

  it('answers 401 anonymous, 403 to keepers, 404 to outsiders and shoppers; nothing is created', async () => {
    const before = await countCodes(shop.id)
    const anonymous = await inject('POST', '/api/discount-codes/', undefined, validCode())
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    const forbidden = await inject('POST', '/api/discount-codes/', keeper, validCode())
    expect(forbidden.statusCode).toBe(403)
    expect(errorBody(forbidden).name).toBe('Forbidden')
    for (const user of [outsider, shopper]) {
      const response = await inject('POST', '/api/discount-codes/', user, validCode())
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await countCodes(shop.id)).toBe(before)
  })

  it.each([
    ['a short code', { code: 'AB' }, 'code'],
    ['a long code', { code: 'A'.repeat(33) }, 'code'],
    ['a code with a space', { code: 'SAVE 10' }, 'code'],
    ['a code with SQL', { code: "x' or '1'='1" }, 'code'],
    ['a percentage of 0', { value: 0 }, 'value'],
    ['a percentage over 100', { value: 101 }, 'value'],
    ['a fractional percentage', { value: 12.5 }, 'value'],
    ['a fixed value of 0', { type: 'fixed', value: 0 }, 'value'],
    ['a fixed value with three decimals', { type: 'fixed', value: 10.005 }, 'value'],
    ['a value as a string', { value: '10' }, 'value'],
    ['an unknown type', { type: 'bogof' }, 'type'],
    ['a past day', { expiresOn: dayFromNow(-2) }, 'expiresOn'],
    ['a day that does not exist', { expiresOn: '2031-02-30' }, 'expiresOn'],
    ['a malformed day', { expiresOn: '15/06/2031' }, 'expiresOn'],
    ['both expiries', { expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, 'expiresAt'],
    ['a past expiresAt', { expiresOn: undefined, expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
    ['no expiry sent twice', { expiresOn: null, expiresAt: null }, 'expiresAt'],
    ['a usage limit of 0', { usageLimit: 0 }, 'usageLimit'],
    ['a fractional usage limit', { usageLimit: 1.5 }, 'usageLimit'],
    ['a minimum with three decimals', { minSubtotal: 1.001 }, 'minSubtotal'],
    ['a negative minimum', { minSubtotal: -1 }, 'minSubtotal'],
    ['a used count', { usedCount: 5 }, 'usedCount'],
    ['a malformed shop', { shop: 'demo' }, 'shop'],
    ['an operator as a value', { code: { $ne: '' } }, 'code'],
  ])('answers 400 for %s, naming %s; nothing is created', async (_, overrides, path) => {
    const before = await countCodes(shop.id)
    const response = await inject('POST', '/api/discount-codes/', manager, validCode(overrides))
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toContain(path)
    expect(await countCodes(shop.id)).toBe(before)
  })

  it('answers 400 for malformed JSON and a missing body, 413 for a body over the limit', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST', url: '/api/discount-codes/', headers: { ...manager.headers, 'content-type': 'application/json' }, payload: '{"code":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed).message).toMatch(/JSON/)
    const missing = await inject('POST', '/api/discount-codes/', manager)
    expect(missing.statusCode).toBe(400)
    errorBody(missing)
    const huge = await inject('POST', '/api/discount-codes/', manager, validCode({ code: 'x'.repeat(200_000) }))
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
  })
})

describe('PATCH /api/discount-codes/{id}', () => {
  it('changes the code, terms, expiry and active flag', async () => {
    const row = await insertCode(shop.id, { code: newCode('Old') })
    const code = newCode('New')
    const response = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, {
      code, type: 'fixed', value: 7.5, expiresOn: '2032-01-31', usageLimit: 10, minSubtotal: 50, active: false,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      _id: row.id, shop: shop.id, code, type: 'fixed', value: 7.5, expiresAt: '2032-01-31T23:59:59.000Z', usageLimit: 10,
      minSubtotal: 50, active: false,
    })
    expect(await readCode(row.id)).toMatchObject({ code, value: 750, minSubtotalMinor: 5000, active: false })
    const percent = await inject('PATCH', `/api/discount-codes/${row.id}`, owner, { value: 8, type: 'percentage', usageLimit: null, minSubtotal: null })
    expect(percent.json()).toMatchObject({ type: 'percentage', value: 8, usageLimit: null, minSubtotal: 0 })
    // Only the case changes: still the same code, so no conflict with itself.
    const recased = await inject('PATCH', `/api/discount-codes/${row.id}`, administrator, { code: code.toLowerCase() })
    expect(recased.statusCode).toBe(200)
    expect(recased.json().code).toBe(code.toLowerCase())
  })

  it('removes the expiry with expiresOn: null (or expiresAt: null), and sets one again', async () => {
    const row = await insertCode(shop.id)
    const removed = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { expiresOn: null })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({ expiresAt: null, expiresOn: null })
    expect((await readCode(row.id))?.expiresAt).toBeNull()
    const again = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { expiresOn: '2032-01-31' })
    expect(again.json()).toMatchObject({ expiresAt: '2032-01-31T23:59:59.000Z', expiresOn: '2032-01-31' })
    const byInstant = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { expiresAt: null })
    expect(byInstant.json()).toMatchObject({ expiresAt: null, expiresOn: null })
    // Other changes leave the missing expiry alone.
    const other = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { active: false })
    expect(other.json()).toMatchObject({ active: false, expiresAt: null })
  })

  it('checks a new value against the stored type, and wants a value with a new type', async () => {
    const row = await insertCode(shop.id, { type: 'fixed', value: 5000 })
    const percent = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { value: 150.5 })
    expect(percent.statusCode).toBe(200)
    expect(percent.json()).toMatchObject({ type: 'fixed', value: 150.5 })
    const typeOnly = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { type: 'percentage' })
    expect(typeOnly.statusCode).toBe(400)
    expect(errorBody(typeOnly).errors?.[0]?.path).toBe('value')
    expect((await readCode(row.id))?.type).toBe('fixed')
  })

  it('answers 409 for another code of the shop and for a usage limit below the uses so far', async () => {
    const taken = await insertCode(shop.id, { code: newCode('Taken') })
    const row = await insertCode(shop.id, { usedCount: 3, usageLimit: 5 })
    const duplicate = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { code: taken.code.toLowerCase() })
    expect(duplicate.statusCode).toBe(409)
    expect(errorBody(duplicate).errors?.[0]?.path).toBe('code')
    const below = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { usageLimit: 2 })
    expect(below.statusCode).toBe(409)
    expect(errorBody(below).errors?.[0]?.path).toBe('usageLimit')
    expect(await readCode(row.id)).toEqual(row)
    const equal = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, { usageLimit: 3 })
    expect(equal.json()).toMatchObject({ usageLimit: 3, usedCount: 3 })
  })

  it('answers 401 anonymous, 403 to keepers, 404 to outsiders and shoppers; the code is unchanged', async () => {
    const row = await insertCode(shop.id)
    const anonymous = await inject('PATCH', `/api/discount-codes/${row.id}`, undefined, { value: 100 })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    const forbidden = await inject('PATCH', `/api/discount-codes/${row.id}`, keeper, { value: 100 })
    expect(forbidden.statusCode).toBe(403)
    errorBody(forbidden)
    for (const user of [outsider, shopper]) {
      const response = await inject('PATCH', `/api/discount-codes/${row.id}`, user, { value: 100, active: false })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await readCode(row.id)).toEqual(row)
  })

  it('answers 404 for an unknown code and 400 for a malformed id', async () => {
    const unknown = await inject('PATCH', '/api/discount-codes/00000000-0000-4000-8000-000000000000', manager, { active: false })
    expect(unknown.statusCode).toBe(404)
    errorBody(unknown)
    const malformed = await inject('PATCH', '/api/discount-codes/WELCOME10', manager, { active: false })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
  })

  it.each([
    ['an empty body', {}, 'body'],
    ['moving it to another shop', { shop: otherShop.id }, 'shop'],
    ['a used count', { usedCount: 0 }, 'usedCount'],
    ['a past day', { expiresOn: dayFromNow(-1) }, 'expiresOn'],
    ['a percentage over 100', { value: 101 }, 'value'],
    ['a malformed code', { code: 'no spaces allowed' }, 'code'],
    ['active as a string', { active: 'false' }, 'active'],
  ])('answers 400 for %s; the code is unchanged', async (_, payload, path) => {
    const row = await insertCode(shop.id)
    const response = await inject('PATCH', `/api/discount-codes/${row.id}`, manager, payload)
    expect(response.statusCode).toBe(400)
    const body = errorBody(response)
    if (path !== 'body') expect(body.errors?.map((e) => e.path)).toContain(path)
    expect(await readCode(row.id)).toEqual(row)
  })
})

describe('GET /api/discount-codes/ (staff listing)', async () => {
  const s = await createStaffedShop(ctx)
  const first = await insertCode(s.shop.id, { code: 'SPRING5', createdAt: new Date('2030-01-01T00:00:00Z') })
  const second = await insertCode(s.shop.id, { code: 'summer10', active: false, createdAt: new Date('2030-02-01T00:00:00Z') })
  const third = await insertCode(s.shop.id, {
    code: 'Autumn-15', type: 'fixed', value: 1500, usageLimit: 4, usedCount: 2, minSubtotalMinor: 2000,
    createdAt: new Date('2030-03-01T00:00:00Z'),
  })
  await insertCode(s.otherShop.id, { code: 'ELSEWHERE' })
  const ids = (response: { json(): { data: { _id: string }[] } }) => response.json().data.map((code) => code._id)

  it('lists the shop\'s codes newest first for managers and up, with usage figures', async () => {
    for (const user of [s.manager, s.administrator, s.owner]) {
      const response = await inject('GET', `/api/discount-codes/?shop=${s.shop.id}&$sort[createdAt]=-1`, user)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ total: 3, limit: 20, skip: 0 })
      expect(ids(response)).toEqual([third.id, second.id, first.id])
    }
    const body = (await inject('GET', `/api/discount-codes/?shop=${s.shop.id}`, s.manager)).json()
    expect(ids({ json: () => body })).toEqual([third.id, second.id, first.id])
    expect(body.data[0]).toEqual({
      _id: third.id, shop: s.shop.id, code: 'Autumn-15', type: 'fixed', value: 15, expiresAt: third.expiresAt!.toISOString(),
      expiresOn: third.expiresAt!.toISOString().slice(0, 10), usageLimit: 4, usedCount: 2, minSubtotal: 20, active: true,
      oncePerCustomer: false, firstOrderOnly: false,
      createdAt: '2030-03-01T00:00:00.000Z', updatedAt: third.updatedAt.toISOString(),
    })
  })

  it('filters, searches and pages', async () => {
    const list = (query: string) => inject('GET', `/api/discount-codes/?shop=${s.shop.id}&${query}`, s.manager)
    expect(ids(await list('active=false'))).toEqual([second.id])
    expect(ids(await list('code[$q]=UMM'))).toEqual([second.id])
    expect(ids(await list('type=fixed'))).toEqual([third.id])
    expect(ids(await list('$sort[code]=1'))).toEqual([third.id, first.id, second.id])
    const page = await list('$sort[createdAt]=1&$limit=1&$skip=1')
    expect(page.json()).toMatchObject({ total: 3, limit: 1, skip: 1 })
    expect(ids(page)).toEqual([second.id])
  })

  it('answers 401 anonymous, 403 to keepers and 404 to shoppers and outsiders: nobody else can list codes', async () => {
    for (const url of [`/api/discount-codes/?shop=${s.shop.id}`, `/api/discount-codes/?shop=${s.shop.id}&code[$q]=s`]) {
      const anonymous = await inject('GET', url)
      expect(anonymous.statusCode).toBe(401)
      errorBody(anonymous)
      const forbidden = await inject('GET', url, s.keeper)
      expect(forbidden.statusCode).toBe(403)
      errorBody(forbidden)
      for (const user of [s.shopper, s.outsider]) {
        const response = await inject('GET', url, user)
        expect(response.statusCode).toBe(404)
        errorBody(response)
      }
    }
  })

  it.each([
    ['no shop', '/api/discount-codes/'],
    ['a malformed shop', '/api/discount-codes/?shop=demo'],
    ['an unknown sort field', '/api/discount-codes/?shop={shop}&$sort[value]=1'],
    ['an unknown field', '/api/discount-codes/?shop={shop}&value=10'],
    ['an unknown operator', '/api/discount-codes/?shop={shop}&createdAt[$where]=1'],
    ['an unsupported operator on code', '/api/discount-codes/?shop={shop}&code[$ne]=x'],
    ['a bad boolean', '/api/discount-codes/?shop={shop}&active=maybe'],
    ['a bad date', '/api/discount-codes/?shop={shop}&createdAt[$gt]=yesterday'],
    ['a non-numeric $limit', '/api/discount-codes/?shop={shop}&$limit=ten'],
  ])('answers 400 for %s', async (_, url) => {
    const response = await inject('GET', url.replace('{shop}', s.shop.id), s.manager)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})

describe('GET /api/discount-codes/?code=&shop= (public lookup)', async () => {
  const s = await createStaffedShop(ctx)
  const valid = await insertCode(s.shop.id, { code: 'Welcome10', type: 'percentage', value: 10, minSubtotalMinor: 5000 })
  const fixed = await insertCode(s.shop.id, { code: 'GHS20', type: 'fixed', value: 2000 })
  await insertCode(s.shop.id, { code: 'EXPIRED1', expiresAt: new Date(Date.now() - 1000) })
  const forever = await insertCode(s.shop.id, { code: 'FOREVER5', value: 5, expiresAt: null })
  await insertCode(s.shop.id, { code: 'PAUSEDFOREVER', active: false, expiresAt: null })
  await insertCode(s.shop.id, { code: 'USEDUPFOREVER', usageLimit: 1, usedCount: 1, expiresAt: null })
  await insertCode(s.shop.id, { code: 'PAUSED1', active: false })
  await insertCode(s.shop.id, { code: 'USEDUP1', usageLimit: 2, usedCount: 2 })
  await insertCode(s.otherShop.id, { code: 'THEIRS1' })
  const lookup = (code: string, user?: TestUser, extra = '') =>
    inject('GET', `/api/discount-codes/?code=${encodeURIComponent(code)}&shop=${s.shop.id}${extra}`, user)

  it('answers the one code, ignoring case, with its terms only, to anyone', async () => {
    for (const user of [undefined, s.shopper, s.keeper, s.owner]) {
      const response = await lookup('welcome10', user)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        total: 1, limit: 1, skip: 0,
        data: [{ _id: valid.id, code: 'Welcome10', type: 'percentage', value: 10, minSubtotal: 50, expiresAt: valid.expiresAt!.toISOString(), oncePerCustomer: false, firstOrderOnly: false }],
      })
    }
    expect((await lookup('ghs20')).json().data).toEqual([
      { _id: fixed.id, code: 'GHS20', type: 'fixed', value: 20, minSubtotal: 0, expiresAt: fixed.expiresAt!.toISOString(), oncePerCustomer: false, firstOrderOnly: false },
    ])
    expect((await lookup(' GHS20 ')).json().total).toBe(1)
  })

  it('answers a code without an expiry as valid, with expiresAt null, while it is active and has uses left', async () => {
    expect((await lookup('forever5')).json().data).toEqual([
      { _id: forever.id, code: 'FOREVER5', type: 'percentage', value: 5, minSubtotal: 0, expiresAt: null, oncePerCustomer: false, firstOrderOnly: false },
    ])
    for (const code of ['PAUSEDFOREVER', 'USEDUPFOREVER']) expect((await lookup(code)).json().total).toBe(0)
  })

  it('answers an empty list for expired, inactive, used-up, unknown and other shops\' codes', async () => {
    for (const code of ['EXPIRED1', 'paused1', 'UsedUp1', 'NOSUCHCODE', 'THEIRS1', 'no such code!', '%', 'WELCOME_']) {
      const response = await lookup(code)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ total: 0, limit: 1, skip: 0, data: [] })
    }
    const unknownShop = await inject('GET', '/api/discount-codes/?code=WELCOME10&shop=00000000-0000-4000-8000-000000000000')
    expect(unknownShop.json()).toMatchObject({ total: 0, data: [] })
  })

  it.each([
    ['$sort', '&$sort[createdAt]=-1'],
    ['$skip', '&$skip=0'],
    ['$limit', '&$limit=10'],
    ['a filter', '&active=true'],
    ['$or', '&$or[0][active]=false'],
  ])('answers 400 when the lookup carries %s', async (_, extra) => {
    const response = await lookup('WELCOME10', s.manager, extra)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })

  it('answers 400 without a shop, for a code list and for an overlong code', async () => {
    for (const url of [
      '/api/discount-codes/?code=WELCOME10',
      `/api/discount-codes/?code[]=WELCOME10&code[]=GHS20&shop=${s.shop.id}`,
      `/api/discount-codes/?code=${'A'.repeat(101)}&shop=${s.shop.id}`,
    ]) {
      const response = await inject('GET', url)
      expect(response.statusCode).toBe(400)
      errorBody(response)
    }
  })

  it('limits lookups per IP', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await inject('GET', `/api/discount-codes/?code=GUESS${i}X&shop=${s.shop.id}`, undefined, undefined, '10.77.0.1')).statusCode)
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
    const limited = await inject('GET', `/api/discount-codes/?code=WELCOME10&shop=${s.shop.id}`, undefined, undefined, '10.77.0.1')
    expect(limited.statusCode).toBe(429)
    expect(errorBody(limited).name).toBe('TooManyRequests')
    // Another address, and the staff listing from the same one, are not affected.
    expect((await inject('GET', `/api/discount-codes/?code=WELCOME10&shop=${s.shop.id}`, undefined, undefined, '10.77.0.2')).statusCode).toBe(200)
    expect((await inject('GET', `/api/discount-codes/?shop=${s.shop.id}`, s.manager, undefined, '10.77.0.1')).statusCode).toBe(200)
  })
})

describe('GET /api/discount-codes/{id}', () => {
  it('answers the code to managers and up; 401, 403 and 404 otherwise', async () => {
    const row = await insertCode(shop.id)
    const ok = await inject('GET', `/api/discount-codes/${row.id}`, manager)
    expect(ok.statusCode).toBe(200)
    expect(Object.keys(ok.json()).sort()).toEqual(staffKeys)
    expect(ok.json()).toMatchObject({ _id: row.id, code: row.code })
    expect((await inject('GET', `/api/discount-codes/${row.id}`)).statusCode).toBe(401)
    expect((await inject('GET', `/api/discount-codes/${row.id}`, keeper)).statusCode).toBe(403)
    for (const user of [outsider, shopper]) expect((await inject('GET', `/api/discount-codes/${row.id}`, user)).statusCode).toBe(404)
    expect((await inject('GET', '/api/discount-codes/00000000-0000-4000-8000-000000000000', manager)).statusCode).toBe(404)
    expect((await inject('GET', '/api/discount-codes/abc', manager)).statusCode).toBe(400)
  })
})

async function redeemError(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(HttpError)
  return error as HttpError
}

describe('redeemDiscountCode', () => {
  it('takes one use of a valid code, ignoring case, and answers its terms', async () => {
    const row = await insertCode(shop.id, { code: 'Redeem-Me', type: 'fixed', value: 1500, usageLimit: 5, usedCount: 1 })
    const redeemed = await db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, 'redeem-me', 10_000))
    expect(redeemed).toEqual({ id: row.id, code: 'Redeem-Me', type: 'fixed', value: 1500, oncePerCustomer: false, firstOrderOnly: false })
    expect((await readCode(row.id))?.usedCount).toBe(2)
  })

  it('takes a use of a code that never expires', async () => {
    const row = await insertCode(shop.id, { code: 'Never-Ends', expiresAt: null })
    const redeemed = await db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, 'never-ends', 10_000))
    expect(redeemed).toMatchObject({ id: row.id })
    expect((await readCode(row.id))?.usedCount).toBe(1)
  })

  it('gives the use back when the caller\'s transaction rolls back', async () => {
    const row = await insertCode(shop.id, { usageLimit: 1 })
    await expect(
      db.transaction(async (tx) => {
        await redeemDiscountCode(withDb(services, tx), shop.id, row.code, 10_000)
        throw new Error('order failed')
      }),
    ).rejects.toThrow('order failed')
    expect((await readCode(row.id))?.usedCount).toBe(0)
  })

  it('refuses unknown, inactive, expired, used-up codes and unmet minimums with clear messages', async () => {
    const expired = await insertCode(shop.id, { expiresAt: new Date(Date.now() - 1000) })
    const paused = await insertCode(shop.id, { active: false })
    const usedUp = await insertCode(shop.id, { usageLimit: 1, usedCount: 1 })
    const minimum = await insertCode(shop.id, { minSubtotalMinor: 5000 })
    const theirs = await insertCode(otherShop.id)
    for (const [shopId, code] of [
      [shop.id, 'NOPE123'], [shop.id, expired.code], [shop.id, paused.code], [shop.id, theirs.code], [shop.id, 'bad code'], ['x', 'NOPE123'],
    ] as const) {
      const error = await redeemError(db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shopId, code, 10_000)))
      expect(error.code).toBe(422)
      expect(error.message).toBe('This discount code is not valid')
    }
    const used = await redeemError(db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, usedUp.code, 10_000)))
    expect(used.code).toBe(409)
    expect(used.message).toBe('This discount code has been used up')
    const short = await redeemError(db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, minimum.code, 4999)))
    expect(short.code).toBe(422)
    expect(short.message).toBe('Spend at least GHS\u00a050.00 to use this code')
    expect(await db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, minimum.code, 5000))).toMatchObject({ id: minimum.id })
    for (const row of [expired, paused, usedUp, theirs]) expect((await readCode(row.id))?.usedCount).toBe(row.usedCount)
  })

  it('uses a single-use code exactly once under 30 concurrent orders', async () => {
    const row = await insertCode(shop.id, { code: 'ONLYONCE', usageLimit: 1 })
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, 'onlyonce', 10_000))),
    )
    const succeeded = results.filter((result) => result.status === 'fulfilled')
    expect(succeeded).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(HttpError)
        expect((result.reason as HttpError).code).toBe(409)
      }
    }
    expect((await readCode(row.id))?.usedCount).toBe(1)
  })

  it('stops at the limit under concurrency for a limit above 1', async () => {
    const row = await insertCode(shop.id, { usageLimit: 3 })
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => db.transaction((tx) => redeemDiscountCode(withDb(services, tx), shop.id, row.code, 10_000))),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
    expect((await readCode(row.id))?.usedCount).toBe(3)
  })
})

describe('releaseDiscountCode and findValidDiscountCode', () => {
  it('gives one use back, never below zero', async () => {
    const row = await insertCode(shop.id, { usageLimit: 1, usedCount: 1 })
    expect(await findValidDiscountCode(services, shop.id, row.code)).toBeNull()
    expect(await db.transaction((tx) => releaseDiscountCode(withDb(services, tx), row.id))).toBe(true)
    expect((await readCode(row.id))?.usedCount).toBe(0)
    expect((await findValidDiscountCode(services, shop.id, row.code.toLowerCase()))?.id).toBe(row.id)
    expect(await db.transaction((tx) => releaseDiscountCode(withDb(services, tx), row.id))).toBe(false)
    expect((await readCode(row.id))?.usedCount).toBe(0)
    expect(await releaseDiscountCode(services, 'not-an-id')).toBe(false)
  })

  it('finds only codes usable now, in that shop', async () => {
    const row = await insertCode(shop.id, { minSubtotalMinor: 100_000 })
    expect((await findValidDiscountCode(services, shop.id, ` ${row.code.toLowerCase()} `))?.id).toBe(row.id)
    expect(await findValidDiscountCode(services, otherShop.id, row.code)).toBeNull()
    expect(await findValidDiscountCode(services, 'nope', row.code)).toBeNull()
    expect(await findValidDiscountCode(services, shop.id, '%')).toBeNull()
  })
})
