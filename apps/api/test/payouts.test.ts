/**
 * Each shop is paid into its own account (decision 58): the payout account chosen from Paystack's list,
 * its name resolved before saving, held at Paystack as the shop's subaccount; online payments only with
 * one, each initialized with its own shop's subaccount; the Payouts view's settlements and per-order net.
 */
import type { Order } from '@shop/domain/schemas/orders'
import type { FinancialAccount, PayoutBanks, PayoutPayment, PayoutSettlements } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { financialAccounts, inventory, orders, products, shopConfigs, transactions } from '../src/db/schema'
import { productFactory } from '../src/seed/factories'
import { startFakePaystack } from './fake-paystack'
import { type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const fake = await startFakePaystack()
afterAll(() => fake.close())
const ctx = await setupApp({ paystackSecretKey: fake.secretKey, paystackBaseUrl: fake.url, platformFeePercent: 2.5 })
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

// Two more platforms: one whose Paystack address answers nothing, one without Paystack at all.
const gone = await startFakePaystack()
await gone.close()
const offline = await setupApp({ paystackSecretKey: gone.secretKey, paystackBaseUrl: gone.url })
const bare = await setupApp()

fake.holder('MTN', '0244124567', 'AMA MENSAH')
fake.holder('VOD', '0201112222', 'KOFI BOATENG')
fake.holder('040100', '1041130012345', 'KENTE LTD')

beforeEach(() => fake.reset())

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) })
}

const momo = { kind: 'mobile-money', bankCode: 'MTN', accountNumber: '024 412 4567' }

async function savePayout(shopId: string, user: TestUser, details: object = momo): Promise<FinancialAccount> {
  const response = await call('POST', '/api/financial-accounts/', user, { shop: shopId, payout: true, ...details })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function rowOf(id: string) {
  const [row] = await db.select().from(financialAccounts).where(eq(financialAccounts.id, id))
  return row!
}
const accountCount = async (shopId: string) => (await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, shopId))).length

const enablePaystack = (shopId: string, user: TestUser) =>
  call('PATCH', `/api/shop-configs/${shopId}`, user, {
    paymentOptions: [
      { provider: 'paystack', enabled: true },
      { provider: 'manual', enabled: true },
    ],
  })

async function productIn(shopId: string): Promise<string> {
  const [product] = await db.insert(products).values(productFactory(shopId, { title: 'Kente scarf', priceMinor: 10_000 })).returning()
  await db.insert(inventory).values({ shopId, productId: product!.id, variantId: '', quantity: 1_000, tracked: true })
  return product!.id
}

function place(shopId: string, product: string, user: TestUser = shopper) {
  return call('POST', `/api/orders/?shop=${shopId}`, user, {
    items: [{ product, count: 1 }],
    delivery: { type: 'pick-up' },
    payment: { provider: 'paystack' },
  })
}

async function referenceOf(order: Order) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, order.payment.transaction!))
  return row!.reference
}

