/**
 * Reviews of an order's items (decision 81): the buyer of a delivered order, logged in or holding the
 * order's private key, reviews each product of it once and edits it by posting again; a product's visible
 * reviews are listed by `product` and summed up as the product's `rating`.
 */
import type { ProductPage } from '@shop/domain/schemas/catalog'
import type { Review, ReviewPage } from '@shop/domain/schemas/review'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders, products, reviews } from '../src/db/schema'
import { sha256 } from '../src/lib/crypto'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { type OrderFixture, insertOrder } from './order-fixtures'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, keeper, shopper } = await createStaffedShop(ctx)
const buyer = await createUser(ctx, { name: 'Kofi Boateng' })
const fixtures = commerceFixtures(ctx, shop.id)

const post = (user: TestUser | null, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/reviews/', headers: user?.headers, payload })
const list = (query: string, user?: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/reviews/?${query}`, headers: user?.headers })
const getProduct = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/products/${id}` })

type Line = NonNullable<OrderFixture['items']>[number]
const line = (product: { id: string; title: string }): Line => ({ product: product.id, title: product.title, count: 1, unitPriceMinor: 5_000 })

/** An order of `lines` with `status`; a guest's (no account, a private key and a name) unless `profile` is given. */
async function order(lines: Line[], options: { status?: 'delivered' | 'dispatched' | 'canceled'; profile?: TestUser; shopId?: string } = {}) {
  const row = await insertOrder(ctx, {
    shopId: options.shopId ?? shop.id,
    profileId: options.profile?.id ?? null,
    status: options.status ?? 'delivered',
    items: lines,
  })
  const key = `key-${row.id}`
  if (!options.profile) {
    await db.update(orders).set({ accessKeyHash: sha256(key), customerName: 'Efua Asante' }).where(eq(orders.id, row.id))
  }
  return { ...row, key }
}

async function reviewRows(orderId: string) {
  return db.select().from(reviews).where(eq(reviews.relatedOrder, orderId))
}

