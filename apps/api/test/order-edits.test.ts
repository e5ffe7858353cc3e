/**
 * Order edits (decision 60), through PATCH /api/orders/{id} as staff use it: lines kept at their price and
 * new ones at today's, stock moved by the difference (never oversold when edits and orders race), the
 * discount code re-checked (and its use given back when dropped), the manual discount for managers and up,
 * the ledger's new balance or refund due, the timeline's before and after, the buyer's new receipt, roles,
 * other shops and bad input that changes nothing.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { and, eq } from 'drizzle-orm'
import { formatMoney } from '@shop/domain'
import { describe, expect, it } from 'vitest'
import { discountCodes, inventory, orders, products, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { listOutboxMessages } from './outbox-rows'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)
// Shoppers may put at most 2 of a line in an order; staff editing are held to none of that.
await db.update(shopConfigs).set({ shopperLineMax: 2, unconfirmedOrdersPerBuyer: 100 }).where(eq(shopConfigs.shopId, shop.id))

const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const shirt = await addProduct({
  title: 'Batik shirt',
  priceMinor: 5_000,
  variants: [
    { _id: 'm', features: { size: 'M' } },
    { _id: 'l', features: { size: 'L' } },
  ],
})
/** No inventory row: unlimited, takes no stock. */
const beads = await addProduct({ title: 'Beads', priceMinor: 2_000 })
const express = await addRate({ name: 'Express', rateMinor: 3_000, paymentOption: 'on-delivery' })
await db.insert(inventory).values([
  { shopId: shop.id, productId: scarf.id, variantId: '', quantity: 1_000, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'm', quantity: 1_000, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'l', quantity: 1_000, tracked: true },
])

// Deliberately loose: the tests also send bodies the route's schema refuses.
type Body = Record<string, unknown>
const item = (product: { id: string }, count: number, variant?: string) => ({ product: product.id, count, ...(variant ? { variant } : {}) })
const ghs = (major: number) => formatMoney(major, 'GHS')

