/**
 * Promotions without codes (decisions 78–80, 94): who may manage them, what anyone reads, what checkouts
 * and orders (a shopper's and one staff enter) get from them, kept when the promotion changes, and applied
 * again when staff edit the order.
 */
import type { Promotion } from '@shop/domain/schemas/promotion'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { discountCodes, orderEvents, orders, outboxMessages, promotions } from '../src/db/schema'
import { renderEmail, templateOf } from '../src/modules/messages/templates'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) })

async function createPromotion(body: Record<string, unknown>, user: TestUser = manager) {
  const response = await call('POST', '/api/promotions/', user, { shop: shop.id, ...body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Promotion>()
}
const setStacking = async (stacksWithCodes: boolean) => {
  const response = await call('PATCH', `/api/promotion-settings/${shop.id}`, manager, { stacksWithCodes })
  expect(response.statusCode, response.body).toBe(200)
}
const clearPromotions = () => db.delete(promotions).where(eq(promotions.shopId, shop.id))

const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const express = await addRate({ name: 'Accra express', regions: ['GH-AA', 'GH-AH'], rateMinor: 2_500, paymentOption: 'instant', estimatedDays: 1 })
const dispatch = (region = 'GH-AA') => ({ type: 'dispatch', region, rate: express.id, address: '12 Oxford St', phone: '0200000000' })
const item = (count: number) => [{ product: scarf.id, count }]

let buyer = 0
async function placeOrder(body: Record<string, unknown>, user?: TestUser) {
  const query = user ? '' : `&email=buyer${buyer++}@example.com`
  const response = await call('POST', `/api/orders/?shop=${shop.id}${query}`, user, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
async function checkout(body: Record<string, unknown>) {
  const response = await call('POST', `/api/checkouts/?shop=${shop.id}&email=look${buyer++}@example.com`, undefined, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe('managing promotions', () => {
  it('lets managers and up create, change and delete them, named by what they give', async () => {
    const free = await createPromotion({ kind: 'free-delivery', minSubtotal: 300 })
    expect(free).toMatchObject({ kind: 'free-delivery', label: 'Free delivery over GHS 300', minSubtotal: 300, value: 0, active: true, live: true, regions: [] })
    const sale = await createPromotion({ kind: 'percentage', value: 10, minSubtotal: 200, name: '' }, owner)
    expect(sale.label).toBe('10% off orders over GHS 200')
    const changed = await call('PATCH', `/api/promotions/${sale._id}`, manager, { name: 'Harmattan sale', active: false })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ label: 'Harmattan sale', active: false, live: false })
    expect((await call('GET', `/api/promotions/${sale._id}`, manager)).json()).toMatchObject({ name: 'Harmattan sale' })
    const deleted = await call('DELETE', `/api/promotions/${sale._id}`, manager)
    expect(deleted.statusCode).toBe(200)
    expect((await call('GET', `/api/promotions/${sale._id}`, manager)).statusCode).toBe(404)
    await clearPromotions()
  })

  it('refuses keepers (403), another shop\'s staff (404) and anonymous callers (401)', async () => {
    const promo = await createPromotion({ kind: 'fixed', value: 20 })
    for (const [method, url, body] of [
      ['POST', '/api/promotions/', { shop: shop.id, kind: 'fixed', value: 5 }],
      ['PATCH', `/api/promotions/${promo._id}`, { active: false }],
      ['DELETE', `/api/promotions/${promo._id}`, undefined],
      ['GET', `/api/promotions/${promo._id}`, undefined],
      ['PATCH', `/api/promotion-settings/${shop.id}`, { stacksWithCodes: true }],
    ] as const) {
      expect((await call(method, url, keeper, body)).statusCode, `${method} ${url} keeper`).toBe(403)
      expect((await call(method, url, outsider, body)).statusCode, `${method} ${url} outsider`).toBe(404)
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401)
    }
    // Another shop's staff cannot put a promotion in this shop, nor this shop's manager in theirs.
    expect((await call('POST', '/api/promotions/', manager, { shop: otherShop.id, kind: 'fixed', value: 5 })).statusCode).toBe(404)
    const [row] = await db.select().from(promotions).where(eq(promotions.id, promo._id))
    expect(row).toMatchObject({ active: true, value: 2_000 })
    await clearPromotions()
  })

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'percentage', value: 150 }, 'value'],
      [{ kind: 'percentage', value: 12.5 }, 'value'],
      [{ kind: 'percentage' }, 'value'],
      [{ kind: 'fixed', value: 10.555 }, 'value'],
      [{ kind: 'free-delivery', value: 10 }, 'value'],
      [{ kind: 'free-delivery', minSubtotal: -1 }, 'minSubtotal'],
      [{ kind: 'fixed', value: 5, regions: ['GH-AA'] }, 'regions'],
      [{ kind: 'free-delivery', regions: ['Atlantis'] }, 'regions.0'],
      [{ kind: 'free-delivery', startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt'],
      [{ kind: 'bogo' }, 'kind'],
      [{ kind: 'fixed', value: 5, extra: 1 }, 'extra'],
    ]
    for (const [body, path] of cases) {
      const response = await call('POST', '/api/promotions/', manager, { shop: shop.id, ...body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorBody(response).errors?.map((e) => e.path).join(' '), JSON.stringify(body)).toContain(path)
    }
    const promo = await createPromotion({ kind: 'free-delivery', startsAt: '2026-12-01T00:00:00Z' })
    const backwards = await call('PATCH', `/api/promotions/${promo._id}`, manager, { endsAt: '2026-11-30T00:00:00Z' })
    expect(backwards.statusCode).toBe(400)
    expect(errorBody(backwards).errors).toEqual([{ path: 'endsAt', message: 'must be after startsAt' }])
    expect((await call('PATCH', `/api/promotions/${promo._id}`, manager, {})).statusCode).toBe(400)
    expect((await call('PATCH', `/api/promotions/not-a-uuid`, manager, { active: false })).statusCode).toBe(400)
    await clearPromotions()
  })

  it('shows anyone only the live ones, and staff all of them', async () => {
    const live = await createPromotion({ kind: 'free-delivery', minSubtotal: 300 })
    await createPromotion({ kind: 'fixed', value: 5, active: false })
    await createPromotion({ kind: 'fixed', value: 6, startsAt: new Date(Date.now() + 86_400_000).toISOString() })
    await createPromotion({ kind: 'fixed', value: 7, endsAt: new Date(Date.now() - 1_000).toISOString(), startsAt: new Date(Date.now() - 86_400_000).toISOString() })
    const anyone = await call('GET', `/api/promotions/?shop=${shop.id}`)
    expect(anyone.statusCode).toBe(200)
    expect(anyone.json().data).toEqual([
      { _id: live._id, kind: 'free-delivery', label: 'Free delivery over GHS 300', value: 0, minSubtotal: 300, currency: 'GHS', regions: [], startsAt: null, endsAt: null },
    ])
    expect((await call('GET', `/api/promotions/?shop=${shop.id}`, keeper)).json().total).toBe(1)
    const staff = (await call('GET', `/api/promotions/?shop=${shop.id}`, manager)).json()
    expect(staff.total).toBe(4)
    expect(staff.data.map((p: { live: boolean }) => p.live)).toEqual([true, false, false, false])
    // Another shop's list is its own.
    expect((await call('GET', `/api/promotions/?shop=${otherShop.id}`, outsider)).json().total).toBe(0)
    expect((await call('GET', `/api/promotions/?shop=${shop.id}&extra=1`)).statusCode).toBe(400)
    await clearPromotions()
  })
})

describe('checkouts and orders with promotions', () => {
  it('waives the delivery fee from the threshold on, for the regions it is for, never for pick-up', async () => {
    await createPromotion({ kind: 'free-delivery', minSubtotal: 300, regions: ['GH-AA'] })
    const below = await checkout({ items: item(2), delivery: dispatch() })
    expect(below.totals).toEqual({ subtotal: 200, tax: 0, delivery: 25, discount: 0, total: 225, totalInclTax: 225 })
    expect(below.promotions).toBeUndefined()

    const over = await checkout({ items: item(3), delivery: dispatch() })
    expect(over.totals).toEqual({ subtotal: 300, tax: 0, delivery: 0, deliveryWaived: 25, discount: 0, total: 300, totalInclTax: 300 })
    expect(over.promotions).toEqual({ discount: null, freeDelivery: { _id: expect.any(String), kind: 'free-delivery', label: 'Free delivery over GHS 300', amount: 25 } })

    const elsewhere = await checkout({ items: item(3), delivery: dispatch('GH-AH') })
    expect(elsewhere.totals.delivery).toBe(25)
    const pickUp = await checkout({ items: item(3), delivery: { type: 'pick-up' } })
    expect(pickUp.totals).toEqual({ subtotal: 300, tax: 0, delivery: 0, discount: 0, total: 300, totalInclTax: 300 })

    const order = await placeOrder({ checkout: over._id })
    expect(order.totals).toMatchObject({ subtotal: 300, delivery: 0, deliveryWaived: 25, totalInclTax: 300 })
    expect(order.amountDue).toBe(300)
    expect(order.promotions.freeDelivery.label).toBe('Free delivery over GHS 300')
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row).toMatchObject({ deliveryMinor: 2_500, deliveryWaivedMinor: 2_500, promotionMinor: 0, totalMinor: 30_000 })

    // The confirmation e-mail names it: the rate's fee, then the promotion taking it off.
    const [confirmation] = await db.select().from(outboxMessages).where(eq(outboxMessages.event, `order:${order._id}:placed`))
    const site = { name: 'Shop', origin: `http://${shop.slug}.shops.test`, logoUrl: null, providerName: 'Shoplet' }
    const email = renderEmail(templateOf(confirmation!.kind)!, { ...confirmation!.data, ...confirmation!.secrets }, site)
    expect(email.text.replace(/\u00a0/g, ' ')).toMatch(/Delivery \(Accra express\)\W+GHS 25\.00[\s\S]*Free delivery over GHS 300\W+GHS 25\.00/)

    // What the order got stays when the promotion changes or goes.
    await clearPromotions()
    const later = (await call('GET', `/api/orders/${order._id}?key=${order.accessKey}`)).json()
    expect(later.totals).toMatchObject({ delivery: 0, deliveryWaived: 25, totalInclTax: 300 })
    const csv = (await call('GET', `/api/orders.csv?shop=${shop.id}&q=${order.orderId}`, keeper)).body.split('\r\n')
    expect(csv[1]).toMatch(/,Free delivery over GHS 300,0\.00,25\.00$/)
  })

  it('gives the best automatic discount over its minimum, on shoppers\' and staff-entered orders alike', async () => {
    await createPromotion({ kind: 'percentage', value: 10, minSubtotal: 200 })
    await createPromotion({ kind: 'fixed', value: 25, minSubtotal: 0 })
    const small = await checkout({ items: item(1), delivery: { type: 'pick-up' } })
    expect(small.totals).toMatchObject({ subtotal: 100, promotion: 25, total: 75 })
    expect(small.promotions.discount.label).toBe('GHS 25 off every order')

    const big = await placeOrder({ items: item(4), delivery: dispatch(), name: 'Ama', phone: '0241111111' })
    expect(big.totals).toMatchObject({ subtotal: 400, promotion: 40, delivery: 25, totalInclTax: 385 })
    expect(big.promotions.discount).toMatchObject({ kind: 'percentage', label: '10% off orders over GHS 200', amount: 40 })
    // The pay link's page counts it among the discounts, so its rows add up.
    const [bigRow] = await db.select().from(orders).where(eq(orders.id, big._id))
    const payPage = (await ctx.app.inject({ method: 'GET', url: `/api/pay/${big._id}?key=${bigRow!.payKey}`, headers: { host: `${shop.slug}.shops.test` } })).json()
    expect(payPage.totals).toMatchObject({ subtotal: 400, discount: 40, delivery: 25, total: 385 })

    const entered = await placeOrder({ source: 'whatsapp', name: 'Akosua', phone: '0244123456', items: item(3), delivery: { type: 'pick-up' } }, keeper)
    expect(entered.totals).toMatchObject({ subtotal: 300, promotion: 30, totalInclTax: 270 })
    expect(entered.source).toBe('whatsapp')
    await clearPromotions()
  })

  it('without stacking gives the better of the code and the promotions; with stacking both', async () => {
    await createPromotion({ kind: 'fixed', value: 30, minSubtotal: 0 })
    const small = await addCode({ code: 'SMALL5', type: 'fixed', value: 500 })
    const big = await addCode({ code: 'BIG50', type: 'percentage', value: 50 })

    // The promotion (GHS 30) beats the GHS 5 code: the code is left unused.
    const promoWins = await placeOrder({ items: item(2), delivery: { type: 'pick-up' }, discount: { code: 'SMALL5' } })
    expect(promoWins.totals).toMatchObject({ subtotal: 200, discount: 0, promotion: 30, totalInclTax: 170 })
    expect(promoWins.discount).toBeNull()
    expect((await db.select().from(discountCodes).where(eq(discountCodes.id, small.id)))[0]!.usedCount).toBe(0)
    const preview = await checkout({ items: item(2), delivery: { type: 'pick-up' }, discount: { code: 'SMALL5' } })
    expect(preview.totals).toMatchObject({ discount: 0, promotion: 30, total: 170 })

    // The 50 % code (GHS 100) beats it: the promotion gives nothing.
    const codeWins = await placeOrder({ items: item(2), delivery: { type: 'pick-up' }, discount: { code: 'BIG50' } })
    expect(codeWins.totals).toMatchObject({ subtotal: 200, discount: 100, totalInclTax: 100 })
    expect(codeWins.totals.promotion).toBeUndefined()
    expect(codeWins.promotions).toBeUndefined()
    expect((await db.select().from(discountCodes).where(eq(discountCodes.id, big.id)))[0]!.usedCount).toBe(1)

    // A wrong code is still refused, promotions or not.
    const wrong = await call('POST', `/api/orders/?shop=${shop.id}&email=wrong@example.com`, undefined, { items: item(2), delivery: { type: 'pick-up' }, discount: { code: 'NOPE99' } })
    expect(wrong.statusCode).toBe(422)

    await setStacking(true)
    const both = await placeOrder({ items: item(2), delivery: { type: 'pick-up' }, discount: { code: 'BIG50' } })
    expect(both.totals).toMatchObject({ subtotal: 200, discount: 100, promotion: 30, totalInclTax: 70 })
    // Together never more than the items: a 100 % code leaves the promotion nothing.
    await addCode({ code: 'ALL100', type: 'percentage', value: 100 })
    const free = await placeOrder({ items: item(1), delivery: dispatch(), discount: { code: 'ALL100' } })
    expect(free.totals).toMatchObject({ subtotal: 100, discount: 100, delivery: 25, totalInclTax: 25 })
    expect(free.totals.promotion).toBeUndefined()
    expect((await call('GET', `/api/promotion-settings/${shop.id}`)).json()).toEqual({ shop: shop.id, stacksWithCodes: true })
    await setStacking(false)
    await clearPromotions()
  })

  it('applies only a promotion inside its window and switched on', async () => {
    const promo = await createPromotion({ kind: 'fixed', value: 10, startsAt: new Date(Date.now() + 3_600_000).toISOString() })
    const before = await checkout({ items: item(1), delivery: { type: 'pick-up' } })
    expect(before.totals.promotion).toBeUndefined()
    await call('PATCH', `/api/promotions/${promo._id}`, manager, { startsAt: null })
    expect((await checkout({ items: item(1), delivery: { type: 'pick-up' } })).totals.promotion).toBe(10)
    await call('PATCH', `/api/promotions/${promo._id}`, manager, { active: false })
    expect((await checkout({ items: item(1), delivery: { type: 'pick-up' } })).totals.promotion).toBeUndefined()
    await clearPromotions()
  })
})

