import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shopRoles } from '../src/db/schema'
import { type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

async function roleRow(shopId: string, user: TestUser) {
  const [row] = await db
    .select()
    .from(shopRoles)
    .where(and(eq(shopRoles.shopId, shopId), eq(shopRoles.userId, user.id)))
  return row!
}

async function addStaff(shopId: string, role: 'owner' | 'administrator' | 'manager' | 'keeper') {
  const user = await createUser(ctx, { name: `A ${role}` })
  await db.insert(shopRoles).values({ shopId, userId: user.id, role })
  return { user, row: await roleRow(shopId, user) }
}

const patchRole = (id: string, headers: object | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/shop-roles/${id}`, headers: headers as never, payload: payload as object })

describe('GET /api/role/', () => {
  it('answers each staff member’s role and null for everyone else', async () => {
    const cases: [TestUser | null, string | null][] = [
      [owner, 'owner'],
      [administrator, 'administrator'],
      [manager, 'manager'],
      [keeper, 'keeper'],
      [shopper, null],
      [outsider, null],
      [null, null],
    ]
    for (const [user, role] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user?.headers })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ role })
    }
    const own = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${otherShop.id}`, headers: outsider.headers })
    expect(own.json()).toEqual({ role: 'owner' })
  })

  it('answers null for removed staff and unknown shops', async () => {
    const { user, row } = await addStaff(shop.id, 'manager')
    await db.update(shopRoles).set({ status: 'removed' }).where(eq(shopRoles.id, row.id))
    const removed = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(removed.json()).toEqual({ role: null })
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/role/?shop=00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
    })
    expect(unknown.json()).toEqual({ role: null })
  })

  it('answers 400 to a missing or malformed shop and unknown parameters', async () => {
    for (const url of ['/api/role/', '/api/role/?shop=abc', `/api/role/?shop=${shop.id}&user=${owner.id}`, `/api/role/?shop[$ne]=${shop.id}`]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: owner.headers })
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
  })
})