async function place(items: Body[], extra: Body = {}): Promise<Order> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shop.id}`,
    headers: shopper.headers,
    payload: { items, delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, ...extra },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

function patch(order: { _id: string }, body: Body, user: TestUser | null = keeper) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, ...(user ? { headers: user.headers } : {}), payload: body })
}

async function edit(order: { _id: string }, body: Body, user: TestUser = keeper): Promise<Order> {
  const response = await patch(order, body, user)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

async function stock(product: { id: string }, variant = ''): Promise<number> {
  const [row] = await db
    .select({ quantity: inventory.quantity })
    .from(inventory)
    .where(and(eq(inventory.productId, product.id), eq(inventory.variantId, variant)))
  return row!.quantity
}

async function pay(order: Order, amount: number) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/transactions/',
    headers: keeper.headers,
    payload: { order: order._id, method: 'cash', amount },
  })
  expect(response.statusCode, response.body).toBe(201)
}

const lines = (order: Order) => order.items.map((line) => [line.product.title, line.variant?._id ?? null, line.count, line.unitPrice])

describe('PATCH /api/orders/{id} with items', () => {
  it('changes a size and a count: stock moves by the difference, the totals and the balance follow', async () => {
    const order = await place([item(shirt, 2, 'm'), item(scarf, 1)])
    const before = { m: await stock(shirt, 'm'), l: await stock(shirt, 'l'), scarf: await stock(scarf) }
    const edited = await edit(order, { items: [item(shirt, 2, 'l'), item(scarf, 3)] })
    expect(lines(edited)).toEqual([
      ['Batik shirt', 'l', 2, 50],
      ['Kente scarf', null, 3, 100],
    ])
    expect(edited.totals).toMatchObject({ subtotal: 400, total: 400, totalInclTax: 400 })
    expect(edited.balance).toBe(400)
    expect(await stock(shirt, 'm')).toBe(before.m + 2)
    expect(await stock(shirt, 'l')).toBe(before.l - 2)
    expect(await stock(scarf)).toBe(before.scarf - 2)
  })

  it('removes a line and gives its stock back; a line that took no stock gives none', async () => {
    const order = await place([item(scarf, 2), item(beads, 1)])
    const scarves = await stock(scarf)
    const edited = await edit(order, { items: [item(beads, 4)] })
    expect(lines(edited)).toEqual([['Beads', null, 4, 20]])
    expect(await stock(scarf)).toBe(scarves + 2)
    expect(edited.totals.subtotal).toBe(80)
  })

  it('keeps the price of lines already on the order and prices new ones today', async () => {
    const order = await place([item(scarf, 1)])
    await db.update(products).set({ priceMinor: 12_000 }).where(eq(products.id, scarf.id))
    await db.update(products).set({ priceMinor: 2_500 }).where(eq(products.id, beads.id))
    try {
      const edited = await edit(order, { items: [item(scarf, 2), item(beads, 1)] })
      expect(lines(edited)).toEqual([
        ['Kente scarf', null, 2, 100],
        ['Beads', null, 1, 25],
      ])
      expect(edited.totals.subtotal).toBe(225)
    } finally {
      await db.update(products).set({ priceMinor: 10_000 }).where(eq(products.id, scarf.id))
      await db.update(products).set({ priceMinor: 2_000 }).where(eq(products.id, beads.id))
    }
  })

  it('holds staff to none of the limits on shoppers\' lines', async () => {
    const order = await place([item(scarf, 1)])
    expect((await edit(order, { items: [item(scarf, 5)] })).items[0]!.count).toBe(5)
  })

  it('refuses a line short of stock with a 409 naming it, and changes nothing', async () => {
    const few = await addProduct({ title: 'Rare cloth', priceMinor: 1_000 })
    await db.insert(inventory).values({ shopId: shop.id, productId: few.id, variantId: '', quantity: 2, tracked: true })
    const order = await place([item(few, 1), item(scarf, 1)])
    const scarves = await stock(scarf)
    const response = await patch(order, { items: [item(scarf, 2), item(few, 4)] })
    expect(response.statusCode).toBe(409)
    const body = errorBody(response)
    expect(body.message).toBe('Not enough stock of Rare cloth: only 1 left')
    expect(body.errors).toEqual([{ path: 'items.1', message: 'only 1 left' }])
    expect(await stock(few)).toBe(1)
    expect(await stock(scarf)).toBe(scarves)
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row!.items.map((line) => line.count)).toEqual([1, 1])
  })

  it('never oversells when edits and a new order race for the last units', async () => {
    const last = await addProduct({ title: 'Last batch', priceMinor: 1_000 })
    await db.insert(inventory).values({ shopId: shop.id, productId: last.id, variantId: '', quantity: 5, tracked: true })
    const first = await place([item(last, 1)])
    const second = await place([item(last, 1)])
    // 3 left: each edit wants 2 more, the order 2.
    const answers = await Promise.all([
      patch(first, { items: [item(last, 3)] }),
      patch(second, { items: [item(last, 3)] }),
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/?shop=${shop.id}`,
        headers: manager.headers,
        payload: { items: [item(last, 2)], delivery: { type: 'pick-up' } },
      }),
    ])
    const codes = answers.map((response) => response.statusCode)
    expect(codes.filter((code) => code === 200 || code === 201)).toHaveLength(1)
    expect(codes.filter((code) => code === 409)).toHaveLength(2)
    expect(await stock(last)).toBe(1)
  })
})