describe('reviewing an item of an order', () => {
  it('lets a guest review each item through the order’s private key, named by the checkout’s first name', async () => {
    const shirt = await fixtures.addProduct({ title: 'Kente shirt' })
    const stole = await fixtures.addProduct({ title: 'Kente stole' })
    const guest = await order([line(shirt), line(stole)])
    const first = await post(null, { relatedOrder: guest.id, key: guest.key, product: shirt.id, rating: 5, text: ' Fits well ' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ product: shirt.id, relatedOrder: guest.id, shop: shop.id, rating: 5, text: 'Fits well', author: { name: 'Efua' } })
    const second = await post(null, { relatedOrder: guest.id, key: guest.key, product: stole.id, rating: 3 })
    expect(second.statusCode).toBe(201)
    const rows = await reviewRows(guest.id)
    expect(rows.map((row) => [row.productId, row.rating, row.profileId]).sort()).toEqual(
      [
        [shirt.id, 5, null],
        [stole.id, 3, null],
      ].sort(),
    )
  })

  it('edits the buyer’s own review of an item when they post again (200), keeping one row', async () => {
    const shirt = await fixtures.addProduct({ title: 'Kente shirt' })
    const mine = await order([line(shirt)], { profile: buyer })
    const created = await post(buyer, { relatedOrder: mine.id, product: shirt.id, rating: 2, text: 'Too small' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ author: { name: 'Kofi' }, rating: 2 })
    const edited = await post(buyer, { relatedOrder: mine.id, product: shirt.id, rating: 4, text: 'Swapped for a larger one: fine' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ _id: created.json<Review>()._id, rating: 4, text: 'Swapped for a larger one: fine' })
    const rows = await reviewRows(mine.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ rating: 4, productId: shirt.id, profileId: buyer.id })
  })

  it('keeps the review of the whole order beside the items’ and still refuses a second one (409)', async () => {
    const shirt = await fixtures.addProduct()
    const mine = await order([line(shirt)], { profile: buyer })
    expect((await post(buyer, { relatedOrder: mine.id, product: shirt.id, rating: 5 })).statusCode).toBe(201)
    expect((await post(buyer, { relatedOrder: mine.id, rating: 4 })).statusCode).toBe(201)
    const again = await post(buyer, { relatedOrder: mine.id, rating: 1 })
    expect(again.statusCode).toBe(409)
    errorBody(again)
    expect(await reviewRows(mine.id)).toHaveLength(2)
  })

  it('accepts a guest’s key for the order’s review too', async () => {
    const guest = await order([line(await fixtures.addProduct())])
    const response = await post(null, { relatedOrder: guest.id, key: guest.key, rating: 4, text: 'Quick delivery' })
    expect(response.statusCode).toBe(201)
    expect(response.json<Review>().product).toBeUndefined()
  })

  it('answers 401 to an anonymous caller without a key and 404 to a wrong key, and writes nothing', async () => {
    const shirt = await fixtures.addProduct()
    const guest = await order([line(shirt)])
    const noKey = await post(null, { relatedOrder: guest.id, product: shirt.id, rating: 5 })
    expect(noKey.statusCode).toBe(401)
    errorBody(noKey)
    for (const key of ['wrong', `key-${crypto.randomUUID()}`]) {
      const response = await post(null, { relatedOrder: guest.id, key, product: shirt.id, rating: 5 })
      expect(response.statusCode).toBe(404)
      expect(errorBody(response).message).toBe('No such order')
    }
    // A logged-in stranger, even the shop's owner, cannot open the guest's order without its key.
    for (const user of [shopper, owner]) {
      expect((await post(user, { relatedOrder: guest.id, product: shirt.id, rating: 5 })).statusCode).toBe(404)
    }
    expect(await reviewRows(guest.id)).toHaveLength(0)
  })

  it('answers 404 to another order’s key and to someone else’s order', async () => {
    const shirt = await fixtures.addProduct()
    const guest = await order([line(shirt)])
    const otherGuest = await order([line(shirt)])
    const theirs = await order([line(shirt)], { profile: shopper })
    expect((await post(null, { relatedOrder: guest.id, key: otherGuest.key, product: shirt.id, rating: 5 })).statusCode).toBe(404)
    expect((await post(buyer, { relatedOrder: theirs.id, product: shirt.id, rating: 5 })).statusCode).toBe(404)
    expect((await post(null, { relatedOrder: theirs.id, key: guest.key, product: shirt.id, rating: 5 })).statusCode).toBe(404)
    expect(await reviewRows(guest.id)).toHaveLength(0)
    expect(await reviewRows(theirs.id)).toHaveLength(0)
  })

  it('answers 422 before the order is delivered, with the key or logged in', async () => {
    const shirt = await fixtures.addProduct()
    for (const status of ['dispatched', 'canceled'] as const) {
      const guest = await order([line(shirt)], { status })
      const byKey = await post(null, { relatedOrder: guest.id, key: guest.key, product: shirt.id, rating: 5 })
      expect(byKey.statusCode, status).toBe(422)
      expect(errorBody(byKey).errors).toEqual([{ path: 'relatedOrder', message: 'has not been delivered' }])
      const mine = await order([line(shirt)], { status, profile: buyer })
      expect((await post(buyer, { relatedOrder: mine.id, product: shirt.id, rating: 5 })).statusCode, status).toBe(422)
    }
  })

  it('answers 422 to a product that is not an item of the order, another shop’s included', async () => {
    const shirt = await fixtures.addProduct()
    const notBought = await fixtures.addProduct({ title: 'Not bought' })
    const elsewhere = await fixtures.addProduct({ title: 'Another shop’s' }, otherShop.id)
    const mine = await order([line(shirt)], { profile: buyer })
    for (const product of [notBought.id, elsewhere.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await post(buyer, { relatedOrder: mine.id, product, rating: 5 })
      expect(response.statusCode).toBe(422)
      expect(errorBody(response).errors).toEqual([{ path: 'product', message: 'is not an item of the order' }])
    }
    expect(await reviewRows(mine.id)).toHaveLength(0)
  })

  it('answers 400 to a product that is not an id and to an empty key', async () => {
    const shirt = await fixtures.addProduct()
    const mine = await order([line(shirt)], { profile: buyer })
    expect((await post(buyer, { relatedOrder: mine.id, product: 'shirt', rating: 5 })).statusCode).toBe(400)
    expect((await post(null, { relatedOrder: mine.id, key: '', rating: 5 })).statusCode).toBe(400)
  })
})

