import fs from 'node:fs/promises'
import path from 'node:path'
import { orderStatuses, orderTotal, subtotal } from '@shop/domain'
import { and, asc, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client'
import {
  analyticsEvents,
  categories,
  deliveryRates,
  deliveryRegions,
  discountCodes,
  inventory,
  notifications,
  orderEvents,
  orders,
  products,
  reviews,
  shopConfigs,
  shopRoles,
  shops,
  uploads,
  users,
} from '../src/db/schema'
import { verifyPassword } from '../src/lib/crypto'
import { storedKeys } from '../src/lib/images'
import { UPLOADS_PREFIX } from '../src/lib/storage'
import { demoLogins, seedDemoIfEmpty } from '../src/seed/demo'
import { type TestContext, createShop, createUser, setupApp } from './helpers'

const ctx = await setupApp()
// A second, separate database that already holds data of its own.
const other = await setupApp()
// A third empty database for two seeders starting at once.
const race = await setupApp()

/** What the server seeds with: the database, the app's config and its uploads storage. */
const seedParts = (test: TestContext) => ({ database: test.database, config: test.app.config, storage: test.app.storage })

const DAY = 86_400_000
const tables = {
  shops, shopConfigs, users, shopRoles, categories, products, inventory, uploads, deliveryRates, discountCodes,
  orders, orderEvents, reviews, notifications, analyticsEvents,
}

async function counts(db: Db) {
  const result: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table)
    result[name] = row!.n
  }
  return result
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

const fileOf = (url: string) => {
  expect(url.startsWith(UPLOADS_PREFIX)).toBe(true)
  return path.join(ctx.app.storage.root!, url.slice(UPLOADS_PREFIX.length))
}

/**
 * Each demo picture is stored as eleven files or so (decision 42), so seeding takes a while on a 2-core
 * machine that runs the other test files at the same time.
 */
const SEED_TIMEOUT = 240_000