describe('the payout account', () => {
  it("lists Paystack's mobile money networks and banks for GHS, kept for a while", async () => {
    const networks = await call('GET', `/api/financial-accounts/banks?shop=${shop.id}&kind=mobile-money`, owner)
    expect(networks.statusCode, networks.body).toBe(200)
    expect(networks.json()).toEqual({
      data: [
        { code: 'ATL', name: 'AirtelTigo', kind: 'mobile-money' },
        { code: 'MTN', name: 'MTN', kind: 'mobile-money' },
        { code: 'VOD', name: 'Telecel Ghana', kind: 'mobile-money' },
      ],
    })
    const banks = await call('GET', `/api/financial-accounts/banks?shop=${shop.id}&kind=bank`, administrator)
    expect(banks.json<PayoutBanks>().data.map((bank) => bank.name)).toEqual([
      'Absa Bank Ghana Ltd',
      'Ecobank Ghana Ltd',
      'GCB Bank Limited',
    ])
    // Asked again, the list comes from memory, not from Paystack.
    const asked = fake.requests.length
    expect((await call('GET', `/api/financial-accounts/banks?shop=${otherShop.id}&kind=mobile-money`, outsider)).json()).toEqual(networks.json())
    expect(fake.requests.length).toBe(asked)
  })

  it('shows the name Paystack resolves before saving; saving resolves it again and creates the subaccount', async () => {
    const resolved = await call('POST', '/api/financial-accounts/resolve', owner, { shop: shop.id, ...momo })
    expect(resolved.statusCode, resolved.body).toBe(200)
    expect(resolved.json()).toEqual({ accountName: 'AMA MENSAH', bankCode: 'MTN', bankName: 'MTN', accountNumber: '•••• 4567' })
    expect(await accountCount(shop.id)).toBe(0)
    expect(fake.subaccounts.size).toBe(0)

    // A name typed by the client is never what is stored: a payout account's name is Paystack's.
    const typed = await call('POST', '/api/financial-accounts/', owner, { shop: shop.id, payout: true, ...momo, accountName: 'Someone Else' })
    expect(typed.statusCode).toBe(400)
    expect(errorBody(typed).errors?.[0]?.path).toBe('accountName')

    const account = await savePayout(shop.id, owner)
    expect(account).toMatchObject({ kind: 'mobile-money', provider: 'MTN', accountName: 'AMA MENSAH', accountNumber: '•••• 4567', payout: true, bankCode: 'MTN' })
    expect(account.verifiedAt).not.toBeNull()
    // Resolved for the preview, and again when saved.
    expect(fake.requests.filter((r) => r.path === '/bank/resolve')).toHaveLength(2)
    const row = await rowOf(account._id)
    expect(row.accountNumber).toBe('0244124567')
    const subaccount = fake.subaccounts.get(row.subaccountCode!)!
    expect(subaccount).toMatchObject({ business_name: shop.title, settlement_bank: 'MTN', account_number: '0244124567', percentage_charge: 2.5, account_name: 'AMA MENSAH' })
    expect(JSON.stringify(account)).not.toContain(row.subaccountCode!)

    // One payout account per shop: the second is refused and nothing reaches Paystack.
    const before = fake.subaccounts.size
    const second = await call('POST', '/api/financial-accounts/', administrator, { shop: shop.id, payout: true, kind: 'mobile-money', bankCode: 'VOD', accountNumber: '0201112222' })
    expect(second.statusCode).toBe(409)
    expect(errorBody(second).message).toMatch(/already has a payout account/)
    expect(fake.subaccounts.size).toBe(before)
  })

  it('refuses a number Paystack cannot find (422), a bank not in its list and a malformed number (400), saving nothing', async () => {
    const fresh = await createShop(ctx, { owner })
    const unknown = { shop: fresh.id, kind: 'mobile-money', bankCode: 'MTN', accountNumber: '0249999999' }
    for (const [url, payload] of [
      ['/api/financial-accounts/resolve', unknown],
      ['/api/financial-accounts/', { ...unknown, payout: true }],
    ] as const) {
      const response = await call('POST', url, owner, payload)
      expect(response.statusCode, url).toBe(422)
      const body = errorBody(response)
      expect(body.message).toMatch(/Paystack could not find this account: Could not resolve account name/)
      expect(body.errors?.[0]?.path).toBe('accountNumber')
    }
    const cases: [object, string][] = [
      [{ ...unknown, bankCode: 'XYZ' }, 'bankCode'],
      [{ ...unknown, kind: 'bank', bankCode: 'MTN' }, 'bankCode'],
      [{ ...unknown, accountNumber: '12345678' }, 'accountNumber'],
      [{ shop: fresh.id, kind: 'mobile-money', accountNumber: '0244124567' }, 'bankCode'],
    ]
    for (const [payload, path] of cases) {
      const response = await call('POST', '/api/financial-accounts/', owner, { ...payload, payout: true })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toBe(path)
    }
    for (const body of [{}, { ...unknown, extra: 1 }, { ...unknown, bankCode: 'M T N' }, { ...unknown, kind: 'cash' }, []]) {
      const response = await call('POST', '/api/financial-accounts/resolve', owner, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    expect(await accountCount(fresh.id)).toBe(0)
    expect(fake.subaccounts.size).toBe(1)
  })

  it('changes the same subaccount at Paystack when the account changes', async () => {
    const [row] = await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, shop.id))
    const code = row!.subaccountCode!
    const url = `/api/financial-accounts/${row!.id}`

    // A new kind needs its bank; the name is never typed; an unknown number changes nothing.
    expect((await call('PATCH', url, owner, { kind: 'bank', accountNumber: '1041130012345' })).statusCode).toBe(400)
    expect((await call('PATCH', url, owner, { accountName: 'Renamed' })).statusCode).toBe(400)
    const unknown = await call('PATCH', url, owner, { accountNumber: '0240000000' })
    expect(unknown.statusCode).toBe(422)
    expect(await rowOf(row!.id)).toEqual(row)
    expect(fake.subaccounts.get(code)).toMatchObject({ settlement_bank: 'MTN', account_number: '0244124567' })

    const changed = await call('PATCH', url, administrator, { kind: 'bank', bankCode: '040100', accountNumber: '104-1130-012345' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ kind: 'bank', provider: 'GCB Bank Limited', accountName: 'KENTE LTD', accountNumber: '•••• 2345', bankCode: '040100', payout: true })
    expect(fake.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([`/subaccount/${code}`])
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === '/subaccount')).toBe(false)
    expect(fake.subaccounts.get(code)).toMatchObject({ settlement_bank: '040100', account_number: '1041130012345', account_name: 'KENTE LTD', percentage_charge: 2.5 })
    const after = await rowOf(row!.id)
    expect(after).toMatchObject({ subaccountCode: code, accountNumber: '1041130012345', bankCode: '040100' })
    expect(after.verifiedAt!.getTime()).toBeGreaterThanOrEqual(row!.verifiedAt!.getTime())

    // And back to mobile money.
    const back = await call('PATCH', url, owner, { kind: 'mobile-money', bankCode: 'MTN', accountNumber: '0244124567' })
    expect(back.json()).toMatchObject({ kind: 'mobile-money', accountName: 'AMA MENSAH' })
    expect(fake.subaccounts.get(code)).toMatchObject({ settlement_bank: 'MTN', account_number: '0244124567' })
  })
})

