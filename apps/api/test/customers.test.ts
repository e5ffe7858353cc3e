/**
 * A shop's customers (decision 65): one per phone (any spelling of the number) or, without a phone, per
 * e-mail, per shop; their figures kept in step as orders are placed, paid, refunded, edited and canceled;
 * the list's search, owes-money filter and sorting; the note and tags; the CSV; and shops kept apart.
 */
import type { Customer, CustomerDetail } from '@shop/domain/schemas/customers'
import type { Order } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers, orders, shopConfigs } from '../src/db/schema'
import { migrationsFolder } from '../src/paths'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct } = commerceFixtures(ctx, shop.id)
// Many pay-on-delivery orders from one phone in these tests: the cap on unconfirmed ones is not what they test.
for (const id of [shop.id, otherShop.id]) {
  await db.insert(shopConfigs).values({ shopId: id, unconfirmedOrdersPerBuyer: 100 }).onConflictDoUpdate({ target: shopConfigs.shopId, set: { unconfirmedOrdersPerBuyer: 100 } })
}
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const otherScarf = await addProduct({ title: 'Kente scarf', priceMinor: 8_000 }, otherShop.id)

const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers })
const patchCustomer = (id: string, payload: unknown, user: TestUser = keeper) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers: user.headers, payload: payload as Record<string, unknown> })

