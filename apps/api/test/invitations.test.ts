import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, shopRoleInvitations, shopRoles } from '../src/db/schema'
import { sha256 } from '../src/lib/crypto'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

const DAY = 24 * 60 * 60 * 1000

const invite = (payload: unknown, user: TestUser | null = administrator) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/shop-role-invitations/',
    headers: user?.headers,
    payload: payload as object,
  })
const withKey = (id: string, key?: string) => `/api/shop-role-invitations/${id}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`
const respond = (id: string, user: TestUser | null, payload: unknown, key?: string) =>
  ctx.app.inject({ method: 'PATCH', url: withKey(id, key), headers: user?.headers, payload: payload as object })
const read = (id: string, user: TestUser | null, key?: string) => ctx.app.inject({ method: 'GET', url: withKey(id, key), headers: user?.headers })
/** The secret of an invitation's link, as the answer that created it gives it. */
const keyOf = (link: string) => new URL(link, 'http://shop.test').searchParams.get('key')!
const otherKey = 'A'.repeat(43)
const invitationRow = async (id: string) =>
  (await db.select().from(shopRoleInvitations).where(eq(shopRoleInvitations.id, id)))[0]!
const invitationCount = async () => (await db.select({ id: shopRoleInvitations.id }).from(shopRoleInvitations)).length

/** A user and a fresh pending invitation for them, sent by the owner, with its link's secret. */
async function invited(role: 'keeper' | 'manager' | 'administrator' | 'owner' = 'keeper') {
  const user = await createUser(ctx)
  const response = await invite({ shop: shop.id, email: user.email, role }, owner)
  expect(response.statusCode).toBe(201)
  return { user, id: response.json()._id as string, key: keyOf(response.json().link) }
}

describe('POST /api/shop-role-invitations/', () => {
  it('creates a pending invitation that expires in 7 days', async () => {
    const response = await invite({ shop: shop.id, email: 'New.Person@Example.com', role: 'manager' })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      _id: expect.any(String),
      shop: shop.id,
      email: 'new.person@example.com',
      role: 'manager',
      status: 'pending',
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
      link: expect.stringMatching(/^\/invitation\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}$/),
    })
    expect(body.link.startsWith(`/invitation/${body._id}?`)).toBe(true)
    // Only the secret's hash is kept.
    const row = await invitationRow(body._id)
    expect(row.secretHash).toBe(sha256(keyOf(body.link)))
    expect(JSON.stringify(row)).not.toContain(keyOf(body.link))
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(7 * DAY)
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000)
    expect((await invitationRow(body._id)).invitedBy).toBe(administrator.id)
  })

  it('refreshes a pending invitation for the same email instead of adding another', async () => {
    const first = await invite({ shop: shop.id, email: 'again@example.com', role: 'keeper' })
    await db
      .update(shopRoleInvitations)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(shopRoleInvitations.id, first.json()._id))
    const second = await invite({ shop: shop.id, email: 'AGAIN@example.com', role: 'manager' }, owner)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toMatchObject({ _id: first.json()._id, role: 'manager', status: 'pending' })
    expect(Date.parse(second.json().expiresAt)).toBeGreaterThan(Date.now() + 6 * DAY)
    const rows = await db
      .select()
      .from(shopRoleInvitations)
      .where(and(eq(shopRoleInvitations.shopId, shop.id), eq(shopRoleInvitations.email, 'again@example.com')))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.invitedBy).toBe(owner.id)
    expect(keyOf(second.json().link)).not.toBe(keyOf(first.json().link))
    expect(rows[0]?.secretHash).toBe(sha256(keyOf(second.json().link)))
  })

  it('re-sending gives a new link and the old one stops working', async () => {
    const { user, id, key: oldKey } = await invited()
    const resent = await invite({ shop: shop.id, email: user.email, role: 'keeper' }, administrator)
    expect(resent.statusCode).toBe(201)
    expect(resent.json()._id).toBe(id)
    const newKey = keyOf(resent.json().link)
    expect(newKey).not.toBe(oldKey)
    for (const status of ['accepted', 'declined']) {
      const stale = await respond(id, user, { status }, oldKey)
      expect(stale.statusCode).toBe(404)
      expect(errorBody(stale).message).toBe('No invitation with this id')
    }
    expect((await read(id, user, oldKey)).statusCode).toBe(404)
    expect((await read(id, user, newKey)).statusCode).toBe(200)
    expect((await respond(id, user, { status: 'declined' }, newKey)).statusCode).toBe(200)
  })

  it('lets an owner invite owners and administrators', async () => {
    for (const role of ['owner', 'administrator']) {
      const response = await invite({ shop: shop.id, email: `${role}-to-be@example.com`, role }, owner)
      expect(response.statusCode).toBe(201)
    }
  })

  it('answers 403 when the role is at or above the inviter’s own, or the inviter cannot manage staff', async () => {
    const before = await invitationCount()
    const attempts: [TestUser, string][] = [
      [administrator, 'administrator'],
      [administrator, 'owner'],
      [manager, 'keeper'],
      [keeper, 'keeper'],
    ]
    for (const [user, role] of attempts) {
      const response = await invite({ shop: shop.id, email: 'someone@example.com', role }, user)
      expect(response.statusCode, `${role}`).toBe(403)
      expect(errorBody(response).name).toBe('Forbidden')
    }
    expect(await invitationCount()).toBe(before)
  })

  it('answers 401 anonymous and 404 to staff of another shop, creating nothing', async () => {
    const before = await invitationCount()
    const anonymous = await invite({ shop: shop.id, email: 'x@example.com', role: 'keeper' }, null)
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [outsider, shopper]) {
      const response = await invite({ shop: shop.id, email: 'x@example.com', role: 'keeper' }, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await invitationCount()).toBe(before)
  })

  it('answers 409 when someone with that email is already active staff', async () => {
    const before = await invitationCount()
    const response = await invite({ shop: shop.id, email: keeper.email.toUpperCase(), role: 'manager' })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response)).toMatchObject({ name: 'Conflict', errors: [{ path: 'email' }] })
    expect(await invitationCount()).toBe(before)
  })

  it('answers 400 to bad input', async () => {
    const before = await invitationCount()
    for (const payload of [
      {},
      { shop: shop.id, email: 'not-an-email', role: 'keeper' },
      { shop: shop.id, email: 42, role: 'keeper' },
      { shop: shop.id, email: 'a@example.com', role: 'boss' },
      { shop: shop.id, email: 'a@example.com' },
      { shop: 'shop-1', email: 'a@example.com', role: 'keeper' },
      { shop: shop.id, email: 'a@example.com', role: 'keeper', status: 'accepted' },
      { shop: shop.id, email: `${'a'.repeat(250)}@example.com`, role: 'keeper' },
      [{ shop: shop.id, email: 'a@example.com', role: 'keeper' }],
    ]) {
      const response = await invite(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop-role-invitations/',
      headers: { ...administrator.headers, 'content-type': 'application/json' },
      payload: '{"shop":',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    expect(await invitationCount()).toBe(before)
  })
})

