import type { FinancialAccount } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { financialAccounts, inventory, products, shopConfigs } from '../src/db/schema'
import { productFactory } from '../src/seed/factories'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'

// No Paystack key on this server: the paystack provider is unusable here.
const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

/** Every account number handed to the API here, in every form it was sent and stored. */
const secrets = new Set<string>()
function remember(number: string) {
  const digits = number.replace(/\D/g, '')
  // Too short to be anyone's account (refused as invalid), and short enough to turn up inside a random id.
  if (digits.length < 6) return
  secrets.add(number)
  secrets.add(digits)
  // Stored form of a +233 number, and its national part.
  if (digits.startsWith('233')) secrets.add(`0${digits.slice(3)}`)
  secrets.add(digits.slice(-9))
}
/** Every body the API answered in this file. */
const bodies: string[] = []

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  if (payload && typeof payload === 'object' && 'accountNumber' in payload && typeof payload.accountNumber === 'string') remember(payload.accountNumber)
  const response = await ctx.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) })
  bodies.push(response.body)
  return response
}

const momo = { shop: shop.id, kind: 'mobile-money', provider: 'MTN MoMo', accountName: 'Ama Mensah', accountNumber: '024 412 4567' }
const bank = { shop: shop.id, kind: 'bank', provider: 'GCB Bank', accountName: 'Kente Ltd', accountNumber: '1041130012345' }