describe('PATCH /api/orders/{id}: delivery, code and manual discount', () => {
  it('changes pick-up to dispatch at the rate\'s fee, and back', async () => {
    const order = await place([item(scarf, 1)])
    const dispatched = await edit(order, { delivery: { type: 'dispatch', region: 'GH-AA', rate: express.id, address: '12 Oxford St, Osu' } })
    expect(dispatched.delivery).toMatchObject({ type: 'dispatch', rate: { name: 'Express' } })
    expect(dispatched.totals).toMatchObject({ subtotal: 100, delivery: 30, total: 130 })
    const back = await edit(order, { delivery: { type: 'pick-up' } })
    expect(back.totals).toMatchObject({ delivery: 0, total: 100 })
  })

  it('keeps a code the new subtotal still meets, on the new subtotal; drops one it does not and gives its use back', async () => {
    const code = await addCode({ code: 'BIGSPEND', type: 'percentage', value: 10, minSubtotalMinor: 15_000 })
    const order = await place([item(scarf, 2)], { discount: { code: 'BIGSPEND' } })
    expect(order.totals.discount).toBe(20)
    const more = await edit(order, { items: [item(scarf, 3)] })
    expect(more.totals).toMatchObject({ subtotal: 300, discount: 30, total: 270 })
    const used = async () => (await db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.usedCount
    expect(await used()).toBe(1)

    const less = await edit(order, { items: [item(scarf, 1)] })
    expect(less.discount).toBeNull()
    expect(less.totals).toMatchObject({ subtotal: 100, discount: 0, total: 100 })
    expect(await used()).toBe(0)
    expect(less.timeline!.at(-1)!.note).toContain(`Code BIGSPEND no longer applies: it needs a subtotal of ${ghs(150)}.`)
  })

  it('lets managers give a manual discount with its reason, and remove it; keepers get 403', async () => {
    const order = await place([item(scarf, 2)])
    const refused = await patch(order, { adjustment: { amount: 15, reason: 'Loyal customer' } }, keeper)
    expect(refused.statusCode).toBe(403)
    expect(errorBody(refused).message).toContain('Only managers, administrators and owners may give an order a manual discount.')
    const given = await edit(order, { adjustment: { amount: 15, reason: 'Loyal customer' } }, manager)
    expect(given.adjustment).toMatchObject({ value: 15, reason: 'Loyal customer' })
    expect(given.totals).toMatchObject({ subtotal: 200, total: 185, totalInclTax: 185 })
    expect(given.timeline!.at(-1)!.note).toContain(`Manual discount ${ghs(15)}: Loyal customer.`)
    const removed = await edit(order, { adjustment: null }, owner)
    expect(removed.adjustment).toBeNull()
    expect(removed.totals.total).toBe(200)
  })
})

describe('PATCH /api/orders/{id}: the ledger after an edit', () => {
  it('says what is left to collect when a paid order grows, and what to refund when it shrinks', async () => {
    const order = await place([item(scarf, 2)])
    await pay(order, 200)
    const grown = await edit(order, { items: [item(scarf, 3)] })
    expect(grown).toMatchObject({ paid: 200, balance: 100, paymentState: 'part-paid' })
    expect(grown.timeline!.at(-1)!.note).toContain(`To collect: ${ghs(100)}.`)
    const shrunk = await edit(order, { items: [item(scarf, 1)] })
    expect(shrunk).toMatchObject({ paid: 200, balance: 0, refundDue: { value: 100 }, paymentState: 'refund-due' })
    expect(shrunk.timeline!.at(-1)!.note).toContain(`To refund: ${ghs(100)}.`)
  })

  it('notes the order before and after on its timeline and sends the buyer the new receipt', async () => {
    const order = await place([item(shirt, 1, 'm')])
    const edited = await edit(order, { items: [item(shirt, 1, 'l'), item(beads, 2)] })
    const note = edited.timeline!.at(-1)!.note
    expect(note).toBe(
      `Order changed. Added Batik shirt (size: L) × 1. Added Beads × 2. Removed Batik shirt (size: M) × 1. Total: ${ghs(50)} → ${ghs(90)}.`,
    )
    const messages = await listOutboxMessages(db, { kind: 'order-updated' })
    const mine = messages.filter((message) => message.event.startsWith(`order:${order._id}:edit:`))
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ channel: 'email', recipient: shopper.email.toLowerCase() })
    expect(mine[0]!.data).toMatchObject({ note, totalMinor: 9_000 })
  })

  it('previews an edit: the answer is the order as edited, and nothing changes', async () => {
    const order = await place([item(scarf, 1)])
    await pay(order, 100)
    const scarves = await stock(scarf)
    const preview = await edit(order, { items: [item(scarf, 3)], preview: true })
    expect(preview).toMatchObject({ totals: { subtotal: 300 }, paid: 100, balance: 200, paymentState: 'part-paid' })
    expect(await stock(scarf)).toBe(scarves)
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row!.items.map((line) => line.count)).toEqual([1])
    const messages = await listOutboxMessages(db, { kind: 'order-updated' })
    expect(messages.filter((message) => message.event.startsWith(`order:${order._id}:`))).toEqual([])
    // A short line is a 409 in the preview already.
    const scarce = await addProduct({ title: 'Scarce cloth', priceMinor: 1_000 })
    await db.insert(inventory).values({ shopId: shop.id, productId: scarce.id, variantId: '', quantity: 2, tracked: true })
    expect((await patch(order, { items: [item(scarce, 3)], preview: true })).statusCode).toBe(409)
  })

  it('changes nothing, and notes nothing, when the edit asks for the order as it is', async () => {
    const order = await place([item(scarf, 1)])
    const same = await edit(order, { items: [item(scarf, 1)], delivery: { type: 'pick-up' } })
    expect(same.timeline!.filter((entry) => entry.type === 'note')).toEqual([])
  })
})