describe('online payments and the payout account', () => {
  it("are refused without a verified payout account; then each shop's payments carry its own subaccount", async () => {
    // The other shop has no payout account yet: online payments cannot be turned on, and say why.
    const config = await call('GET', `/api/shop-configs/${otherShop.id}`, outsider)
    expect(config.json()).toMatchObject({ onlinePayments: 'needs-payout-account' })
    const refused = await enablePaystack(otherShop.id, outsider)
    expect(refused.statusCode).toBe(409)
    const body = errorBody(refused)
    expect(body.message).toBe('Add the account you want to be paid into (mobile money or bank) to take payments online')
    expect(body.errors?.[0]?.path).toBe('paymentOptions.0.enabled')
    expect(body.message).not.toMatch(/PAYSTACK|secret/i)

    expect((await call('GET', `/api/shop-configs/${shop.id}`, owner)).json()).toMatchObject({ onlinePayments: 'ready' })
    expect((await enablePaystack(shop.id, owner)).statusCode).toBe(200)
    await savePayout(otherShop.id, outsider, { kind: 'mobile-money', bankCode: 'VOD', accountNumber: '0201112222' })
    expect((await enablePaystack(otherShop.id, outsider)).statusCode).toBe(200)

    const mine = await productIn(shop.id)
    const theirs = await productIn(otherShop.id)
    const codeOf = async (shopId: string) => (await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, shopId)))[0]!.subaccountCode
    const orders: [string, Order][] = []
    for (const [shopId, product] of [[shop.id, mine], [otherShop.id, theirs], [shop.id, mine], [otherShop.id, theirs]] as const) {
      const response = await place(shopId, product)
      expect(response.statusCode, response.body).toBe(201)
      orders.push([shopId, response.json()])
    }
    for (const [shopId, order] of orders) {
      const sent = fake.initialized.get(await referenceOf(order))!
      expect(sent).toMatchObject({ subaccount: await codeOf(shopId), bearer: 'subaccount', amount: 10_000, metadata: { shop: shopId } })
    }
    expect(await codeOf(shop.id)).not.toBe(await codeOf(otherShop.id))

    // The storefront offers Paystack to both now.
    const info = await call('GET', `/api/payment-info/?shop=${otherShop.id}`)
    expect(info.json()).toMatchObject({ options: [{ provider: 'paystack' }, { provider: 'manual' }], payout: true })

    // The payout account of a shop taking payments online stays until they are turned off.
    const [row] = await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, otherShop.id))
    const removal = await call('DELETE', `/api/financial-accounts/${row!.id}`, outsider)
    expect(removal.statusCode).toBe(409)
    expect(await accountCount(otherShop.id)).toBe(1)
  })

  it('takes no Paystack order for a shop that had it on before payout accounts existed', async () => {
    const legacy = await createShop(ctx, { owner })
    await db
      .update(shopConfigs)
      .set({ paymentOptions: [{ provider: 'paystack', enabled: true }, { provider: 'manual', enabled: true }] })
      .where(eq(shopConfigs.shopId, legacy.id))
    const product = await productIn(legacy.id)
    const info = await call('GET', `/api/payment-info/?shop=${legacy.id}`)
    expect(info.json()).toMatchObject({ options: [{ provider: 'manual' }], payout: false })
    const response = await place(legacy.id, product)
    expect(response.statusCode).toBe(409)
    expect(errorBody(response).message).toMatch(/cannot take payments online/)
    expect(fake.requests.some((r) => r.path === '/transaction/initialize')).toBe(false)
    // Refused before anything is written: no order, no attempt.
    expect(await db.select().from(orders).where(eq(orders.shopId, legacy.id))).toEqual([])
  })
})