async function create(payload: object, user: TestUser = administrator): Promise<FinancialAccount> {
  const response = await call('POST', '/api/financial-accounts/', user, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
async function stored(id: string) {
  const [row] = await db.select().from(financialAccounts).where(eq(financialAccounts.id, id))
  return row
}

describe('financial accounts', () => {
  it('adds mobile money and bank accounts, stores the number and answers it masked', async () => {
    const account = await create(momo)
    expect(account).toMatchObject({ shop: shop.id, kind: 'mobile-money', provider: 'MTN MoMo', accountName: 'Ama Mensah', accountNumber: '•••• 4567' })
    expect(Object.keys(account).sort()).toEqual([
      '_id',
      'accountName',
      'accountNumber',
      'bankCode',
      'createdAt',
      'kind',
      'payout',
      'provider',
      'shop',
      'updatedAt',
      'verifiedAt',
    ])
    // Not the payout account: that one is chosen from Paystack's list and resolved (payouts.test.ts).
    expect(account).toMatchObject({ payout: false, bankCode: null, verifiedAt: null })
    expect((await stored(account._id))!.accountNumber).toBe('0244124567')

    const international = await create({ ...momo, provider: 'Telecel Cash', accountNumber: '+233 20 765 4321' }, owner)
    expect(international.accountNumber).toBe('•••• 4321')
    expect((await stored(international._id))!.accountNumber).toBe('0207654321')

    const account2 = await create(bank)
    expect(account2).toMatchObject({ kind: 'bank', provider: 'GCB Bank', accountNumber: '•••• 2345' })

    const one = await call('GET', `/api/financial-accounts/${account._id}`, owner)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual(account)

    const listed = await call('GET', `/api/financial-accounts/?shop=${shop.id}`, administrator)
    expect(listed.statusCode).toBe(200)
    const page = listed.json<Page<FinancialAccount>>()
    expect(page.total).toBe(3)
    expect(page.data.map((a) => a.accountNumber).sort()).toEqual(['•••• 2345', '•••• 4321', '•••• 4567'])
    expect((await call('GET', `/api/financial-accounts/?shop=${shop.id}&kind=bank`, administrator)).json()).toMatchObject({ total: 1 })
    expect((await call('GET', `/api/financial-accounts/?shop=${shop.id}&provider[$q]=momo&$sort[provider]=1`, administrator)).json()).toMatchObject({ total: 1 })

    const changed = await call('PATCH', `/api/financial-accounts/${account._id}`, owner, { accountNumber: '0551239876', provider: '  AirtelTigo   Money ' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ accountNumber: '•••• 9876', provider: 'AirtelTigo Money' })
    // A change of kind keeps the number when it fits the new kind (ten digits are a valid bank number).
    expect((await call('PATCH', `/api/financial-accounts/${account._id}`, owner, { kind: 'bank', provider: 'Ecobank' })).json()).toMatchObject({
      kind: 'bank',
      accountNumber: '•••• 9876',
    })

    const removed = await call('DELETE', `/api/financial-accounts/${international._id}`, administrator)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({ _id: international._id, accountNumber: '•••• 4321' })
    expect(await stored(international._id)).toBeUndefined()
    expect((await call('GET', `/api/financial-accounts/${international._id}`, administrator)).statusCode).toBe(404)
  })

  it('is for administrators and owners only: manager and keeper 403, another shop\'s staff 404, anonymous 401', async () => {
    const account = await create(bank)
    const before = await stored(account._id)
    const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['create', 'POST', '/api/financial-accounts/', { ...momo, accountNumber: '0240000001' }],
      ['list', 'GET', `/api/financial-accounts/?shop=${shop.id}`],
      ['get', 'GET', `/api/financial-accounts/${account._id}`],
      ['patch', 'PATCH', `/api/financial-accounts/${account._id}`, { accountName: 'Someone else' }],
      ['delete', 'DELETE', `/api/financial-accounts/${account._id}`],
    ]
    const count = async () => (await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, shop.id))).length
    const total = await count()
    for (const [name, method, url, payload] of attempts) {
      for (const [user, status] of [
        [manager, 403],
        [keeper, 403],
        [outsider, 404],
        [shopper, 404],
        [undefined, 401],
      ] as [TestUser | undefined, number][]) {
        const response = await call(method, url, user, payload)
        expect(response.statusCode, `${name} as ${user?.email ?? 'anonymous'}`).toBe(status)
        errorBody(response)
      }
    }
    expect(await stored(account._id)).toEqual(before)
    expect(await count()).toBe(total)

    // Another shop's owner cannot reach this shop's accounts through their own shop either.
    const mine = await create({ ...bank, shop: otherShop.id }, outsider)
    expect((await call('GET', `/api/financial-accounts/?shop=${otherShop.id}`, outsider)).json()).toMatchObject({ total: 1, data: [{ _id: mine._id }] })
    expect((await call('GET', `/api/financial-accounts/${mine._id}`, owner)).statusCode).toBe(404)
    expect((await call('PATCH', `/api/financial-accounts/${mine._id}`, owner, { accountName: 'Taken over' })).statusCode).toBe(404)
    expect((await stored(mine._id))!.accountName).toBe('Kente Ltd')
  })

  it('answers 400 for numbers that do not fit the kind, unknown fields and wrong types; never a 5xx', async () => {
    const account = await create(momo)
    const before = await stored(account._id)
    const bad: unknown[] = [
      { ...momo, accountNumber: '024412456' },
      { ...momo, accountNumber: '02441245678' },
      { ...momo, accountNumber: '+2330244124567' },
      { ...momo, accountNumber: '+23324412456' },
      { ...momo, accountNumber: '+44 7700 900123' },
      { ...momo, accountNumber: '0244-12A-4567' },
      { ...bank, accountNumber: '12345' },
      { ...bank, accountNumber: '123456789012345678901' },
      { ...bank, accountNumber: '+1041130012345' },
      { ...momo, kind: 'card' },
      { ...momo, provider: ' ' },
      { ...momo, accountName: 'x'.repeat(101) },
      { ...momo, accountNumber: 244124567 },
      { ...momo, shop: 'not-a-shop' },
      { ...momo, balance: 100 },
      { kind: 'bank', provider: 'GCB', accountName: 'No shop', accountNumber: '1234567890' },
      [],
    ]
    for (const payload of bad) {
      const response = await call('POST', '/api/financial-accounts/', administrator, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    for (const payload of [{}, { kind: 'bank', accountNumber: '024' }, { accountNumber: '12345' }, { shop: otherShop.id }, { accountNumber: null }]) {
      const response = await call('PATCH', `/api/financial-accounts/${account._id}`, administrator, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    // A bank account cannot become mobile money without a mobile number.
    const banked = await create({ ...bank, accountNumber: '00112233445566' })
    const kindOnly = await call('PATCH', `/api/financial-accounts/${banked._id}`, administrator, { kind: 'mobile-money' })
    expect(kindOnly.statusCode).toBe(400)
    expect(errorBody(kindOnly).errors?.[0]?.path).toBe('accountNumber')
    for (const url of [
      '/api/financial-accounts/not-an-id',
      '/api/financial-accounts/',
      '/api/financial-accounts/?shop=x',
      `/api/financial-accounts/?shop=${shop.id}&accountNumber=0244124567`,
      `/api/financial-accounts/?shop=${shop.id}&$sort[accountNumber]=1`,
      `/api/financial-accounts/?shop=${shop.id}&kind[$regex]=.`,
    ]) {
      const response = await call('GET', url, administrator)
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/financial-accounts/',
      headers: { ...administrator.headers, 'content-type': 'application/json' },
      payload: '{"shop":',
    })
    expect(malformed.statusCode).toBe(400)
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/financial-accounts/',
      headers: { ...administrator.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...momo, accountName: 'x'.repeat(200_000) }),
    })
    expect(huge.statusCode).toBe(413)
    expect(await stored(account._id)).toEqual(before)
  })

  it('keeps at most ten accounts per shop', async () => {
    const fresh = await createStaffedShop(ctx)
    for (let i = 0; i < 10; i++) await create({ ...bank, shop: fresh.shop.id, accountNumber: `55500000${i}` }, fresh.owner)
    const eleventh = await call('POST', '/api/financial-accounts/', fresh.owner, { ...bank, shop: fresh.shop.id, accountNumber: '555000010' })
    expect(eleventh.statusCode).toBe(409)
    errorBody(eleventh)
  })
})