describe('a product’s reviews', () => {
  it('lists only the product’s visible reviews with their average, and the product carries its rating', async () => {
    const shirt = await fixtures.addProduct({ title: 'Kente shirt' })
    const other = await fixtures.addProduct({ title: 'Other' })
    const ids: string[] = []
    for (const rating of [5, 4, 4]) {
      const guest = await order([line(shirt), line(other)])
      const response = await post(null, { relatedOrder: guest.id, key: guest.key, product: shirt.id, rating })
      ids.push(response.json<Review>()._id)
      await post(null, { relatedOrder: guest.id, key: guest.key, product: other.id, rating: 1 })
      // The order's own review never counts for a product.
      await post(null, { relatedOrder: guest.id, key: guest.key, rating: 1 })
    }
    const hiddenOrder = await order([line(shirt)])
    const hidden = await post(null, { relatedOrder: hiddenOrder.id, key: hiddenOrder.key, product: shirt.id, rating: 1, text: 'spam' })
    const hide = await ctx.app.inject({ method: 'PATCH', url: `/api/reviews/${hidden.json<Review>()._id}`, headers: keeper.headers, payload: { hidden: true } })
    expect(hide.statusCode).toBe(200)

    const page = await list(`shop=${shop.id}&product=${shirt.id}`)
    expect(page.statusCode).toBe(200)
    const body = page.json<ReviewPage>()
    expect(body.total).toBe(3)
    expect(body.average).toBe(4.3)
    expect(body.data.map((review) => review._id).sort()).toEqual([...ids].sort())
    expect(body.data.every((review) => review.product === shirt.id)).toBe(true)

    // A moderator sees the hidden one in the list; it still never counts in the product's rating.
    const staffPage = await list(`shop=${shop.id}&product=${shirt.id}`, keeper)
    expect(staffPage.json<ReviewPage>().total).toBe(4)

    const product = await getProduct(shirt.id)
    expect(product.statusCode).toBe(200)
    expect(product.json()).toMatchObject({ _id: shirt.id, rating: { average: 4.3, count: 3 } })
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/products/?shop=${shop.id}&$limit=100` })
    const found = listed.json<ProductPage>().data
    expect(found.find((row) => row._id === shirt.id)?.rating).toEqual({ average: 4.3, count: 3 })
    expect(found.find((row) => row._id === other.id)?.rating).toEqual({ average: 1, count: 3 })
  })

  it('names the product reviewed: to shoppers while they can open it, to the shop\'s moderators while it exists', async () => {
    const cloth = await fixtures.addProduct({ title: 'Batik cloth' })
    const guest = await order([line(cloth)])
    const item = (await post(null, { relatedOrder: guest.id, key: guest.key, product: cloth.id, rating: 4 })).json<Review>()
    const whole = (await post(null, { relatedOrder: guest.id, key: guest.key, rating: 5 })).json<Review>()
    const read = async (user?: TestUser) => {
      const data = (await list(`shop=${shop.id}&relatedOrder=${guest.id}`, user)).json<ReviewPage>().data
      return Object.fromEntries(data.map((review) => [review._id, review.productTitle ?? null]))
    }
    expect(await read()).toEqual({ [item._id]: 'Batik cloth', [whole._id]: null })
    await db.update(products).set({ available: false }).where(eq(products.id, cloth.id))
    expect(await read()).toEqual({ [item._id]: null, [whole._id]: null })
    expect(await read(keeper)).toEqual({ [item._id]: 'Batik cloth', [whole._id]: null })
    const one = await ctx.app.inject({ method: 'PATCH', url: `/api/reviews/${item._id}`, headers: keeper.headers, payload: { reply: 'Thank you' } })
    expect(one.json()).toMatchObject({ product: cloth.id, productTitle: 'Batik cloth' })
    await db.delete(products).where(eq(products.id, cloth.id))
    expect(await read(keeper)).toEqual({ [item._id]: null, [whole._id]: null })
  })

  it('leaves the rating out of a product without visible reviews', async () => {
    const shirt = await fixtures.addProduct()
    const guest = await order([line(shirt)])
    const review = await post(null, { relatedOrder: guest.id, key: guest.key, product: shirt.id, rating: 2 })
    expect((await getProduct(shirt.id)).json()).toMatchObject({ rating: { average: 2, count: 1 } })
    await ctx.app.inject({ method: 'PATCH', url: `/api/reviews/${review.json<Review>()._id}`, headers: keeper.headers, payload: { hidden: true } })
    expect((await getProduct(shirt.id)).json()).not.toHaveProperty('rating')
  })

  it('never shows another shop’s reviews under this shop’s product filter', async () => {
    const theirs = await fixtures.addProduct({ title: 'Theirs' }, otherShop.id)
    const guest = await order([line(theirs)], { shopId: otherShop.id })
    expect((await post(null, { relatedOrder: guest.id, key: guest.key, product: theirs.id, rating: 5 })).statusCode).toBe(201)
    const here = await list(`shop=${shop.id}&product=${theirs.id}`)
    expect(here.statusCode).toBe(200)
    expect(here.json()).toMatchObject({ total: 0, data: [], average: null })
    expect((await list(`shop=${otherShop.id}&product=${theirs.id}`)).json()).toMatchObject({ total: 1, average: 5 })
  })

  it('answers 400 to a product filter that is not an id', async () => {
    const response = await list(`shop=${shop.id}&product=shirt`)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})