describe('demo seed on an empty database', () => {
  const db = ctx.database.db
  let shopId = ''

  it('seeds and reports that it did', async () => {
    expect(await seedDemoIfEmpty(seedParts(ctx))).toBe(true)
    const [shop] = await db.select().from(shops).where(eq(shops.slug, 'demo'))
    expect(shop).toBeDefined()
    shopId = shop!.id
  }, SEED_TIMEOUT)

  it('creates Demo Shop with its profile, logo and settings', async () => {
    const [shop] = await db.select().from(shops).where(eq(shops.id, shopId))
    expect(shop).toMatchObject({ slug: 'demo', title: 'Demo Shop', currency: 'GHS' })
    expect(shop!.tagline).not.toBe('')
    expect(shop!.about).toContain('Accra')
    expect(shop!.promotionalText).toContain('16 regions')
    expect(shop!.socials.map((s) => s.site).sort()).toEqual(['facebook', 'instagram', 'twitter'])
    for (const social of shop!.socials) expect(social.url).toMatch(new RegExp(`^https://(www\\.)?${social.site}\\.com/\\w+$`))
    for (const section of ['payments', 'returns', 'contact'] as const) expect(shop!.aboutSections[section].length).toBeGreaterThan(40)
    await fs.access(fileOf(shop!.logo!.url))
    await fs.access(fileOf(shop!.logo!.thumbnail))

    const [config] = await db.select().from(shopConfigs).where(eq(shopConfigs.shopId, shopId))
    expect(config).toMatchObject({
      taxRateBps: 0,
      facebookMeta: '',
      paymentOptions: [
        { provider: 'manual', enabled: true, label: 'Pay on delivery or at pick-up' },
        { provider: 'test', enabled: true, label: 'Demonstration payment (no money moves)' },
      ],
      offersPickup: true,
      offersDelivery: true,
      pickupAddress: '14 Oxford Street, Osu, Accra',
    })
    expect(config!.pickupDirections).toContain('Koala supermarket')
    expect(config!.pickupHours).toBe('Monday to Saturday, 9 am to 7 pm')
  })

  it("answers the demo shop's pick-up place to shoppers, so its checkout says where to pick up", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      offersPickup: true,
      offersDelivery: true,
      pickupAddress: '14 Oxford Street, Osu, Accra',
      pickupDirections: expect.stringContaining('Koala supermarket'),
      pickupHours: 'Monday to Saturday, 9 am to 7 pm',
    })
  })

  it('creates the five demo logins with password demo1234 and their roles', async () => {
    const rows = await db
      .select({ email: users.email, name: users.name, phone: users.phone, hash: users.passwordHash, role: shopRoles.role, status: shopRoles.status })
      .from(users)
      .leftJoin(shopRoles, eq(shopRoles.userId, users.id))
    expect(rows).toHaveLength(5)
    const byEmail = new Map(rows.map((r) => [r.email, r]))
    for (const login of demoLogins.users) {
      const row = byEmail.get(login.email)!
      expect(row, login.email).toBeDefined()
      expect(row.name).not.toBe('')
      expect(row.phone).toMatch(/^\+233 \d{2} \d{3} \d{4}$/)
      if (login.role === 'shopper') expect(row.role).toBeNull()
      else expect(row).toMatchObject({ role: login.role, status: 'active' })
    }
    expect(await verifyPassword('demo1234', byEmail.get('owner@demo.shop')!.hash)).toBe(true)
    expect(await verifyPassword('demo12345', byEmail.get('shopper@demo.shop')!.hash)).toBe(false)
    const roles = await db.select({ shopId: shopRoles.shopId }).from(shopRoles)
    expect(roles.every((r) => r.shopId === shopId)).toBe(true)
  })

  it('creates about 40 products in several categories, with images on disk', async () => {
    const cats = await db.select().from(categories).where(eq(categories.shopId, shopId))
    expect(cats.length).toBeGreaterThanOrEqual(5)
    const rows = await db.select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.createdAt))
    expect(rows.length).toBeGreaterThanOrEqual(40)
    expect(new Set(rows.map((p) => p.title)).size).toBe(rows.length)

    const catIds = new Set(cats.map((c) => c.id))
    for (const cat of cats) expect(rows.some((p) => p.categoryIds.includes(cat.id)), cat.name).toBe(true)
    const uploadKeys = new Set((await db.select().from(uploads).where(eq(uploads.shopId, shopId))).map((u) => u.key))
    for (const product of rows) {
      expect(product.currency).toBe('GHS')
      expect(product.description.length).toBeGreaterThan(20)
      expect(product.priceMinor).toBeGreaterThan(0)
      expect(product.sellAtMinor).toBeLessThan(product.priceMinor)
      expect(product.categoryIds.length).toBeGreaterThan(0)
      expect(product.categoryIds.every((id) => catIds.has(id))).toBe(true)
      expect(product.images.length).toBeGreaterThanOrEqual(1)
      expect(product.images.length).toBeLessThanOrEqual(2)
      for (const image of product.images) {
        expect(image.alt).toBe(product.title)
        expect((await fs.stat(fileOf(image.url))).size).toBeGreaterThan(0)
        expect((await fs.stat(fileOf(image.thumbnail))).size).toBeGreaterThan(0)
        expect(uploadKeys.has(image.url.slice(UPLOADS_PREFIX.length))).toBe(true)
      }
    }
    expect(rows.filter((p) => p.sellAtMinor > 0).length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((p) => !p.available).length).toBeGreaterThanOrEqual(1)
    expect(rows.filter((p) => p.images.length === 2).length).toBeGreaterThanOrEqual(1)

    const withVariants = rows.filter((p) => p.variants.length > 0)
    expect(withVariants.length).toBeGreaterThanOrEqual(5)
    const features = new Set(withVariants.flatMap((p) => p.variants.flatMap((v) => Object.keys(v.features))))
    expect(features).toContain('Size')
    expect(features).toContain('Colour')
    for (const product of withVariants) {
      const ids = product.variants.map((v) => v._id)
      expect(new Set(ids).size).toBe(ids.length)
    }

    // createdAt spread over the last 60 days, so "newest first" means something.
    const now = Date.now()
    const ages = rows.map((p) => now - p.createdAt.getTime())
    expect(Math.min(...ages)).toBeGreaterThan(0)
    expect(Math.max(...ages)).toBeLessThanOrEqual(61 * DAY)
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(45 * DAY)
    expect(new Set(rows.map((p) => p.createdAt.getTime())).size).toBe(rows.length)
  })

  it('writes one upload row per stored image, each with its widths and icons like any upload', async () => {
    const rows = await db.select().from(uploads).where(eq(uploads.shopId, shopId))
    const files = new Set(await listFiles(ctx.app.storage.root!))
    const expected = rows.flatMap((upload) => storedKeys(upload).map((key) => path.join(ctx.app.storage.root!, key)))
    expect(files).toEqual(new Set(expected))
    for (const upload of rows) {
      expect(upload).toMatchObject({ contentType: 'image/webp' })
      expect(upload.createdBy).not.toBeNull()
      // Original, thumbnail, AVIF and WebP widths, two icons.
      expect(upload.variantWidths.length).toBeGreaterThan(0)
      expect(storedKeys(upload)).toHaveLength(2 + upload.variantWidths.length * 2 + 2)
    }
    // The products show those widths, with the pictures' size.
    const [product] = await db.select().from(products).where(eq(products.shopId, shopId)).limit(1)
    expect(product!.images[0]).toMatchObject({ width: 640, height: 640, variants: expect.arrayContaining([expect.objectContaining({ width: 320 })]) })
  })

  it('keeps inventory consistent with each product and its in-stock flag', async () => {
    const rows = await db.select().from(products).where(eq(products.shopId, shopId))
    const stock = await db.select().from(inventory).where(eq(inventory.shopId, shopId))
    for (const product of rows) {
      const own = stock.filter((s) => s.productId === product.id)
      const expectedVariants = product.variants.length ? product.variants.map((v) => v._id).sort() : ['']
      expect(own.map((s) => s.variantId).sort(), product.title).toEqual(expectedVariants)
      const inStock =
        !own.some((s) => s.tracked) || own.some((s) => !s.tracked) || own.some((s) => s.tracked && s.quantity > 0)
      expect(product.inStock, product.title).toBe(inStock)
    }
    expect(stock.every((s) => s.quantity >= 0)).toBe(true)
    expect(rows.filter((p) => !p.inStock).length).toBeGreaterThanOrEqual(2)
    expect(rows.filter((p) => p.inStock).length).toBeGreaterThanOrEqual(30)
    expect(stock.some((s) => !s.tracked)).toBe(true)
    // A variant can be sold out while its product is still in stock.
    const partlySoldOut = rows.filter((p) => p.inStock && stock.some((s) => s.productId === p.id && s.tracked && s.quantity === 0))
    expect(partlySoldOut.length).toBeGreaterThanOrEqual(1)
  })

  it('covers all 16 regions of Ghana with delivery rates', async () => {
    const regions = await db.select({ id: deliveryRegions.id }).from(deliveryRegions).where(eq(deliveryRegions.country, 'GH'))
    expect(regions).toHaveLength(16)
    const rates = await db.select().from(deliveryRates).where(eq(deliveryRates.shopId, shopId))
    const covered = new Set(rates.flatMap((r) => r.regions))
    for (const region of regions) expect(covered.has(region.id), region.id).toBe(true)
    expect([...covered].every((id) => regions.some((r) => r.id === id))).toBe(true)
    for (const rate of rates) {
      expect(rate).toMatchObject({ currency: 'GHS', active: true })
      expect(rate.rateMinor).toBeGreaterThan(0)
      expect(rate.estimatedDays).toBeGreaterThan(0)
    }
    expect(rates.find((r) => r.name === 'Greater Accra express')).toMatchObject({
      regions: ['GH-AA'],
      rateMinor: 2_500,
      paymentOption: 'instant',
      estimatedDays: 1,
    })
    expect(new Set(rates.map((r) => r.paymentOption))).toEqual(new Set(['instant', 'on-delivery']))
  })

  it('creates WELCOME10 and GHS20, valid for a year', async () => {
    const codes = await db.select().from(discountCodes).where(eq(discountCodes.shopId, shopId)).orderBy(asc(discountCodes.code))
    expect(codes.map(({ code, type, value, active, usedCount }) => ({ code, type, value, active, usedCount }))).toEqual([
      { code: 'GHS20', type: 'fixed', value: 2_000, active: true, usedCount: 0 },
      { code: 'WELCOME10', type: 'percentage', value: 10, active: true, usedCount: 0 },
    ])
    for (const code of codes) {
      expect(code.expiresAt!.toISOString()).toMatch(/T23:59:59\.000Z$/)
      const days = (code.expiresAt!.getTime() - Date.now()) / DAY
      expect(days).toBeGreaterThan(364)
      expect(days).toBeLessThan(367)
    }
  })

  it('writes a month of orders in every status, each with its timeline and domain totals', async () => {
    const rows = await db.select().from(orders).where(eq(orders.shopId, shopId))
    expect(new Set(rows.map((o) => o.status))).toEqual(new Set(orderStatuses))
    expect(new Set(rows.map((o) => o.orderId)).size).toBe(rows.length)
    const events = await db.select().from(orderEvents).orderBy(asc(orderEvents.createdAt))
    for (const order of rows) {
      expect(order.subtotalMinor).toBe(subtotal(order.items))
      expect(order.totalMinor).toBe(
        orderTotal({ subtotal: order.subtotalMinor, deliveryFee: order.deliveryMinor, discount: order.discountMinor, deliveryType: order.delivery.type }),
      )
      const timeline = events.filter((e) => e.orderId === order.id)
      expect(timeline[0]!.status).toBe('placed')
      expect(timeline.at(-1)!.status).toBe(order.status)
      expect(order.createdAt.getTime()).toBeGreaterThan(Date.now() - 31 * DAY)
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(Date.now())
    }
    // The demo shopper can open an order of theirs through the API.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'shopper@demo.shop', password: 'demo1234' } })
    const headers = { authorization: `Bearer ${login.json().access_token}` }
    const mine = rows.find((o) => o.email === 'shopper@demo.shop')!
    const response = await ctx.app.inject({ url: `/api/orders/${mine.id}`, headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ orderId: mine.orderId, status: mine.status })
  })

  it('leaves the shop at least half a day to confirm each order still waiting, so no sweep cancels it at start', async () => {
    const waiting = await db.select().from(orders).where(and(eq(orders.shopId, shopId), eq(orders.status, 'placed')))
    expect(waiting.length).toBeGreaterThan(0)
    for (const order of waiting) {
      if (order.confirmBy === null) continue
      expect(order.confirmBy.getTime()).toBeGreaterThan(Date.now() + 12 * 60 * 60 * 1000)
    }
    expect(waiting.some((order) => order.confirmBy !== null)).toBe(true)
  })

  it('writes reviews of delivered orders, notifications and 30 days of visits', async () => {
    const rows = await db.select().from(reviews).innerJoin(orders, eq(orders.id, reviews.relatedOrder))
    expect(rows.length).toBeGreaterThan(0)
    for (const { orders: order, reviews: review } of rows) {
      expect(order.status).toBe('delivered')
      expect(review.profileId).toBe(order.profileId)
      if (review.productId) expect(order.items.map((item) => item.product)).toContain(review.productId)
    }
    // Product pages have reviews to show, and the whole-order review of docs/product.md is there too (decision 81).
    expect(rows.some(({ reviews: review }) => review.productId !== null)).toBe(true)
    expect(rows.some(({ reviews: review }) => review.productId === null)).toBe(true)
    const notes = await db.select().from(notifications)
    expect(notes.some((n) => n.type === 'order-status' && !n.read)).toBe(true)
    expect(notes.some((n) => n.type === 'new-order')).toBe(true)
    const visits = await db.select().from(analyticsEvents).where(eq(analyticsEvents.shopId, shopId))
    const days = new Set(visits.map((v) => v.createdAt.toISOString().slice(0, 10)))
    expect(days.size).toBeGreaterThanOrEqual(30)
  })

  it('does nothing when called again', async () => {
    const before = await counts(db)
    const filesBefore = await listFiles(ctx.app.storage.root!)
    expect(await seedDemoIfEmpty(seedParts(ctx))).toBe(false)
    expect(await counts(db)).toEqual(before)
    expect(await listFiles(ctx.app.storage.root!)).toEqual(filesBefore)
  })
})