describe('PATCH /api/orders/{id}: who, when and what', () => {
  it('edits only placed or packaged orders', async () => {
    const order = await place([item(scarf, 1)])
    await edit(order, { status: 'packaged' })
    await edit(order, { items: [item(scarf, 2)] })
    await edit(order, { status: 'ready' })
    const response = await patch(order, { items: [item(scarf, 1)] })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response).message).toContain('only placed or packaged orders can be changed')
  })

  it('refuses to change the lines of an order with items returned, but still its delivery', async () => {
    const order = await place([item(scarf, 2)])
    const returned = await ctx.app.inject({
      method: 'POST',
      url: '/api/refunds/',
      headers: manager.headers,
      payload: { order: order._id, amount: 0, method: 'cash', reason: 'Wrong colour', restock: [{ product: scarf.id, count: 1 }] },
    })
    expect(returned.statusCode, returned.body).toBe(201)
    const scarves = await stock(scarf)
    const response = await patch(order, { items: [item(scarf, 1)] })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response).errors).toEqual([{ path: 'items', message: 'cannot change after a return' }])
    expect(await stock(scarf)).toBe(scarves)
    const dispatched = await edit(order, { delivery: { type: 'dispatch', region: 'GH-AA', rate: express.id, address: '3 Ring Road' } })
    expect(dispatched.delivery.type).toBe('dispatch')
  })

  it('refuses the buyer, other shops\' staff and strangers, and changes nothing', async () => {
    const order = await place([item(scarf, 1)])
    const stranger = await createUser(ctx)
    expect((await patch(order, { items: [item(scarf, 2)] }, shopper)).statusCode).toBe(404)
    expect((await patch(order, { items: [item(scarf, 2)] }, outsider)).statusCode).toBe(404)
    expect((await patch(order, { items: [item(scarf, 2)] }, stranger)).statusCode).toBe(404)
    expect((await patch(order, { items: [item(scarf, 2)] }, null)).statusCode).toBe(401)
    // Another shop's product is not a product of this shop.
    const theirs = await addProduct({ title: 'Their scarf' }, otherShop.id)
    const foreign = await patch(order, { items: [item(theirs, 1)] })
    expect(foreign.statusCode).toBe(400)
    expect(errorBody(foreign).errors).toEqual([{ path: 'items.0.product', message: 'is not an available product of this shop' }])
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row!.items.map((line) => [line.product, line.count])).toEqual([[scarf.id, 1]])
  })

  it('answers bad input with a 400 and changes nothing', async () => {
    const order = await place([item(scarf, 2)])
    const scarves = await stock(scarf)
    const cases: [Body, string][] = [
      [{ status: 'packaged', items: [item(scarf, 1)] }, 'items'],
      [{ status: 'packaged', preview: true }, 'preview'],
      [{ items: [] }, '"items"'],
      [{ items: [item(scarf, 1), item(scarf, 2)] }, 'items.1'],
      [{ items: [item(shirt, 1)] }, 'items.0.variant'],
      [{ adjustment: { amount: 10.005, reason: 'x' } }, 'adjustment.amount'],
      [{ adjustment: { amount: 250, reason: 'Too much' } }, 'adjustment.amount'],
      [{ adjustment: { amount: 10 } }, 'adjustment.reason'],
      [{ delivery: { type: 'dispatch', region: 'GH-AA' } }, 'delivery.rate'],
      [{ note: 'nothing to change' }, 'status'],
    ]
    for (const [body, path] of cases) {
      const response = await patch(order, body, manager)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(errorBody(response).errors ?? []), JSON.stringify(body)).toContain(path)
    }
    expect(await stock(scarf)).toBe(scarves)
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row).toMatchObject({ subtotalMinor: 20_000, adjustmentMinor: 0, status: 'placed' })
  })
})