let emailCount = 0
/** An anonymous buyer's pick-up order of `count` scarves, paid at pick-up. */
async function place(contact: { phone?: string; name?: string; email?: string }, count = 1, shopId = shop.id, product = scarf.id): Promise<Order> {
  const email = contact.email ?? `buyer${++emailCount}@example.com`
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${new URLSearchParams({ shop: shopId, email })}`,
    payload: { items: [{ product, count }], delivery: { type: 'pick-up' }, ...(contact.phone ? { phone: contact.phone } : {}), ...(contact.name ? { name: contact.name } : {}) },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function list(query: string, user: TestUser = keeper): Promise<Page<Customer>> {
  const response = await get(`/api/customers/?shop=${shop.id}${query ? `&${query}` : ''}`, user)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** The shop's one customer whose phone (or e-mail) is `contact`. */
async function customerBy(contact: string, shopId = shop.id): Promise<Customer> {
  const key = contact.includes('@') ? `email:${contact.toLowerCase()}` : contact
  const [row] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.shopId, shopId), eq(customers.key, key)))
  expect(row, `a customer for ${contact}`).toBeDefined()
  const response = await get(`/api/customers/${row!.id}`, shopId === shop.id ? keeper : outsider)
  expect(response.statusCode, response.body).toBe(200)
  const { orderCount, ...rest } = response.json<CustomerDetail>()
  return { ...rest, orders: orderCount }
}

async function recordCash(order: string, amount: number) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order, amount, method: 'cash' } })
  expect(response.statusCode, response.body).toBe(201)
}

describe('one customer per phone, or per e-mail without one, per shop', () => {
  it('joins the orders of one phone however it was written, and names them by the newest order', async () => {
    const first = await place({ phone: '024 412 3456', name: 'Ama' })
    const second = await place({ phone: '+233 24 412 3456', name: 'Ama Mensah' }, 2)
    const customer = await customerBy('+233244123456')
    expect(customer).toMatchObject({
      name: 'Ama Mensah',
      phone: '+233244123456',
      orders: 2,
      spent: { value: 0, currency: 'GHS' },
      balance: { value: 300, currency: 'GHS' },
      note: '',
      tags: [],
    })
    const detail = (await get(`/api/customers/${customer._id}`, keeper)).json<CustomerDetail>()
    // Their orders, newest first, in the orders list's shape.
    expect(detail.orders.map((order) => order._id)).toEqual([second._id, first._id])
    expect(detail.orders[0]).toMatchObject({ orderId: second.orderId, status: 'placed', balance: 200 })
    expect(detail.orderTotal).toBe(2)
    expect(detail.firstOrderAt! <= detail.lastOrderAt!).toBe(true)
  })

  it('keeps a buyer without a phone by their e-mail, whatever its case', async () => {
    await place({ email: 'Kofi.Boateng@Example.com', name: 'Kofi' })
    await place({ email: 'kofi.boateng@example.com' })
    const customer = await customerBy('kofi.boateng@example.com')
    expect(customer).toMatchObject({ name: 'Kofi', phone: '', orders: 2, balance: { value: 200 } })
    expect(customer.email.toLowerCase()).toBe('kofi.boateng@example.com')
  })

  it('keeps two shops\' customers of one phone apart', async () => {
    await place({ phone: '0201234567', name: 'Esi' })
    await place({ phone: '0201234567', name: 'Esi at the other shop' }, 1, otherShop.id, otherScarf.id)
    const rows = await db.select().from(customers).where(eq(customers.key, '+233201234567'))
    expect(rows.map((row) => row.shopId).sort()).toEqual([shop.id, otherShop.id].sort())
    const here = await customerBy('+233201234567')
    expect(here).toMatchObject({ name: 'Esi', orders: 1, balance: { value: 100 } })
    const there = rows.find((row) => row.shopId === otherShop.id)!
    expect(there).toMatchObject({ name: 'Esi at the other shop', orders: 1, balanceMinor: 8_000 })
    // Every order is linked to its own shop's customer.
    const linked = await db.select({ shopId: orders.shopId, customer: customers.shopId }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId))
    expect(linked.every((row) => row.shopId === row.customer)).toBe(true)
  })
})

describe('figures kept in step with the orders', () => {
  it('a payment moves money from the balance to spent, a refund lowers spent', async () => {
    const order = await place({ phone: '0271112222', name: 'Yaw' }, 2)
    await recordCash(order._id, 150)
    expect(await customerBy('+233271112222')).toMatchObject({ spent: { value: 150 }, balance: { value: 50 } })
    await recordCash(order._id, 50)
    expect(await customerBy('+233271112222')).toMatchObject({ spent: { value: 200 }, balance: { value: 0 } })
    const refund = await ctx.app.inject({
      method: 'POST',
      url: '/api/refunds/',
      headers: manager.headers,
      payload: { order: order._id, amount: 30, method: 'cash', reason: 'Loose thread' },
    })
    expect(refund.statusCode, refund.body).toBe(201)
    // A refund gives back; it never makes the order owe again (the ledger's rule).
    expect(await customerBy('+233271112222')).toMatchObject({ orders: 1, spent: { value: 170 }, balance: { value: 0 } })
  })

  it('a cancel drops the order from the count and its balance', async () => {
    const kept = await place({ phone: '0509998888', name: 'Akua' })
    const canceled = await place({ phone: '0509998888' }, 3)
    expect(await customerBy('+233509998888')).toMatchObject({ orders: 2, balance: { value: 400 } })
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${canceled._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    expect(response.statusCode, response.body).toBe(200)
    const customer = await customerBy('+233509998888')
    expect(customer).toMatchObject({ orders: 1, balance: { value: 100 } })
    // The canceled order stays among their orders, and still dates their last order.
    const detail = (await get(`/api/customers/${customer._id}`, keeper)).json<CustomerDetail>()
    expect(detail.orders.map((order) => [order._id, order.status])).toEqual([
      [canceled._id, 'canceled'],
      [kept._id, 'placed'],
    ])
  })

  it('an edit changes the balance', async () => {
    const order = await place({ phone: '0262223333', name: 'Kwame' })
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: keeper.headers, payload: { items: [{ product: scarf.id, count: 4 }] } })
    expect(response.statusCode, response.body).toBe(200)
    expect(await customerBy('+233262223333')).toMatchObject({ orders: 1, balance: { value: 400 } })
  })
})

describe('GET /api/customers/', () => {
  it('finds customers by part of the phone in any form, by name and by e-mail', async () => {
    await place({ phone: '0244556677', name: 'Abena Owusu', email: 'abena@shop.test' })
    for (const q of ['0244 556', '556677', '+233 24 455 6677', '244556677', 'abena ow', 'ABENA@SHOP']) {
      const found = await list(`q=${encodeURIComponent(q)}`)
      expect(found.data.map((customer) => customer.phone), q).toEqual(['+233244556677'])
    }
    expect((await list('q=nobody-like-this')).total).toBe(0)
  })

  it('keeps those who owe money with owes=true', async () => {
    const owing = await list('owes=true&$limit=100')
    expect(owing.total).toBeGreaterThan(0)
    expect(owing.data.every((customer) => customer.balance.value > 0)).toBe(true)
    const all = await list('$limit=100')
    expect(all.data.some((customer) => customer.balance.value === 0)).toBe(true)
    expect(owing.total).toBe(all.data.filter((customer) => customer.balance.value > 0).length)
  })

  it('sorts by last order (newest first by default), spent, orders and name, and pages', async () => {
    const newest = await place({ phone: '0550001111', name: 'Zed' })
    const byDefault = await list('')
    expect(byDefault.data[0]!.phone).toBe('+233550001111')
    expect(byDefault).toMatchObject({ limit: 20, skip: 0 })
    const dates = byDefault.data.map((customer) => customer.lastOrderAt!)
    expect([...dates].sort().reverse()).toEqual(dates)
    const bySpent = (await list('$sort[spent]=-1&$limit=2')).data
    expect(bySpent[0]!.spent.value).toBeGreaterThanOrEqual(bySpent[1]!.spent.value)
    expect(bySpent[0]!.phone).toBe('+233271112222')
    const byOrders = (await list('$sort[orders]=-1&$limit=100')).data.map((customer) => customer.orders)
    expect([...byOrders].sort((a, b) => b - a)).toEqual(byOrders)
    const byName = (await list('$sort[name]=1&$limit=100')).data.map((customer) => customer.name)
    expect(byName.indexOf('Abena Owusu')).toBeLessThan(byName.indexOf('Zed'))
    const second = await list('$limit=1&$skip=1')
    expect(second.data[0]!._id).toBe(byDefault.data[1]!._id)
    expect(newest._id).toBeTruthy()
  })

  it('refuses unknown filters and sorts with a 400 naming them', async () => {
    for (const [query, path] of [
      ['$sort[phone]=1', '$sort.phone'],
      ['email=x', 'email'],
      ['owes=yes', 'owes'],
      ['spent[$gt]=abc', 'spent.$gt'],
    ] as const) {
      const response = await get(`/api/customers/?shop=${shop.id}&${query}`, keeper)
      expect(response.statusCode, query).toBe(400)
      expect(JSON.stringify(errorBody(response).errors ?? []), query).toContain(path.split('.')[0]!.replace('$', ''))
    }
    expect((await get('/api/customers/', keeper)).statusCode).toBe(400)
  })
})

describe('who may see and change customers', () => {
  it('401 anonymous, 404 to shoppers and to other shops\' staff, by any path', async () => {
    const customer = await customerBy('+233244123456')
    expect((await get(`/api/customers/?shop=${shop.id}`)).statusCode).toBe(401)
    expect((await get(`/api/customers/${customer._id}`)).statusCode).toBe(401)
    for (const user of [shopper, outsider]) {
      expect((await get(`/api/customers/?shop=${shop.id}`, user)).statusCode).toBe(404)
      expect((await get(`/api/customers.csv?shop=${shop.id}`, user)).statusCode).toBe(404)
      expect((await get(`/api/customers/${customer._id}`, user)).statusCode).toBe(404)
      const patch = await patchCustomer(customer._id, { note: 'mine now' }, user)
      expect(patch.statusCode).toBe(404)
      errorBody(patch)
    }
    // The other shop's customer of the same phone is not this shop's staff's either.
    const [theirs] = await db.select().from(customers).where(eq(customers.shopId, otherShop.id))
    expect((await get(`/api/customers/${theirs!.id}`, keeper)).statusCode).toBe(404)
    expect((await patchCustomer(theirs!.id, { tags: ['x'] }, owner)).statusCode).toBe(404)
    // Their list holds only their own.
    const outsiders = (await get(`/api/customers/?shop=${otherShop.id}`, outsider)).json<Page<Customer>>()
    expect(outsiders.data.map((row) => row._id)).toEqual([theirs!.id])
    const [unchanged] = await db.select().from(customers).where(eq(customers.id, theirs!.id))
    expect(unchanged).toMatchObject({ note: '', tags: [] })
  })
})

describe('PATCH /api/customers/{id}', () => {
  it('keeps the shop\'s note and tags, trimmed and without repeats', async () => {
    const customer = await customerBy('+233244123456')
    const response = await patchCustomer(customer._id, { note: '  Collects on Saturdays  ', tags: ['VIP', ' wholesale ', 'vip'] })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ note: 'Collects on Saturdays', tags: ['VIP', 'wholesale'], orderCount: 2 })
    expect(await customerBy('+233244123456')).toMatchObject({ note: 'Collects on Saturdays', tags: ['VIP', 'wholesale'] })
    // Orders do not overwrite them.
    await place({ phone: '0244123456' })
    expect(await customerBy('+233244123456')).toMatchObject({ orders: 3, note: 'Collects on Saturdays', tags: ['VIP', 'wholesale'] })
  })

  it('refuses bad bodies with a 400 naming the field, and changes nothing', async () => {
    const customer = await customerBy('+233244123456')
    const bad: [unknown, string][] = [
      [{}, ''],
      [{ note: 'x'.repeat(2001) }, 'note'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(41)] }, 'tags'],
      [{ tags: ['   '] }, 'tags'],
      [{ tags: 'VIP' }, 'tags'],
      [{ name: 'Someone else' }, 'name'],
      [{ orders: 99 }, 'orders'],
    ]
    for (const [payload, path] of bad) {
      const response = await patchCustomer(customer._id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      const body = errorBody(response)
      if (path) expect(JSON.stringify(body.errors), JSON.stringify(payload)).toContain(path)
    }
    expect(await customerBy('+233244123456')).toMatchObject({ name: 'Ama Mensah', note: 'Collects on Saturdays', tags: ['VIP', 'wholesale'] })
    expect((await patchCustomer('not-an-id', { note: 'x' })).statusCode).toBe(400)
    expect((await patchCustomer('00000000-0000-4000-8000-000000000000', { note: 'x' })).statusCode).toBe(404)
  })
})

describe('GET /api/customers.csv', () => {
  it('exports the list with its filters through the one CSV writer', async () => {
    const customer = await customerBy('+233244123456')
    await patchCustomer(customer._id, { note: '=HYPERLINK("http://evil")' })
    const response = await get(`/api/customers.csv?shop=${shop.id}&q=${encodeURIComponent('024 412 3456')}`, keeper)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = response.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('Name,Phone,Email,Orders,Spent,Owes,Currency,First order,Last order,Tags,Note')
    expect(lines).toHaveLength(2)
    // A phone starts with + and the note with =: both written so no spreadsheet runs them.
    expect(lines[1]).toMatch(/^Ama Mensah,'\+233244123456,[^,]*,3,0\.00,400\.00,GHS,[^,]+,[^,]+,VIP; wholesale,"'=HYPERLINK\(""http:\/\/evil""\)"$/)
    const owing = await get(`/api/customers.csv?shop=${shop.id}&owes=true`, keeper)
    const all = (await list('owes=true&$limit=100')).total
    expect(owing.body.trimEnd().split('\r\n')).toHaveLength(all + 1)
  })
})

describe('migration 0017 for orders placed before customers', () => {
  it('makes the same customers from the existing orders as keeping them in step did', async () => {
    const figures = () =>
      db
        .select({
          shopId: customers.shopId,
          key: customers.key,
          name: customers.name,
          phone: customers.phone,
          email: customers.email,
          orders: customers.orders,
          spentMinor: customers.spentMinor,
          balanceMinor: customers.balanceMinor,
          firstOrderAt: customers.firstOrderAt,
          lastOrderAt: customers.lastOrderAt,
        })
        .from(customers)
        .orderBy(asc(customers.shopId), asc(customers.key))
    const kept = await figures()
    expect(kept.length).toBeGreaterThan(5)
    const links = async () =>
      (await db.select({ order: orders.id, key: customers.key }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).orderBy(asc(orders.id)))
    const linked = await links()
    expect(linked).toHaveLength((await db.select({ id: orders.id }).from(orders)).length)

    // As the database was before the migration: orders without customers.
    await db.update(orders).set({ customerId: null }).where(isNotNull(orders.customerId))
    await db.delete(customers)
    const migration = await readFile(path.join(migrationsFolder, '0017_orders_from_anywhere.sql'), 'utf8')
    const statements = migration.split('--> statement-breakpoint')
    const backfill = statements.slice(statements.findIndex((statement) => statement.trim().startsWith('INSERT INTO "customers"')))
    expect(backfill).toHaveLength(3)
    for (const statement of backfill) await db.execute(sql.raw(statement))

    expect(await figures()).toEqual(kept)
    expect(await links()).toEqual(linked)
  })
})