describe('the Payouts view', () => {
  it("lists each order's online payment net of Paystack's fee and the platform's share", async () => {
    const product = await productIn(shop.id)
    const order: Order = (await place(shop.id, product)).json()
    fake.pay(await referenceOf(order))
    const verified = await call('PATCH', `/api/transactions/${order.payment.transaction}`, shopper, { action: 'verify' })
    expect(verified.json()).toMatchObject({ status: 'success' })

    const response = await call('GET', `/api/payouts/payments?shop=${shop.id}&$limit=1`, administrator)
    expect(response.statusCode, response.body).toBe(200)
    const page = response.json<Page<PayoutPayment>>()
    expect(page.total).toBe(1)
    // GHS 100.00: Paystack's 1.95% (1.95) and the platform's 2.5% (2.50) come off, the subaccount bearing the fee.
    expect(page.data[0]).toMatchObject({
      transaction: order.payment.transaction,
      order: order._id,
      orderId: order.orderId,
      amount: { value: 100, currency: 'GHS' },
      paystackFee: { value: 1.95, currency: 'GHS' },
      platformFee: { value: 2.5, currency: 'GHS' },
      net: { value: 95.55, currency: 'GHS' },
    })
    // Only this shop's payments: the other shop has paid none.
    expect((await call('GET', `/api/payouts/payments?shop=${otherShop.id}`, outsider)).json()).toMatchObject({ total: 0, data: [] })
  })

  it("lists the settlements Paystack made to the shop's subaccount, paged, and never another shop's", async () => {
    const code = (await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, shop.id)))[0]!.subaccountCode!
    const other = (await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, otherShop.id)))[0]!.subaccountCode!
    fake.settle(code, { amount: 9_555, fees: 445, date: '2026-11-20T00:00:00.000Z' })
    fake.settle(code, { amount: 19_110, fees: 890, date: '2026-11-21T00:00:00.000Z' })
    fake.settle(code, { amount: 4_000, fees: 100, status: 'pending', date: '2026-11-22T00:00:00.000Z' })
    fake.settle(other, { amount: 77_700, fees: 1_000 })

    const first = await call('GET', `/api/payouts/settlements?shop=${shop.id}&perPage=2`, owner)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ page: 1, perPage: 2, total: 3, pageCount: 2 })
    const data = first.json<PayoutSettlements>().data
    expect(data).toHaveLength(2)
    expect(data[0]).toMatchObject({
      status: 'pending',
      amount: { value: 40, currency: 'GHS' },
      fees: { value: 1, currency: 'GHS' },
      processed: { value: 41, currency: 'GHS' },
      settledAt: '2026-11-22T00:00:00.000Z',
    })
    const second = await call('GET', `/api/payouts/settlements?shop=${shop.id}&perPage=2&page=2`, owner)
    expect(second.json()).toMatchObject({ page: 2, total: 3, data: [{ status: 'success', amount: { value: 95.55 } }] })
    expect(fake.requests.filter((r) => r.path === '/settlement')).toHaveLength(2)
    expect(JSON.stringify([first.json(), second.json()])).not.toContain('777')

    // A shop without a payout account has had no settlements, and Paystack is not asked.
    const fresh = await createShop(ctx, { owner })
    const none = await call('GET', `/api/payouts/settlements?shop=${fresh.id}`, owner)
    expect(none.json()).toEqual({ page: 1, perPage: 20, total: 0, pageCount: 0, data: [] })
    expect(fake.requests.filter((r) => r.path === '/settlement')).toHaveLength(2)
  })
})