describe('GET /api/payment-info/', () => {
  const info = (query: string, user?: TestUser) => call('GET', `/api/payment-info/?${query}`, user)

  it('tells anyone what the shop accepts, without secrets; Paystack only where this server has its key', async () => {
    const fresh = await createStaffedShop(ctx)
    const first = await info(`shop=${fresh.shop.id}`)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      shop: fresh.shop.id,
      currency: 'GHS',
      options: [{ provider: 'manual', label: 'Pay on delivery or at pick-up', instant: false }],
      payout: false,
    })

    await db
      .update(shopConfigs)
      .set({
        paymentOptions: [
          { provider: 'paystack', enabled: true, label: 'MoMo or card' },
          { provider: 'test', enabled: true, label: 'Try it out' },
          { provider: 'manual', enabled: false },
        ],
      })
      .where(eq(shopConfigs.shopId, fresh.shop.id))
    await create({ ...momo, shop: fresh.shop.id, accountNumber: '0261112222' }, fresh.owner)
    const second = await info(`shop=${fresh.shop.id}`, shopper)
    // An account kept for the records is not a payout account Paystack verified (decision 58).
    expect(second.json()).toEqual({
      shop: fresh.shop.id,
      currency: 'GHS',
      options: [{ provider: 'test', label: 'Try it out', instant: true }],
      payout: false,
    })
    expect(second.body).not.toMatch(/sk_|secret|accountNumber|1112222/)

    // The order placement agrees: Paystack is not accepted on this server.
    const [item] = await db.insert(products).values(productFactory(fresh.shop.id)).returning()
    await db.insert(inventory).values({ shopId: fresh.shop.id, productId: item!.id, variantId: '', quantity: 5, tracked: true })
    const place = (payment?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/?shop=${fresh.shop.id}`,
        headers: shopper.headers,
        payload: { items: [{ product: item!.id, count: 1 }], delivery: { type: 'pick-up' }, ...(payment ? { payment } : {}) },
      })
    const refused = await place({ provider: 'paystack' })
    expect(refused.statusCode).toBe(400)
    expect(errorBody(refused).errors?.[0]?.path).toBe('payment.provider')
    expect((await place()).json()).toMatchObject({ payment: { provider: 'test', status: 'pending' } })
  })

  it('answers 404 for an unknown shop and 400 for a missing or malformed one or extra parameters', async () => {
    expect((await info('shop=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    for (const query of ['', 'shop=demo', `shop=${shop.id}&secret=1`, `shop[$ne]=${shop.id}`]) {
      const response = await info(query)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('account numbers', () => {
  it('appear in no response body of this file, not even in errors', async () => {
    // A last check over everything answered above, plus a fresh account made and read through every route.
    const account = await create({ ...momo, accountNumber: '0209998877' })
    await call('GET', `/api/financial-accounts/${account._id}`, owner)
    await call('GET', `/api/financial-accounts/?shop=${shop.id}&$limit=100`, owner)
    await call('PATCH', `/api/financial-accounts/${account._id}`, owner, { accountName: 'Renamed' })
    await call('PATCH', `/api/financial-accounts/${account._id}`, owner, { accountNumber: '020999887' })
    await call('DELETE', `/api/financial-accounts/${account._id}`, owner)
    await call('GET', `/api/payment-info/?shop=${shop.id}`)
    expect(bodies.length).toBeGreaterThan(50)
    expect(secrets.size).toBeGreaterThan(10)
    // Ids are random hex, where a run of digits can turn up by chance: they are not what is looked for.
    const withoutIds = bodies.map((body) => body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>'))
    for (const secret of secrets) {
      for (const body of withoutIds) expect(body.includes(secret), `${secret} leaked in ${body.slice(0, 200)}`).toBe(false)
    }
    // Sanity: the masked form does show.
    expect(bodies.some((body) => body.includes('•••• 8877'))).toBe(true)
  })
})
