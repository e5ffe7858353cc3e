/**
 * Seeds "Demo Shop" on an empty database (DESIGN §13), with a month of orders, reviews and visits. Images are drawn and stored first (slow, outside the
 * transaction); then every row is written in one transaction, so a failure leaves no half-made shop.
 */
import { randomUUID } from 'node:crypto'
import { endOfDay } from '@shop/domain'
import { count, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  analyticsEvents,
  categories,
  deliveryRates,
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
  trackingIds,
  uploads,
  users,
} from '../db/schema'
import { hashPassword } from '../lib/crypto'
import type { Storage } from '../lib/storage'
import { demoCatalog, demoCategories } from './catalog-data'
import { demoHistory } from './demo-history'
import { logoSvg, productSvg, storeSvgImages } from './demo-images'
import { demoDeliveryRates, demoDiscountCodes, demoPaymentOptions, demoPeople, demoShopProfile } from './demo-profile'
import {
  type NewInventory,
  type NewProduct,
  catalogItemRows,
  deliveryRateFactory,
  discountCodeFactory,
  oneYearFrom,
  shopConfigFactory,
  shopFactory,
  shopRoleFactory,
  uploadFactory,
  userFactory,
} from './factories'

export const demoLogins = {
  password: 'demo1234',
  users: [
    { email: 'owner@demo.shop', role: 'owner' },
    { email: 'admin@demo.shop', role: 'administrator' },
    { email: 'manager@demo.shop', role: 'manager' },
    { email: 'keeper@demo.shop', role: 'keeper' },
    { email: 'shopper@demo.shop', role: 'shopper' },
  ],
} as const

// Serialises concurrent seeders (two processes starting on one empty database).
const SEED_LOCK = sql`select pg_advisory_xact_lock(7341220118)`

/** Seeding needs a database without shops, where no demo login is taken yet. */
async function isEmpty(db: Db): Promise<boolean> {
  const [shopCount] = await db.select({ n: count() }).from(shops)
  if (shopCount!.n > 0) return false
  const emails = demoLogins.users.map((u) => u.email)
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
    .limit(1)
  return taken.length === 0
}

export async function seedDemoIfEmpty(db: Db, storage: Storage): Promise<boolean> {
  if (!(await isEmpty(db))) return false

  const svgs = [logoSvg(demoShopProfile.title)]
  const firstImage: number[] = []
  for (const item of demoCatalog) {
    firstImage.push(svgs.length)
    for (let view = 0; view < item.images; view++) svgs.push(productSvg(item.title, view))
  }
  const [stored, passwordHash] = await Promise.all([
    storeSvgImages(storage, svgs, 4),
    // One hash for all five logins: scrypt is deliberately slow.
    hashPassword(demoLogins.password),
  ])

  const now = new Date()
  const logo = stored[0]!
  const shop = shopFactory({ ...demoShopProfile, logo: { url: logo.url, thumbnail: logo.thumbnail, alt: 'Demo Shop logo' } })
  const people = demoLogins.users.map((login) => ({
    login,
    row: userFactory(passwordHash, { email: login.email, ...demoPeople[login.email] }),
  }))
  const owner = people.find((p) => p.login.role === 'owner')!.row
  const categoryIds = new Map(demoCategories.map((name) => [name, randomUUID()]))

  const productRows: NewProduct[] = []
  const inventoryRows: NewInventory[] = []
  demoCatalog.forEach((item, index) => {
    const images = stored
      .slice(firstImage[index], firstImage[index]! + item.images)
      .map((image) => ({ url: image.url, thumbnail: image.thumbnail, alt: item.title }))
    const rows = catalogItemRows(shop.id, item, {
      categoryIds: item.categories.map((name) => categoryIds.get(name)!),
      images,
      now,
      index,
    })
    productRows.push(rows.product)
    inventoryRows.push(...rows.inventory)
  })
  const expiresAt = endOfDay(oneYearFrom(now).toISOString().slice(0, 10))!
  const rates = demoDeliveryRates.map((rate) => ({ ...deliveryRateFactory(shop.id, rate), id: randomUUID() }))
  const codes = demoDiscountCodes.map((code) => ({ ...discountCodeFactory(shop.id, { ...code, expiresAt }), id: randomUUID() }))
  const welcome = codes.find((code) => code.type === 'percentage')!
  const history = demoHistory({
    shopId: shop.id,
    shopperId: people.find((p) => p.login.role === 'shopper')!.row.id,
    staffIds: people.filter((p) => p.login.role !== 'shopper').map((p) => p.row.id),
    products: productRows,
    rates,
    welcomeCode: { code: welcome.code, type: 'percentage', value: welcome.value, id: welcome.id },
    now,
  })

  return db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK)
    if (!(await isEmpty(tx))) return false
    await tx.insert(shops).values(shop)
    await tx.insert(shopConfigs).values(shopConfigFactory(shop.id, { paymentOptions: demoPaymentOptions }))
    await tx.insert(users).values(people.map((p) => p.row))
    await tx.insert(shopRoles).values(
      people.flatMap(({ login, row }) => (login.role === 'shopper' ? [] : [shopRoleFactory(shop.id, row.id, login.role)])),
    )
    await tx.insert(uploads).values(stored.map((image) => uploadFactory(shop.id, image, owner.id)))
    await tx.insert(categories).values(demoCategories.map((name) => ({ id: categoryIds.get(name)!, shopId: shop.id, name })))
    await tx.insert(products).values(productRows)
    await tx.insert(inventory).values(inventoryRows)
    await tx.insert(deliveryRates).values(rates)
    await tx.insert(discountCodes).values(codes)
    await tx.insert(orders).values(history.orders)
    await tx.insert(orderEvents).values(history.events)
    await tx.insert(reviews).values(history.reviews)
    await tx.insert(notifications).values(history.notifications)
    await tx.insert(trackingIds).values(history.trackingIds)
    await tx.insert(analyticsEvents).values(history.visits)
    return true
  })
}
