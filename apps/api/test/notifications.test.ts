import type { Notification, NotificationHint } from '@shop/domain/schemas/notifications'
import type { Page } from '@shop/domain/schemas/wire'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '../src/db/schema'
import { unreadCountQuery } from '../src/modules/notifications/notification.repository'
import { notifyUser } from '../src/modules/notifications/notify'
import { type TestUser, createShop, createUser, errorBody, serviceContext, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const services = serviceContext(ctx)
const shopA = await createShop(ctx)
const shopB = await createShop(ctx)

const get = (url: string, user?: TestUser | null) => ctx.app.inject({ method: 'GET', url, headers: user?.headers })
const patch = (id: string, user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/notifications/${id}`, headers: user?.headers, payload: payload as object })
const hint = async (user: TestUser, query = '') => {
  const response = await get(`/api/notifications-hint${query}`, user)
  expect(response.statusCode).toBe(200)
  return response.json<NotificationHint>().count
}

// PGlite's clock has millisecond resolution, so notifications written back to back may share a time;
// tests that depend on their order give each one its own second.
let clock = Date.now() - 3_600_000

async function notify(user: TestUser, shopId: string, title: string) {
  await notifyUser(services, shopId, user.id, { type: 'order-status', title, body: `${title} body`, link: '/account/orders' })
  await db
    .update(notifications)
    .set({ createdAt: new Date((clock += 1000)) })
    .where(and(eq(notifications.userId, user.id), eq(notifications.title, title)))
}

async function notificationRow(id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id))
  return row!
}

/** A user with three notifications in shop A and one in shop B, written in this order. */
async function userWithNotifications() {
  const user = await createUser(ctx)
  await notify(user, shopA.id, 'a1')
  await notify(user, shopA.id, 'a2')
  await notify(user, shopB.id, 'b1')
  await notify(user, shopA.id, 'a3')
  return user
}

describe('GET /api/notifications/', () => {
  it('lists only the caller’s notifications, newest first, in docs/product.md’s call shape', async () => {
    const user = await userWithNotifications()
    const stranger = await userWithNotifications()
    const response = await get(`/api/notifications/?$sort[createdAt]=-1&profile=${user.id}&shop=${shopA.id}`, user)
    expect(response.statusCode).toBe(200)
    const page = response.json<Page<Notification>>()
    expect(page).toMatchObject({ total: 3, limit: 20, skip: 0 })
    expect(page.data.map((n) => n.title)).toEqual(['a3', 'a2', 'a1'])
    expect(page.data[0]).toEqual({
      _id: expect.any(String),
      shop: shopA.id,
      type: 'order-status',
      title: 'a3',
      body: 'a3 body',
      link: '/account/orders',
      read: false,
      createdAt: expect.any(String),
    })
    const all = await get('/api/notifications/', user)
    expect(all.json().total).toBe(4)
    const strangersIds = (await get('/api/notifications/', stranger)).json<Page<Notification>>().data.map((n) => n._id)
    expect(all.json<Page<Notification>>().data.some((n) => strangersIds.includes(n._id))).toBe(false)
  })

  it('filters by shop and read, sorts oldest first and pages', async () => {
    const user = await userWithNotifications()
    const first = (await get(`/api/notifications/?shop=${shopA.id}&$sort[createdAt]=1`, user)).json().data[0]
    expect(first.title).toBe('a1')
    await patch(first._id, user, { read: true })
    const unread = await get(`/api/notifications/?read=false`, user)
    expect(unread.json<Page<Notification>>().data.map((n) => n.title)).toEqual(['a3', 'b1', 'a2'])
    const read = await get(`/api/notifications/?read=true`, user)
    expect(read.json<Page<Notification>>().data.map((n) => n.title)).toEqual(['a1'])
    const inB = await get(`/api/notifications/?shop=${shopB.id}`, user)
    expect(inB.json<Page<Notification>>().data.map((n) => n.title)).toEqual(['b1'])
    const either = await get(`/api/notifications/?$or[0][shop]=${shopB.id}&$or[1][read]=true`, user)
    expect(either.json<Page<Notification>>().data.map((n) => n.title)).toEqual(['b1', 'a1'])
    const second = (await get(`/api/notifications/?shop=${shopA.id}&$sort[createdAt]=1`, user)).json().data[1]
    const since = await get(`/api/notifications/?createdAt[$gte]=${second.createdAt}&shop=${shopA.id}`, user)
    expect(since.json<Page<Notification>>().data.map((n) => n.title)).toEqual(['a3', 'a2'])
    const paged = await get(`/api/notifications/?$limit=2&$skip=1&$sort[createdAt]=-1`, user)
    expect(paged.json()).toMatchObject({ total: 4, limit: 2, skip: 1 })
    expect(paged.json<Page<Notification>>().data.map((n) => n.title)).toEqual(['b1', 'a2'])
  })

  it('answers 401 anonymous and 403 for another user’s profile', async () => {
    const user = await userWithNotifications()
    const other = await createUser(ctx)
    const anonymous = await get(`/api/notifications/?profile=${user.id}`)
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    const theirs = await get(`/api/notifications/?profile=${user.id}`, other)
    expect(theirs.statusCode).toBe(403)
    errorBody(theirs)
  })

  it('answers 400 to unknown fields, operators, sort keys and malformed values', async () => {
    const user = await createUser(ctx)
    for (const query of [
      'profile=abc',
      `profile[$ne]=${user.id}`,
      'shop=abc',
      'read=yes',
      'user=x',
      'title=hello',
      'read[$regex]=t',
      '$sort[title]=1',
      '$sort[createdAt]=newest',
      '$limit=lots',
      'createdAt[$gt]=tomorrow-ish',
      `$or[0][profile]=${user.id}`,
      'createdAt[$gt]=999999999999999',
      'createdAt[$lt]=%2B275760-09-13T00:00:00Z',
      '$or[0][createdAt][$gt]=999999999999999',
    ]) {
      const response = await get(`/api/notifications/?${query}`, user)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('PATCH /api/notifications/{id} and GET /api/notifications-hint', () => {
  it('counts unread notifications, overall and per shop; marking read lowers the count and unread raises it', async () => {
    const user = await userWithNotifications()
    expect(await hint(user)).toBe(4)
    expect(await hint(user, `?shop=${shopA.id}`)).toBe(3)
    expect(await hint(user, `?shop=${shopB.id}`)).toBe(1)

    const [latest] = (await get(`/api/notifications/?shop=${shopA.id}`, user)).json().data
    const read = await patch(latest._id, user, { read: true })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ _id: latest._id, read: true, title: 'a3' })
    expect(await hint(user)).toBe(3)
    expect(await hint(user, `?shop=${shopA.id}`)).toBe(2)
    expect(await hint(user, `?shop=${shopB.id}`)).toBe(1)

    // Marking read twice is harmless; unread brings it back.
    expect((await patch(latest._id, user, { read: true })).statusCode).toBe(200)
    expect(await hint(user)).toBe(3)
    const unread = await patch(latest._id, user, { read: false })
    expect(unread.json().read).toBe(false)
    expect(await hint(user)).toBe(4)
  })

  it('answers 0 to a user without notifications and 401 anonymous', async () => {
    expect(await hint(await createUser(ctx))).toBe(0)
    const anonymous = await get('/api/notifications-hint')
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
  })

  it('answers 404 for another user’s notification and 401 anonymous, leaving it unread', async () => {
    const user = await userWithNotifications()
    const other = await createUser(ctx)
    const [item] = (await get('/api/notifications/', user)).json().data
    const before = await notificationRow(item._id)
    const theirs = await patch(item._id, other, { read: true })
    expect(theirs.statusCode).toBe(404)
    errorBody(theirs)
    const anonymous = await patch(item._id, null, { read: true })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    const unknown = await patch('00000000-0000-4000-8000-000000000000', user, { read: true })
    expect(unknown.statusCode).toBe(404)
    expect(await notificationRow(item._id)).toEqual(before)
    expect(await hint(user)).toBe(4)
  })

  it('answers 400 to bad ids, bodies and hint queries, leaving the notification unchanged', async () => {
    const user = await userWithNotifications()
    const [item] = (await get('/api/notifications/', user)).json().data
    const before = await notificationRow(item._id)
    expect((await patch('nope', user, { read: true })).statusCode).toBe(400)
    for (const payload of [{}, { read: 'true' }, { read: 1 }, { read: null }, { read: true, title: 'x' }, { read: true, user: user.id }, [true]]) {
      const response = await patch(item._id, user, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${item._id}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"read":',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const huge = await patch(item._id, user, { read: true, pad: 'x'.repeat(200_000) })
    expect(huge.statusCode).toBe(413)
    expect(await notificationRow(item._id)).toEqual(before)

    for (const query of ['?shop=abc', '?profile=x', `?shop[$in][]=${shopA.id}`, '?read=false']) {
      const response = await get(`/api/notifications-hint${query}`, user)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })

  it('counts through the partial index of unread notifications', async () => {
    // A long-time user: thousands of read notifications and a few unread ones, with fresh statistics.
    const user = await userWithNotifications()
    await db.execute(sql`
      insert into notifications (shop_id, user_id, type, title, read, created_at)
      select ${shopA.id}, ${user.id}, 'order-status', 'old news', true, now() - g * interval '1 hour'
      from generate_series(1, 5000) as g`)
    await db.execute(sql`analyze notifications`)
    expect(await hint(user, `?shop=${shopA.id}`)).toBe(3)
    const query = unreadCountQuery(db, user.id, shopA.id).getSQL()
    const result = (await db.execute<Record<string, unknown>>(sql`explain ${query}`)) as { rows: Record<string, string>[] }
    const plan = result.rows.map((row) => Object.values(row)[0]).join('\n')
    expect(plan).toContain('notifications_unread_idx')
  })
})