describe('demo seed on a database with data', () => {
  const db = other.database.db

  it('leaves a database alone when a demo login is already taken', async () => {
    await createUser(other, { email: 'Owner@Demo.Shop' })
    const before = await counts(db)
    expect(await seedDemoIfEmpty(seedParts(other))).toBe(false)
    expect(await counts(db)).toEqual(before)
    expect(await listFiles(other.app.storage.root!)).toEqual([])
  })

  it('leaves a database with another shop untouched', async () => {
    const owner = await createUser(other)
    const shop = await createShop(other, { owner }, { slug: 'kumasi-crafts' })
    const before = await counts(db)
    expect(await seedDemoIfEmpty(seedParts(other))).toBe(false)
    expect(await counts(db)).toEqual(before)
    expect(await db.select({ id: shops.id }).from(shops)).toEqual([{ id: shop.id }])
    expect(await db.select().from(shops).where(eq(shops.slug, 'demo'))).toEqual([])
    expect(await listFiles(other.app.storage.root!)).toEqual([])
  })
})

describe('demo seed started twice at once', () => {
  it('seeds exactly one demo shop', async () => {
    const db = race.database.db
    const results = await Promise.all([seedDemoIfEmpty(seedParts(race)), seedDemoIfEmpty(seedParts(race))])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await db.select({ slug: shops.slug }).from(shops)).toEqual([{ slug: 'demo' }])
    const after = await counts(db)
    expect(after).toMatchObject({ shops: 1, shopConfigs: 1, users: 5, shopRoles: 4, discountCodes: 2 })
  }, SEED_TIMEOUT)
})