describe('GET /api/shop-role-invitations/', () => {
  it('lists the shop’s pending invitations, leaving out expired ones and other shops’', async () => {
    const live = await invite({ shop: shop.id, email: 'live@example.com', role: 'keeper' })
    const stale = await invite({ shop: shop.id, email: 'stale@example.com', role: 'keeper' })
    await db
      .update(shopRoleInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopRoleInvitations.id, stale.json()._id))
    const foreign = await invite({ shop: otherShop.id, email: 'foreign@example.com', role: 'keeper' }, outsider)
    expect(foreign.statusCode).toBe(201)

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop-role-invitations/?shop=${shop.id}&status=pending&$limit=100`,
      headers: administrator.headers,
    })
    expect(response.statusCode).toBe(200)
    const page = response.json()
    const ids = page.data.map((item: { _id: string }) => item._id)
    expect(ids).toContain(live.json()._id)
    expect(ids).not.toContain(stale.json()._id)
    expect(ids).not.toContain(foreign.json()._id)
    expect(page.total).toBe(page.data.length)
    expect(page.data.every((item: { status: string; shop: string }) => item.status === 'pending' && item.shop === shop.id)).toBe(true)
    const { link, ...listed } = live.json()
    expect(link).toEqual(expect.any(String))
    expect(page.data.find((item: { _id: string }) => item._id === live.json()._id)).toEqual(listed)
    expect(response.body).not.toContain('key=')
  })

  it('searches by email and sorts', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop-role-invitations/?shop=${shop.id}&email[$q]=LIVE&$sort[expiresAt]=1`,
      headers: owner.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.map((item: { email: string }) => item.email)).toEqual(['live@example.com'])
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to outsiders', async () => {
    const url = `/api/shop-role-invitations/?shop=${shop.id}&status=pending`
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    for (const user of [manager, keeper]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: user.headers })
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
    for (const user of [outsider, shopper]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: user.headers })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
  })

  it('answers 400 to unknown fields, operators and sort keys', async () => {
    for (const query of [
      'status=pending',
      `shop=${shop.id}&invitedBy=${owner.id}`,
      `shop=${shop.id}&status[$like]=p%`,
      `shop=${shop.id}&$sort[email]=1`,
      `shop=${shop.id}&role[$q]=x`,
      `shop=${shop.id}&$skip=many`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-role-invitations/?${query}`, headers: owner.headers })
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('GET /api/shop-role-invitations/{id}', () => {
  it('shows the invitee (any email case) with the link\'s key the invitation with the shop', async () => {
    const user = await createUser(ctx, { email: `Mixed.Case.${Date.now()}@Example.com` })
    const created = await invite({ shop: shop.id, email: user.email.toLowerCase(), role: 'manager' })
    const { link, ...invitation } = created.json()
    const response = await read(created.json()._id, user, keyOf(link))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      ...invitation,
      shop: { _id: shop.id, slug: shop.slug, title: shop.title, logo: null },
    })
  })

  it('shows the shop’s staff managers the invitation without a key', async () => {
    const { id } = await invited()
    for (const user of [administrator, owner]) {
      const response = await read(id, user)
      expect(response.statusCode).toBe(200)
      expect(response.json().shop._id).toBe(shop.id)
      expect(response.body).not.toContain('key')
    }
  })

  it('answers 404 to the invitee without the key or with a wrong one, as if there were no invitation', async () => {
    const { user, id, key } = await invited()
    for (const attempt of [undefined, otherKey, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`]) {
      const response = await read(id, user, attempt)
      expect(response.statusCode, attempt).toBe(404)
      expect(errorBody(response).message).toBe('No invitation with this id')
    }
  })

  it('answers 401 anonymous, and 404 to other users (even with the key), outsiders, lower staff and unknown ids', async () => {
    const { id, key } = await invited()
    expect((await read(id, null, key)).statusCode).toBe(401)
    for (const user of [shopper, outsider, manager, keeper]) {
      for (const attempt of [undefined, key]) {
        const response = await read(id, user, attempt)
        expect(response.statusCode).toBe(404)
        expect(errorBody(response).message).toBe('No invitation with this id')
      }
    }
    expect((await read('00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404)
    for (const bad of [read('nope', owner), read(id, owner, 'short'), ctx.app.inject({ method: 'GET', url: `/api/shop-role-invitations/${id}?other=1`, headers: owner.headers })]) {
      const response = await bad
      expect(response.statusCode).toBe(400)
      errorBody(response)
    }
  })
})

describe('PATCH /api/shop-role-invitations/{id}', () => {
  it('accepting makes the invitee active staff, once, and tells owners and administrators', async () => {
    const { user, id, key } = await invited('manager')
    const response = await respond(id, user, { status: 'accepted' }, key)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ _id: id, status: 'accepted', role: 'manager', shop: { _id: shop.id } })
    expect((await invitationRow(id)).respondedAt).toBeInstanceOf(Date)

    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: 'manager' })

    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.shopId, shop.id), eq(notifications.type, 'invitation-accepted')))
    expect(notes.map((n) => n.userId).sort()).toEqual([owner.id, administrator.id].sort())
    expect(notes[0]).toMatchObject({ read: false, link: '/admin/management' })
    expect(notes[0]?.body).toContain(user.email)

    for (const status of ['accepted', 'declined']) {
      const again = await respond(id, user, { status }, key)
      expect(again.statusCode).toBe(409)
      expect(errorBody(again).message).toBe('This invitation has already been used')
    }
  })

  it('declining leaves the invitee without a role', async () => {
    const { user, id, key } = await invited()
    const response = await respond(id, user, { status: 'declined' }, key)
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('declined')
    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: null })
    expect((await respond(id, user, { status: 'accepted' }, key)).statusCode).toBe(409)
  })

  it('answers 409 to an expired invitation', async () => {
    const { user, id, key } = await invited()
    await db
      .update(shopRoleInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopRoleInvitations.id, id))
    const before = await invitationRow(id)
    for (const status of ['accepted', 'declined']) {
      const response = await respond(id, user, { status }, key)
      expect(response.statusCode).toBe(409)
      expect(errorBody(response).message).toBe('This invitation has expired')
    }
    expect(await invitationRow(id)).toEqual(before)
    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: null })
  })

  it('answers 404 to anyone but the invitee accepting, even with the key, changing nothing', async () => {
    const { id, key } = await invited()
    const before = await invitationRow(id)
    for (const user of [shopper, outsider, owner, administrator]) {
      for (const attempt of [undefined, key]) {
        const response = await respond(id, user, { status: 'accepted' }, attempt)
        expect(response.statusCode).toBe(404)
        errorBody(response)
      }
    }
    expect(await invitationRow(id)).toEqual(before)
    expect((await respond(id, null, { status: 'accepted' }, key)).statusCode).toBe(401)
  })

  it('answers 404 to the invitee accepting or declining without the link\'s key or with a wrong one, changing nothing', async () => {
    const { user, id, key } = await invited('manager')
    const before = await invitationRow(id)
    for (const status of ['accepted', 'declined']) {
      for (const attempt of [undefined, otherKey, key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase()]) {
        const response = await respond(id, user, { status }, attempt)
        expect(response.statusCode, `${status} ${attempt}`).toBe(404)
        expect(errorBody(response).message).toBe('No invitation with this id')
      }
      // A key in the body is not where it belongs: refused as input, not looked at.
      const inBody = await respond(id, user, { status, key })
      expect(inBody.statusCode).toBe(400)
    }
    expect(await invitationRow(id)).toEqual(before)
    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: null })
  })

  it('never accepts an invitation that has no secret (made before links had one)', async () => {
    const { user, id, key } = await invited()
    await db.update(shopRoleInvitations).set({ secretHash: null }).where(eq(shopRoleInvitations.id, id))
    expect((await respond(id, user, { status: 'accepted' }, key)).statusCode).toBe(404)
    expect((await read(id, user, key)).statusCode).toBe(404)
  })

  it('accepts just once under simultaneous requests', async () => {
    const { user, id, key } = await invited()
    const responses = await Promise.all(Array.from({ length: 5 }, () => respond(id, user, { status: 'accepted' }, key)))
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    const roles = await db
      .select()
      .from(shopRoles)
      .where(and(eq(shopRoles.shopId, shop.id), eq(shopRoles.userId, user.id)))
    expect(roles).toHaveLength(1)
  })

  it('reactivates removed staff with the invited role', async () => {
    const user = await createUser(ctx)
    await db.insert(shopRoles).values({ shopId: shop.id, userId: user.id, role: 'administrator', status: 'removed' })
    const created = await invite({ shop: shop.id, email: user.email, role: 'keeper' })
    expect(created.statusCode).toBe(201)
    expect((await respond(created.json()._id, user, { status: 'accepted' }, keyOf(created.json().link))).statusCode).toBe(200)
    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: 'keeper' })
  })

  it('never lowers the role of someone who joined the staff meanwhile', async () => {
    const { user, id, key } = await invited('keeper')
    await db.insert(shopRoles).values({ shopId: shop.id, userId: user.id, role: 'manager' })
    expect((await respond(id, user, { status: 'accepted' }, key)).statusCode).toBe(200)
    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${shop.id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: 'manager' })
  })

  it('lets staff managers revoke, after which the invitation cannot be used', async () => {
    const { user, id, key } = await invited('keeper')
    const response = await respond(id, administrator, { status: 'revoked' })
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('revoked')
    const accept = await respond(id, user, { status: 'accepted' }, key)
    expect(accept.statusCode).toBe(409)
    expect(errorBody(accept).message).toBe('This invitation was revoked')
    expect((await respond(id, administrator, { status: 'revoked' })).statusCode).toBe(409)
  })

  it('answers 403 to managers and keepers revoking, and to administrators revoking an owner’s invitation', async () => {
    const { id } = await invited('keeper')
    const { id: ownerInvitation } = await invited('owner')
    for (const [user, target] of [
      [manager, id],
      [keeper, id],
      [administrator, ownerInvitation],
    ] as const) {
      const before = await invitationRow(target)
      const response = await respond(target, user, { status: 'revoked' })
      expect(response.statusCode).toBe(403)
      errorBody(response)
      expect(await invitationRow(target)).toEqual(before)
    }
  })

  it('answers 404 to staff of another shop and to the invitee revoking, changing nothing', async () => {
    const { user, id, key } = await invited()
    const before = await invitationRow(id)
    for (const caller of [outsider, user]) {
      const response = await respond(id, caller, { status: 'revoked' }, key)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await invitationRow(id)).toEqual(before)
  })

  it('answers 400 to bad input', async () => {
    const { user, id, key } = await invited()
    const before = await invitationRow(id)
    for (const payload of [{}, { status: 'pending' }, { status: 'ACCEPTED' }, { status: true }, { status: 'accepted', role: 'owner' }]) {
      const response = await respond(id, user, payload, key)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shop-role-invitations/${id}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"status": accepted}',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    expect((await respond('x', user, { status: 'accepted' }, key)).statusCode).toBe(400)
    for (const bad of ['short', 'has spaces in it and more than twenty', 'x'.repeat(101)]) {
      expect((await respond(id, user, { status: 'accepted' }, bad)).statusCode, bad).toBe(400)
    }
    expect(await invitationRow(id)).toEqual(before)
  })
})