describe('who may', () => {
  it('lets only administrators and owners of the shop near its payout account and payouts', async () => {
    const [row] = await db.select().from(financialAccounts).where(eq(financialAccounts.shopId, shop.id))
    const before = await rowOf(row!.id)
    const routes: ['GET' | 'POST' | 'PATCH', string, object?][] = [
      ['GET', `/api/financial-accounts/banks?shop=${shop.id}&kind=mobile-money`],
      ['POST', '/api/financial-accounts/resolve', { shop: shop.id, ...momo }],
      ['POST', '/api/financial-accounts/', { shop: shop.id, payout: true, ...momo }],
      ['PATCH', `/api/financial-accounts/${row!.id}`, { accountNumber: '0201112222' }],
      ['GET', `/api/payouts/settlements?shop=${shop.id}`],
      ['GET', `/api/payouts/payments?shop=${shop.id}`],
    ]
    const stranger = await createUser(ctx)
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(401)
      for (const [user, status] of [
        [keeper, 403],
        [manager, 403],
        [outsider, 404],
        [shopper, 404],
        [stranger, 404],
      ] as const) {
        const response = await call(method, url, user, payload)
        expect(response.statusCode, `${method} ${url}`).toBe(status)
        errorBody(response)
      }
    }
    expect(await rowOf(row!.id)).toEqual(before)
    expect(fake.requests.filter((r) => r.path !== '/bank')).toEqual([])
  })

  it('answers 400 for bad queries, never a 5xx', async () => {
    for (const url of [
      `/api/financial-accounts/banks?shop=${shop.id}`,
      `/api/financial-accounts/banks?shop=${shop.id}&kind=cash`,
      `/api/financial-accounts/banks?kind=bank`,
      `/api/payouts/settlements?shop=${shop.id}&perPage=0`,
      `/api/payouts/settlements?shop=${shop.id}&perPage=101`,
      `/api/payouts/settlements?shop=${shop.id}&page=abc`,
      `/api/payouts/settlements?shop=not-a-shop`,
      `/api/payouts/payments?shop=${shop.id}&$limit=abc`,
      `/api/payouts/payments?shop=${shop.id}&$sort[reference]=1`,
      `/api/payouts/payments?shop=${shop.id}&other=1`,
    ]) {
      const response = await call('GET', url, owner)
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
  })
})