it('keeps shoppers out of the staff fields', async () => {
  await createPromotion({ kind: 'free-delivery', minSubtotal: 300 })
  const body = (await call('GET', `/api/promotions/?shop=${shop.id}`, shopper)).json()
  expect(body.data[0]).not.toHaveProperty('active')
  expect(body.data[0]).not.toHaveProperty('name')
  await clearPromotions()
})

it('holds a manual discount on an entered order to what is left after the promotion', async () => {
  await createPromotion({ kind: 'fixed', value: 80, minSubtotal: 0 })
  const body = { source: 'phone', name: 'Kwame', phone: '0245556666', items: item(1), delivery: { type: 'pick-up' } }
  const tooMuch = await call('POST', `/api/orders/?shop=${shop.id}`, manager, { ...body, adjustment: { amount: 30, reason: 'Loyal customer' } })
  expect(tooMuch.statusCode).toBe(400)
  expect(errorBody(tooMuch).errors?.[0]?.path).toBe('adjustment.amount')
  const fits = await placeOrder({ ...body, adjustment: { amount: 20, reason: 'Loyal customer' } }, manager)
  expect(fits.totals).toMatchObject({ subtotal: 100, promotion: 80, totalInclTax: 0 })
  await clearPromotions()
})

describe('an edited order', () => {
  const edit = async (order: { _id: string }, body: Record<string, unknown>) => {
    const response = await call('PATCH', `/api/orders/${order._id}`, manager, body)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const notes = async (order: { _id: string }) =>
    (await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))).map((event) => event.note).join(' ')

  it('gets its promotions again for its new lines and delivery, as placement gives them', async () => {
    await createPromotion({ kind: 'free-delivery', minSubtotal: 300, regions: ['GH-AA'] })
    await createPromotion({ kind: 'percentage', value: 10, minSubtotal: 400 })
    const order = await placeOrder({ items: item(2), delivery: dispatch() })
    expect(order.totals).toMatchObject({ subtotal: 200, delivery: 25, totalInclTax: 225 })
    expect(order.promotions).toBeUndefined()

    // Up to 3: free delivery. Up to 4: the 10 % too.
    const three = await edit(order, { items: item(3) })
    expect(three.totals).toMatchObject({ subtotal: 300, delivery: 0, deliveryWaived: 25, totalInclTax: 300 })
    expect(three.promotions.freeDelivery.label).toBe('Free delivery over GHS 300')
    const four = await edit(order, { items: item(4) })
    expect(four.totals).toMatchObject({ subtotal: 400, promotion: 40, delivery: 0, totalInclTax: 360 })
    expect(four.promotions.discount).toMatchObject({ label: '10% off orders over GHS 400', amount: 40 })

    // A region the free delivery is not for pays the fee; back down to 2 gives nothing.
    const elsewhere = await edit(order, { delivery: dispatch('GH-AH') })
    expect(elsewhere.totals).toMatchObject({ subtotal: 400, promotion: 40, delivery: 25, totalInclTax: 385 })
    expect(elsewhere.promotions.freeDelivery).toBeNull()
    const two = await edit(order, { items: item(2) })
    expect(two.totals).toMatchObject({ subtotal: 200, delivery: 25, totalInclTax: 225 })
    expect(two.totals.promotion).toBeUndefined()
    expect(two.promotions).toBeUndefined()
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row).toMatchObject({ promotionMinor: 0, deliveryWaivedMinor: 0, promotions: null, totalMinor: 22_500 })
    expect(await notes(order)).toMatch(/Free delivery over GHS 300 applies\.[\s\S]*10% off orders over GHS 400 no longer applies\./)

    // A preview says the same and changes nothing.
    const preview = await edit(order, { items: item(3), delivery: dispatch(), preview: true })
    expect(preview.totals).toMatchObject({ subtotal: 300, delivery: 0, deliveryWaived: 25 })
    expect((await db.select().from(orders).where(eq(orders.id, order._id)))[0]!.deliveryWaivedMinor).toBe(0)
    await clearPromotions()
  })

  it('is judged by the promotions as they stood when it was placed', async () => {
    const sale = await createPromotion({ kind: 'fixed', value: 20, minSubtotal: 0 })
    const order = await placeOrder({ items: item(1), delivery: { type: 'pick-up' } })
    expect(order.totals).toMatchObject({ subtotal: 100, promotion: 20, totalInclTax: 80 })
    // Ended and switched off since: the order placed while it ran keeps it through an edit.
    await call('PATCH', `/api/promotions/${sale._id}`, manager, { active: false, endsAt: new Date(Date.now() - 1_000).toISOString(), startsAt: null })
    // One made after the order was placed is not for it.
    await createPromotion({ kind: 'fixed', value: 50, minSubtotal: 0 })
    const edited = await edit(order, { items: item(2) })
    expect(edited.totals).toMatchObject({ subtotal: 200, promotion: 20, totalInclTax: 180 })
    // Deleted since, it is gone.
    await clearPromotions()
    const again = await edit(order, { items: item(3) })
    expect(again.totals).toMatchObject({ subtotal: 300, totalInclTax: 300 })
    expect(again.promotions).toBeUndefined()
  })

  it('sets a code aside, giving its use back, when the promotions now save more', async () => {
    const code = await addCode({ code: 'TEN10', type: 'fixed', value: 1_000 })
    await createPromotion({ kind: 'free-delivery', minSubtotal: 300 })
    const order = await placeOrder({ items: item(1), delivery: dispatch(), discount: { code: 'TEN10' } })
    expect(order.totals).toMatchObject({ subtotal: 100, discount: 10, delivery: 25, totalInclTax: 115 })
    expect((await db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.usedCount).toBe(1)
    // At 3 the free delivery (GHS 25) beats the GHS 10 code.
    const edited = await edit(order, { items: item(3) })
    expect(edited.totals).toMatchObject({ subtotal: 300, discount: 0, delivery: 0, deliveryWaived: 25, totalInclTax: 300 })
    expect(edited.discount).toBeNull()
    expect((await db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.usedCount).toBe(0)
    expect(await notes(order)).toContain('Code TEN10 is no longer used: the promotions save more.')
    await clearPromotions()
  })

  it('holds a manual discount to what is left after the promotion it gets now', async () => {
    await createPromotion({ kind: 'percentage', value: 50, minSubtotal: 300 })
    const order = await placeOrder({ items: item(2), delivery: { type: 'pick-up' } })
    const refused = await call('PATCH', `/api/orders/${order._id}`, manager, { items: item(3), adjustment: { amount: 200, reason: 'Friend' } })
    expect(refused.statusCode).toBe(400)
    expect(errorBody(refused).errors?.[0]?.path).toBe('adjustment.amount')
    expect((await db.select().from(orders).where(eq(orders.id, order._id)))[0]!.subtotalMinor).toBe(20_000)
    const fits = await edit(order, { items: item(3), adjustment: { amount: 150, reason: 'Friend' } })
    expect(fits.totals).toMatchObject({ subtotal: 300, promotion: 150, totalInclTax: 0 })
    await clearPromotions()
  })
})