describe('GET /api/shop-roles/', () => {
  it('lists the active staff with their users for administrators and owners', async () => {
    for (const user of [administrator, owner]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/shop-roles/?shop=${shop.id}&status=active`,
        headers: user.headers,
      })
      expect(response.statusCode).toBe(200)
      const page = response.json()
      expect(page).toMatchObject({ limit: 20, skip: 0 })
      expect(page.total).toBe(page.data.length)
      const byRole = Object.fromEntries(page.data.map((item: { role: string; user: { _id: string } }) => [item.role, item.user._id]))
      expect(byRole).toMatchObject({ owner: owner.id, administrator: administrator.id, keeper: keeper.id })
      expect(page.data.every((item: { shop: string; status: string }) => item.shop === shop.id && item.status === 'active')).toBe(true)
      const first = page.data.find((item: { user: { _id: string } }) => item.user._id === owner.id)
      expect(first).toEqual({
        _id: expect.any(String),
        shop: shop.id,
        user: { _id: owner.id, name: 'Test User', email: owner.email },
        role: 'owner',
        status: 'active',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      })
    }
  })

  it('filters, sorts and pages', async () => {
    const removed = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop-roles/?shop=${shop.id}&status=removed`,
      headers: owner.headers,
    })
    expect(removed.json().data.every((item: { status: string }) => item.status === 'removed')).toBe(true)
    expect(removed.json().total).toBeGreaterThan(0)

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop-roles/?shop=${shop.id}&$sort[createdAt]=-1&$limit=2&$skip=1&role[$in][]=owner&role[$in][]=keeper&role[$in][]=manager`,
      headers: owner.headers,
    })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ limit: 2, skip: 1 })
    expect(page.json().data.length).toBeLessThanOrEqual(2)
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to outsiders', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/shop-roles/?shop=${shop.id}&status=active` })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [manager, keeper]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-roles/?shop=${shop.id}`, headers: user.headers })
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
    for (const user of [outsider, shopper]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-roles/?shop=${shop.id}`, headers: user.headers })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
  })

  it('answers 400 to unknown fields, operators and sort keys and a missing shop', async () => {
    for (const query of [
      'status=active',
      `shop=nope`,
      `shop=${shop.id}&email=x`,
      `shop=${shop.id}&status[$regex]=a`,
      `shop=${shop.id}&$sort[email]=1`,
      `shop=${shop.id}&$sort[createdAt]=up`,
      `shop=${shop.id}&$limit=-1`,
      `shop=${shop.id}&user=not-a-uuid`,
      `shop=${shop.id}&createdAt[$gt]=yesterday`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-roles/?${query}`, headers: owner.headers })
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('PATCH /api/shop-roles/{id}', () => {
  it('lets an owner change anyone’s role, including making owners', async () => {
    const { user, row } = await addStaff(shop.id, 'keeper')
    const response = await patchRole(row.id, owner.headers, { role: 'manager' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ _id: row.id, shop: shop.id, role: 'manager', status: 'active', user: { _id: user.id } })
    expect((await roleRow(shop.id, user)).role).toBe('manager')

    const promoted = await patchRole(row.id, owner.headers, { role: 'owner' })
    expect(promoted.json()).toMatchObject({ role: 'owner' })
  })

  it('lets an administrator change roles below their own', async () => {
    const { user, row } = await addStaff(shop.id, 'manager')
    const demoted = await patchRole(row.id, administrator.headers, { role: 'keeper' })
    expect(demoted.statusCode).toBe(200)
    const removed = await patchRole(row.id, administrator.headers, { status: 'removed' })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({ role: 'keeper', status: 'removed' })
    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: null })
  })

  it('answers 403 when an administrator grants their own rank or above, or touches an administrator or owner', async () => {
    const { row: managerRow } = await addStaff(shop.id, 'manager')
    const { row: adminRow } = await addStaff(shop.id, 'administrator')
    const ownerRow = await roleRow(shop.id, owner)
    const attempts: [string, object][] = [
      [managerRow.id, { role: 'administrator' }],
      [managerRow.id, { role: 'owner' }],
      [adminRow.id, { role: 'keeper' }],
      [adminRow.id, { status: 'removed' }],
      [ownerRow.id, { role: 'keeper' }],
      [ownerRow.id, { status: 'removed' }],
    ]
    for (const [id, payload] of attempts) {
      const before = (await db.select().from(shopRoles).where(eq(shopRoles.id, id)))[0]
      const response = await patchRole(id, administrator.headers, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(403)
      expect(errorBody(response).name).toBe('Forbidden')
      expect((await db.select().from(shopRoles).where(eq(shopRoles.id, id)))[0]).toEqual(before)
    }
  })

  it('lets only an owner remove an administrator', async () => {
    const { row } = await addStaff(shop.id, 'administrator')
    const response = await patchRole(row.id, owner.headers, { status: 'removed' })
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('removed')
  })

  it('answers 403 to managers and keepers, changing nothing', async () => {
    const { row } = await addStaff(shop.id, 'keeper')
    for (const user of [manager, keeper]) {
      const response = await patchRole(row.id, user.headers, { role: 'manager' })
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
    expect((await db.select().from(shopRoles).where(eq(shopRoles.id, row.id)))[0]).toEqual(row)
  })

  it('answers 401 anonymous and 404 to staff of another shop, changing nothing', async () => {
    const { row } = await addStaff(shop.id, 'keeper')
    const anonymous = await patchRole(row.id, undefined, { role: 'manager' })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [outsider, shopper]) {
      const response = await patchRole(row.id, user.headers, { status: 'removed' })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect((await db.select().from(shopRoles).where(eq(shopRoles.id, row.id)))[0]).toEqual(row)
    const unknown = await patchRole('00000000-0000-4000-8000-000000000000', owner.headers, { role: 'keeper' })
    expect(unknown.statusCode).toBe(404)
  })

  it('refuses changes to one’s own role, except an owner stepping down while another owner remains', async () => {
    const adminRow = await roleRow(shop.id, administrator)
    const self = await patchRole(adminRow.id, administrator.headers, { role: 'keeper' })
    expect(self.statusCode).toBe(403)
    expect((await roleRow(shop.id, administrator)).role).toBe('administrator')

    const solo = await createUser(ctx)
    const soloShop = await createShop(ctx, { owner: solo })
    const soloRow = await roleRow(soloShop.id, solo)
    for (const payload of [{ role: 'administrator' }, { status: 'removed' }]) {
      const response = await patchRole(soloRow.id, solo.headers, payload)
      expect(response.statusCode).toBe(409)
      expect(errorBody(response).name).toBe('Conflict')
    }
    expect(await roleRow(soloShop.id, solo)).toEqual(soloRow)

    const second = await createUser(ctx)
    await db.insert(shopRoles).values({ shopId: soloShop.id, userId: second.id, role: 'owner' })
    const stepDown = await patchRole(soloRow.id, solo.headers, { role: 'administrator' })
    expect(stepDown.statusCode).toBe(200)
    expect(stepDown.json().role).toBe('administrator')

    // Now `second` is the last owner: the new administrator cannot demote them, and neither can they.
    const secondRow = await roleRow(soloShop.id, second)
    expect((await patchRole(secondRow.id, solo.headers, { role: 'keeper' })).statusCode).toBe(403)
    expect((await patchRole(secondRow.id, second.headers, { status: 'removed' })).statusCode).toBe(409)
  })

  it('keeps one owner when two owners demote each other at once', async () => {
    const [a, b] = await Promise.all([createUser(ctx), createUser(ctx)])
    const pair = await createShop(ctx, { owner: a })
    await db.insert(shopRoles).values({ shopId: pair.id, userId: b.id, role: 'owner' })
    const [rowA, rowB] = await Promise.all([roleRow(pair.id, a), roleRow(pair.id, b)])
    const responses = await Promise.all([
      patchRole(rowB.id, a.headers, { role: 'administrator' }),
      patchRole(rowA.id, b.headers, { role: 'administrator' }),
    ])
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403])
    const owners = await db
      .select()
      .from(shopRoles)
      .where(and(eq(shopRoles.shopId, pair.id), eq(shopRoles.role, 'owner'), eq(shopRoles.status, 'active')))
    expect(owners).toHaveLength(1)
  })

  it('answers 409 for someone already removed', async () => {
    const { row } = await addStaff(shop.id, 'keeper')
    await patchRole(row.id, owner.headers, { status: 'removed' })
    const again = await patchRole(row.id, owner.headers, { role: 'manager' })
    expect(again.statusCode).toBe(409)
    errorBody(again)
  })

  it('answers 400 to bad input, changing nothing', async () => {
    const { row } = await addStaff(shop.id, 'keeper')
    for (const payload of [
      {},
      { role: 'superuser' },
      { role: 3 },
      { status: 'active' },
      { status: 'deleted' },
      { role: 'manager', status: 'removed' },
      { role: 'manager', shop: otherShop.id },
      { userId: owner.id },
    ]) {
      const response = await patchRole(row.id, owner.headers, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shop-roles/${row.id}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{role: manager}',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const badId = await patchRole('123', owner.headers, { role: 'manager' })
    expect(badId.statusCode).toBe(400)
    errorBody(badId)
    expect((await db.select().from(shopRoles).where(eq(shopRoles.id, row.id)))[0]).toEqual(row)
  })
})
