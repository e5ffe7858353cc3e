import type { ReviewPage } from '@shop/domain/schemas/review'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, orders, reviews, shopRoles } from '../src/db/schema'
import { type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { insertOrder } from './order-fixtures'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const reviewer = await createUser(ctx, { name: '  Ama Serwaa Mensah ' })

const post = (user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/reviews/', headers: user?.headers, payload: payload as object })
const list = (query: string, user?: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/reviews/?${query}`, headers: user?.headers })
const patch = (id: string, user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: user?.headers, payload: payload as object })

async function deliveredOrder(user: TestUser, shopId = shop.id) {
  return insertOrder(ctx, { shopId, profileId: user.id, status: 'delivered' })
}

async function reviewRow(id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id))
  return row!
}

async function reviewsOf(orderId: string) {
  return db.select().from(reviews).where(eq(reviews.relatedOrder, orderId))
}

// PGlite's clock has millisecond resolution; seeded reviews each get their own second so order tests hold.
let clock = Date.now() - 3_600_000

/** A review written straight to the table, for list and moderation tests. */
async function seedReview(shopId: string, rating: number, options: { hidden?: boolean; author?: TestUser } = {}) {
  const author = options.author ?? reviewer
  const order = await deliveredOrder(author, shopId)
  const [row] = await db
    .insert(reviews)
    .values({
      shopId,
      relatedOrder: order.id,
      profileId: author.id,
      rating,
      text: `rated ${rating}`,
      hidden: options.hidden ?? false,
      createdAt: new Date((clock += 1000)),
    })
    .returning()
  return row!
}

describe('POST /api/reviews/', () => {
  it('reviews the caller’s delivered order in the order’s shop and tells the moderators', async () => {
    const order = await deliveredOrder(reviewer)
    const response = await post(reviewer, { relatedOrder: order.id, rating: 4, text: '  Quick delivery, nice fabric.  ' })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      _id: expect.any(String),
      shop: shop.id,
      relatedOrder: order.id,
      rating: 4,
      text: 'Quick delivery, nice fabric.',
      reply: null,
      repliedAt: null,
      createdAt: expect.any(String),
      author: { name: 'Ama' },
    })
    expect(JSON.stringify(body)).not.toContain(reviewer.email)
    const row = await reviewRow(body._id)
    expect(row).toMatchObject({ shopId: shop.id, profileId: reviewer.id, rating: 4, hidden: false })

    const sent = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.shopId, shop.id), eq(notifications.type, 'new-review')))
    const recipients = sent.map((n) => n.userId).sort()
    expect(recipients).toEqual([owner.id, administrator.id, manager.id, keeper.id].sort())
    expect(sent[0]).toMatchObject({ link: '/admin/reviews', read: false })
    expect(sent[0]!.body).toContain(order.orderId)
  })

  it('takes the text as optional', async () => {
    const order = await deliveredOrder(reviewer)
    const response = await post(reviewer, { relatedOrder: order.id, rating: 5 })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ rating: 5, text: '' })
  })

  it('answers 409 to a second review of the same order and keeps the first', async () => {
    const order = await deliveredOrder(reviewer)
    expect((await post(reviewer, { relatedOrder: order.id, rating: 2, text: 'first' })).statusCode).toBe(201)
    const again = await post(reviewer, { relatedOrder: order.id, rating: 5, text: 'second' })
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).name).toBe('Conflict')
    const rows = await reviewsOf(order.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ rating: 2, text: 'first' })
  })

  it('answers 409 to concurrent reviews of one order except one', async () => {
    const order = await deliveredOrder(reviewer)
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(reviewer, { relatedOrder: order.id, rating: 1 + i })),
    )
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409])
    expect(await reviewsOf(order.id)).toHaveLength(1)
  })

  it('answers 422 to an order that has not been delivered', async () => {
    for (const status of ['placed', 'packaged', 'ready', 'dispatched', 'canceled'] as const) {
      const order = await insertOrder(ctx, { shopId: shop.id, profileId: reviewer.id, status })
      const response = await post(reviewer, { relatedOrder: order.id, rating: 5 })
      expect(response.statusCode, status).toBe(422)
      expect(errorBody(response).message).toBe('You can review an order once it has been delivered')
      expect(await reviewsOf(order.id)).toHaveLength(0)
    }
  })

  it('answers 404 to someone else’s order, an anonymous buyer’s order and an unknown order', async () => {
    const theirs = await deliveredOrder(shopper)
    const anonymous = await insertOrder(ctx, { shopId: shop.id, profileId: null, status: 'delivered' })
    for (const [user, orderId] of [
      [reviewer, theirs.id],
      [owner, theirs.id],
      [reviewer, anonymous.id],
      [reviewer, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await post(user, { relatedOrder: orderId, rating: 5 })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await reviewsOf(theirs.id)).toHaveLength(0)
  })

  it('answers 401 anonymous and writes nothing', async () => {
    const order = await deliveredOrder(reviewer)
    const response = await post(null, { relatedOrder: order.id, rating: 5 })
    expect(response.statusCode).toBe(401)
    errorBody(response)
    expect(await reviewsOf(order.id)).toHaveLength(0)
  })

  it('answers 400 to bad bodies and writes nothing', async () => {
    const order = await deliveredOrder(reviewer)
    const bodies: unknown[] = [
      { relatedOrder: order.id, rating: 0 },
      { relatedOrder: order.id, rating: 6 },
      { relatedOrder: order.id, rating: 4.5 },
      { relatedOrder: order.id, rating: '5' },
      { relatedOrder: order.id, rating: null },
      { relatedOrder: order.id },
      { rating: 5 },
      { relatedOrder: 'not-an-id', rating: 5 },
      { relatedOrder: order.id, rating: 5, text: 'x'.repeat(2001) },
      { relatedOrder: order.id, rating: 5, text: 42 },
      { relatedOrder: order.id, rating: 5, shop: otherShop.id },
      { relatedOrder: order.id, rating: 5, hidden: true },
      [{ relatedOrder: order.id, rating: 5 }],
      'rating=5',
    ]
    for (const payload of bodies) {
      const response = await post(reviewer, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/',
      headers: { ...reviewer.headers, 'content-type': 'application/json' },
      payload: '{"relatedOrder": ',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const huge = await post(reviewer, { relatedOrder: order.id, rating: 5, text: 'x'.repeat(200_000) })
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
    expect(await reviewsOf(order.id)).toHaveLength(0)
  })

  it('accepts exactly 2000 characters of text', async () => {
    const order = await deliveredOrder(reviewer)
    const response = await post(reviewer, { relatedOrder: order.id, rating: 3, text: 'é'.repeat(2000) })
    expect(response.statusCode).toBe(201)
  })
})

describe('GET /api/reviews/', () => {
  it('lists only visible reviews with the average of the visible ones, authors by first name', async () => {
    const quiet = await createShop(ctx, { owner: outsider })
    const empty = await list(`shop=${quiet.id}`)
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ total: 0, limit: 20, skip: 0, average: null, data: [] })

    const five = await seedReview(quiet.id, 5)
    await seedReview(quiet.id, 4)
    await seedReview(quiet.id, 2)
    const hidden = await seedReview(quiet.id, 1, { hidden: true })

    for (const user of [null, reviewer, shopper, owner]) {
      const response = await list(`shop=${quiet.id}`, user)
      expect(response.statusCode).toBe(200)
      const page = response.json<ReviewPage>()
      expect(page.total).toBe(3)
      expect(page.average).toBe(3.7)
      expect(page.data.map((r) => r._id)).not.toContain(hidden.id)
      expect(page.data.every((r) => !('hidden' in r) && !('orderId' in r))).toBe(true)
      expect(JSON.stringify(page)).not.toContain(reviewer.email)
      expect(page.data.find((r) => r._id === five.id)).toMatchObject({ rating: 5, author: { name: 'Ama' }, shop: quiet.id })
    }
  })

  it('filters by relatedOrder and rating, sorts and pages', async () => {
    const shopB = await createShop(ctx)
    const rows = []
    for (const rating of [3, 5, 1, 5]) rows.push(await seedReview(shopB.id, rating))

    const byOrder = await list(`shop=${shopB.id}&relatedOrder=${rows[1]!.relatedOrder}`)
    expect(byOrder.json<ReviewPage>().data.map((r) => r._id)).toEqual([rows[1]!.id])
    expect(byOrder.json().average).toBe(3.5)

    const fives = await list(`shop=${shopB.id}&rating=5`)
    expect(fives.json().total).toBe(2)
    const atLeast3 = await list(`shop=${shopB.id}&rating[$gte]=3&$sort[rating]=1`)
    expect(atLeast3.json<ReviewPage>().data.map((r) => r.rating)).toEqual([3, 5, 5])
    const extremes = await list(`shop=${shopB.id}&$or[0][rating]=1&$or[1][rating][$gte]=5&$sort[rating]=1`)
    expect(extremes.json<ReviewPage>().data.map((r) => r.rating)).toEqual([1, 5, 5])
    const since = await list(`shop=${shopB.id}&createdAt[$gte]=${rows[2]!.createdAt.getTime()}&$sort[createdAt]=1`)
    expect(since.json<ReviewPage>().data.map((r) => r._id)).toEqual([rows[2]!.id, rows[3]!.id])

    const oldestFirst = await list(`shop=${shopB.id}&$sort[createdAt]=1`)
    expect(oldestFirst.json<ReviewPage>().data.map((r) => r._id)).toEqual(rows.map((r) => r.id))
    const newestFirst = await list(`shop=${shopB.id}&$sort[createdAt]=-1&$limit=2&$skip=1`)
    expect(newestFirst.json()).toMatchObject({ total: 4, limit: 2, skip: 1 })
    expect(newestFirst.json<ReviewPage>().data.map((r) => r._id)).toEqual([rows[2]!.id, rows[1]!.id])
  })

  it('shows moderators hidden reviews with the flag and lets them filter on it', async () => {
    const shopC = await createShop(ctx, { keeper, owner })
    const visible = await seedReview(shopC.id, 4)
    const hidden = await seedReview(shopC.id, 1, { hidden: true })

    const all = await list(`shop=${shopC.id}`, keeper)
    expect(all.json().total).toBe(2)
    expect(all.json().average).toBe(4)
    expect(all.json<ReviewPage>().data.map((r) => [r._id, r.hidden]).sort()).toEqual(
      [[visible.id, false], [hidden.id, true]].sort(),
    )
    const onlyHidden = await list(`shop=${shopC.id}&hidden=true`, owner)
    expect(onlyHidden.json<ReviewPage>().data.map((r) => r._id)).toEqual([hidden.id])
    const onlyVisible = await list(`shop=${shopC.id}&hidden=false`, keeper)
    expect(onlyVisible.json<ReviewPage>().data.map((r) => r._id)).toEqual([visible.id])

    // hidden=false is the public view, so anyone may ask for it.
    const publicVisible = await list(`shop=${shopC.id}&hidden=false`)
    expect(publicVisible.statusCode).toBe(200)
    expect(publicVisible.json<ReviewPage>().data.map((r) => r._id)).toEqual([visible.id])
  })

  it('tells moderators, and only them, the reviewed order’s short code', async () => {
    const shopE = await createShop(ctx, { keeper })
    const review = await seedReview(shopE.id, 5)
    const [order] = await db.select().from(orders).where(eq(orders.id, review.relatedOrder))
    const forKeeper = await list(`shop=${shopE.id}`, keeper)
    expect(forKeeper.json().data[0]).toMatchObject({ _id: review.id, relatedOrder: order!.id, orderId: order!.orderId })
    const patched = await patch(review.id, keeper, { reply: 'Thanks!' })
    expect(patched.json()).toMatchObject({ orderId: order!.orderId, reply: 'Thanks!' })
    for (const user of [null, reviewer, outsider]) {
      const response = await list(`shop=${shopE.id}`, user)
      expect(response.json().data[0]).not.toHaveProperty('orderId')
    }
  })

  it('keeps other filters on hidden to moderators: 401 anonymous, 404 to everyone else', async () => {
    for (const [user, status] of [
      [null, 401],
      [shopper, 404],
      [outsider, 404],
    ] as const) {
      for (const query of ['hidden=true', 'hidden[$ne]=false']) {
        const response = await list(`shop=${shop.id}&${query}`, user)
        expect(response.statusCode, `${query} ${status}`).toBe(status)
        errorBody(response)
      }
    }
  })

  it('does not show another shop’s staff its hidden reviews', async () => {
    const hidden = await seedReview(shop.id, 2, { hidden: true })
    const response = await list(`shop=${shop.id}&$limit=100`, outsider)
    expect(response.statusCode).toBe(200)
    expect(response.json<ReviewPage>().data.map((r) => r._id)).not.toContain(hidden.id)
    expect(response.json<ReviewPage>().data.every((r) => !('hidden' in r))).toBe(true)
  })

  it('answers 400 to a missing or malformed shop, unknown fields, operators and sort keys', async () => {
    for (const query of [
      '',
      'shop=abc',
      `shop=${shop.id}&profile=${reviewer.id}`,
      `shop=${shop.id}&text=nice`,
      `shop=${shop.id}&rating[$regex]=5`,
      `shop=${shop.id}&rating=five`,
      `shop=${shop.id}&rating=4.5`,
      `shop=${shop.id}&relatedOrder=nope`,
      `shop=${shop.id}&$sort[text]=1`,
      `shop=${shop.id}&$sort[createdAt]=down`,
      `shop=${shop.id}&$limit=-1`,
      `shop=${shop.id}&$skip=x`,
      `shop[$ne]=${shop.id}`,
      `shop=${shop.id}&shop=${otherShop.id}`,
      `shop=${shop.id}&createdAt[$gt]=someday`,
      // Values PostgreSQL cannot hold: a 400, never an overflow.
      `shop=${shop.id}&rating=99999999999`,
      `shop=${shop.id}&rating[$gt]=3000000000`,
      `shop=${shop.id}&rating[$in][]=99999999999`,
      `shop=${shop.id}&createdAt[$gt]=999999999999999`,
      `shop=${shop.id}&createdAt[$gt]=%2B275760-09-13T00:00:00Z`,
      `shop=${shop.id}&createdAt[$lt]=0000-01-01`,
      `shop=${shop.id}&$or[0][rating]=3000000000`,
      `shop=${shop.id}&$or[0][createdAt][$gt]=999999999999999`,
      `shop=${shop.id}&$or[0][text]=nice`,
      `shop=${shop.id}&$or=x`,
    ]) {
      const response = await list(query, owner)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('PATCH /api/reviews/{id}', () => {
  it('lets every staff role hide, show and reply to a review', async () => {
    const review = await seedReview(shop.id, 3)
    for (const user of [keeper, manager, administrator, owner]) {
      const hide = await patch(review.id, user, { hidden: true })
      expect(hide.statusCode).toBe(200)
      expect(hide.json()).toMatchObject({ _id: review.id, hidden: true })
      expect((await reviewRow(review.id)).hidden).toBe(true)
      const show = await patch(review.id, user, { hidden: false })
      expect(show.json().hidden).toBe(false)
    }

    const replied = await patch(review.id, keeper, { reply: '  Thank you, Ama!  ' })
    expect(replied.statusCode).toBe(200)
    expect(replied.json()).toMatchObject({ reply: 'Thank you, Ama!', repliedAt: expect.any(String), hidden: false, author: { name: 'Ama' } })
    const publicView = await list(`shop=${shop.id}&relatedOrder=${review.relatedOrder}`)
    expect(publicView.json().data[0]).toMatchObject({ reply: 'Thank you, Ama!', repliedAt: replied.json().repliedAt })

    const removed = await patch(review.id, owner, { reply: null })
    expect(removed.json()).toMatchObject({ reply: null, repliedAt: null })
    const blank = await patch(review.id, owner, { reply: '   ', hidden: true })
    expect(blank.json()).toMatchObject({ reply: null, repliedAt: null, hidden: true })
    expect(await reviewRow(review.id)).toMatchObject({ reply: null, repliedAt: null, hidden: true })
  })

  it('takes a hidden review out of the public list and the average', async () => {
    const shopD = await createShop(ctx, { keeper })
    const low = await seedReview(shopD.id, 1)
    await seedReview(shopD.id, 5)
    expect((await list(`shop=${shopD.id}`)).json()).toMatchObject({ total: 2, average: 3 })
    expect((await patch(low.id, keeper, { hidden: true })).statusCode).toBe(200)
    expect((await list(`shop=${shopD.id}`)).json()).toMatchObject({ total: 1, average: 5 })
  })

  it('answers 401 anonymous, 404 to the author, shoppers, removed staff and another shop’s staff, leaving the row unchanged', async () => {
    const review = await seedReview(shop.id, 4)
    const before = await reviewRow(review.id)
    const removedKeeper = await createUser(ctx)
    await db.insert(shopRoles).values({ shopId: shop.id, userId: removedKeeper.id, role: 'keeper', status: 'removed' })

    const anonymous = await patch(review.id, null, { hidden: true })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [reviewer, shopper, outsider, removedKeeper]) {
      for (const payload of [{ hidden: true }, { reply: 'Nope' }]) {
        const response = await patch(review.id, user, payload)
        expect(response.statusCode).toBe(404)
        errorBody(response)
      }
    }
    expect(await reviewRow(review.id)).toEqual(before)
  })

  it('answers 404 to an unknown review and 400 to bad ids and bodies, leaving the row unchanged', async () => {
    const review = await seedReview(shop.id, 4)
    const before = await reviewRow(review.id)
    const unknown = await patch('00000000-0000-4000-8000-000000000000', owner, { hidden: true })
    expect(unknown.statusCode).toBe(404)
    errorBody(unknown)

    const bad = await patch('not-an-id', owner, { hidden: true })
    expect(bad.statusCode).toBe(400)
    errorBody(bad)
    for (const payload of [
      {},
      { hidden: 'yes' },
      { hidden: null },
      { reply: 7 },
      { reply: 'x'.repeat(2001) },
      { rating: 5 },
      { text: 'rewritten' },
      { hidden: true, shop: otherShop.id },
      [{ hidden: true }],
    ]) {
      const response = await patch(review.id, owner, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/reviews/${review.id}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{hidden: true}',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const huge = await patch(review.id, owner, { reply: 'x'.repeat(200_000) })
    expect(huge.statusCode).toBe(413)
    expect(await reviewRow(review.id)).toEqual(before)
  })
})