describe('when Paystack cannot be reached or is not set up', () => {
  it('answers 502 in the error shape and changes nothing', async () => {
    const fresh = await createShop(ctx, { owner })
    for (const failure of ['down', 'http-500', 'garbage'] as const) {
      fake.failPayouts('resolve', failure)
      const resolve = await call('POST', '/api/financial-accounts/resolve', owner, { shop: fresh.id, ...momo })
      expect(resolve.statusCode, failure).toBe(502)
      expect(errorBody(resolve).message).toMatch(/^Paystack (could not|gave an unreadable)/)
      fake.failPayouts('resolve', null)

      fake.failPayouts('subaccount', failure)
      const save = await call('POST', '/api/financial-accounts/', owner, { shop: fresh.id, payout: true, ...momo })
      expect(save.statusCode, failure).toBe(502)
      errorBody(save)
      fake.failPayouts('subaccount', null)

      fake.failPayouts('settlement', failure)
      const settlements = await call('GET', `/api/payouts/settlements?shop=${shop.id}`, owner)
      expect(settlements.statusCode, failure).toBe(502)
      errorBody(settlements)
      fake.failPayouts('settlement', null)
    }
    expect(await accountCount(fresh.id)).toBe(0)

    // The bank list too (another Paystack address: nothing is kept for it yet).
    const staff = await createStaffedShop(offline)
    const banks = await offline.app.inject({ method: 'GET', url: `/api/financial-accounts/banks?shop=${staff.shop.id}&kind=bank`, headers: staff.owner.headers })
    expect(banks.statusCode).toBe(502)
    expect(errorBody(banks).message).toBe('Paystack could not be reached to list the banks. Please try again.')
  })

  it('says online payments are not available on a platform without Paystack, in words, never a variable', async () => {
    const staff = await createStaffedShop(bare)
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      bare.app.inject({ method, url, headers: staff.owner.headers, ...(payload ? { payload } : {}) })
    expect((await inject('GET', `/api/shop-configs/${staff.shop.id}`)).json()).toMatchObject({ onlinePayments: 'unavailable' })
    for (const response of [
      await inject('PATCH', `/api/shop-configs/${staff.shop.id}`, { paymentOptions: [{ provider: 'paystack', enabled: true }] }),
      await inject('GET', `/api/financial-accounts/banks?shop=${staff.shop.id}&kind=mobile-money`),
      await inject('POST', '/api/financial-accounts/resolve', { shop: staff.shop.id, ...momo }),
      await inject('POST', '/api/financial-accounts/', { shop: staff.shop.id, payout: true, ...momo }),
    ]) {
      expect(response.statusCode).toBe(409)
      expect(errorBody(response).message).toBe('Online payments are not available on this platform yet')
    }
  })
})

describe('configuration', () => {
  it('reads PLATFORM_FEE_PERCENT (0 to 100, two decimals) and PAYSTACK_FEE_BEARER (subaccount unless told)', () => {
    const base = { NODE_ENV: 'test' }
    expect(loadConfig(base)).toMatchObject({ platformFeePercent: 0, paystackFeeBearer: 'subaccount' })
    expect(loadConfig({ ...base, PLATFORM_FEE_PERCENT: '2.5', PAYSTACK_FEE_BEARER: 'account' })).toMatchObject({ platformFeePercent: 2.5, paystackFeeBearer: 'account' })
    expect(loadConfig({ ...base, PLATFORM_FEE_PERCENT: '100' }).platformFeePercent).toBe(100)
    expect(loadConfig({ ...base, PLATFORM_FEE_PERCENT: '0.25' }).platformFeePercent).toBe(0.25)
    for (const value of ['-1', '100.01', '101', '2.555', 'ten', '1e1', '5%']) {
      expect(() => loadConfig({ ...base, PLATFORM_FEE_PERCENT: value }), value).toThrow(ConfigError)
    }
    for (const value of ['both', 'Subaccount', 'platform']) {
      expect(() => loadConfig({ ...base, PAYSTACK_FEE_BEARER: value }), value).toThrow(ConfigError)
    }
  })
})
