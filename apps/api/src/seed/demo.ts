/**
 * Seeds "Demo Shop" on an empty database (docs/architecture.md §13, decision 10), with a month of orders, reviews and
 * visits, through the same services the API uses: the demo's people sign up, the owner opens the shop,
 * invites the staff (who accept), uploads the pictures and fills the catalog; buyers place orders, the
 * keeper moves them and records their payments, the shopper reviews. Each step runs as the person who
 * would take it, with the clock at the time it happened, so there is one way to write each thing.
 *
 * Pictures are drawn first (slow, outside the transaction); then everything is written in one
 * transaction under an advisory lock, re-checking emptiness inside it, so a failure leaves no half-made
 * shop and two processes starting together seed once.
 */
import { type StaffRole, toMajor } from '@shop/domain'
import { type AuthUser, userActor } from '../actor'
import type { Config } from '../config'
import { type ServiceContext, actingAs, at, createContext, fixedClock } from '../context'
import type { Db } from '../db/client'
import { verifyPassword } from '../lib/crypto'
import type { Storage } from '../lib/storage'
import { changeAccount, createAccount } from '../modules/auth/auth.service'
import { setInventory } from '../modules/catalog/inventory.service'
import { createCategory } from '../modules/catalog/category.service'
import { createProduct } from '../modules/catalog/product.service'
import { createRate } from '../modules/delivery/delivery.service'
import { createDiscountCode } from '../modules/discounts/discount.service'
import { createTrackingId, recordEvent } from '../modules/analytics/analytics.service'
import { listOwnNotifications, markNotification } from '../modules/notifications/notification.service'
import { changeOrderStatus } from '../modules/orders/order.service'
import { placeOrder } from '../modules/orders/place-order'
import { orderPayments } from '../modules/payments/order-payments'
import { recordPayment } from '../modules/payments/record-payment'
import { createReview } from '../modules/reviews/review.service'
import { updateShopConfig } from '../modules/shops/shop-config.service'
import { createShop, updateShopProfile } from '../modules/shops/shop.service'
import { createInvitation, respondToInvitation } from '../modules/staff/invitation.service'
import { bufferSource, uploadImage } from '../modules/uploads/upload.service'
import { demoCatalog, demoCategories } from './catalog-data'
import { type HistoryProduct, demoHistory } from './demo-history'
import { logoSvg, productSvg, renderSvgImages } from './demo-images'
import { demoDeliveryRates, demoDiscountCodes, demoLogins, demoPaymentOptions, demoPeople, demoPickup, demoShopProfile } from './demo-profile'

export { demoLogins }
import { catalogItemRows, deliveryRateFactory, discountCodeFactory, oneYearFrom } from './factories'
import { isSeedable, lockSeeding, passwordHashesOf } from './seed.repository'

type Login = (typeof demoLogins.users)[number]

const DAY = 24 * 60 * 60 * 1000
const demoEmails = demoLogins.users.map((login) => login.email)

/** What seeding needs: the database, the config the services run with, and where uploads go. */
export type SeedParts = { database: { db: Db }; config: Config; storage: Storage }

export async function seedDemoIfEmpty(parts: SeedParts): Promise<boolean> {
  if (!(await isSeedable(parts.database.db, demoEmails))) return false

  const svgs = [logoSvg(demoShopProfile.title)]
  const firstImage: number[] = []
  for (const item of demoCatalog) {
    firstImage.push(svgs.length)
    for (let view = 0; view < item.images; view++) svgs.push(productSvg(item.title, view))
  }
  const pictures = await renderSvgImages(svgs, 4)

  return parts.database.db.transaction(async (tx) => {
    await lockSeeding(tx)
    if (!(await isSeedable(tx, demoEmails))) return false
    const ctx = createContext({ database: { db: tx }, config: parts.config, storage: parts.storage })
    await seedDemo(ctx, pictures, firstImage, new Date())
    return true
  })
}

/**
 * The demo accounts that still open with the published password: anyone who has read the README can sign
 * in with them. The server names them loudly when it starts in production.
 */
export async function demoAccountsWithKnownPassword(db: Db): Promise<string[]> {
  const found = await passwordHashesOf(db, demoEmails)
  const known = await Promise.all(found.map(async (row) => ((await verifyPassword(demoLogins.password, row.passwordHash)) ? row.email : null)))
  return known.filter((email) => email !== null)
}

/** A demo person acting at `when`. */
const acting = (ctx: ServiceContext, user: AuthUser, when: Date) => at(actingAs(ctx, userActor(user)), fixedClock(when))

async function signUp(ctx: ServiceContext, login: Login): Promise<AuthUser> {
  const person = demoPeople[login.email]!
  const row = await createAccount(ctx, { email: login.email, password: demoLogins.password, name: person.name })
  const user: AuthUser = { id: row.id, email: row.email, name: row.name, phone: row.phone, createdAt: row.createdAt }
  await changeAccount(actingAs(ctx, userActor(user)), { phone: person.phone })
  return { ...user, phone: person.phone }
}

async function seedDemo(ctx: ServiceContext, pictures: Buffer[], firstImage: number[], now: Date): Promise<void> {
  const people = new Map<string, AuthUser>()
  for (const login of demoLogins.users) people.set(login.role, await signUp(ctx, login))
  const person = (role: Login['role']) => people.get(role)!
  const owner = acting(ctx, person('owner'), now)

  // The shop, its staff (invited by the owner, each accepting with the link's key), its profile and settings.
  const { _id: shopId } = await createShop(owner, { slug: demoShopProfile.slug, title: demoShopProfile.title })
  for (const role of ['administrator', 'manager', 'keeper'] as const satisfies StaffRole[]) {
    const invitation = await createInvitation(owner, { shop: shopId, email: person(role).email, role })
    const key = new URL(invitation.link, 'http://invitation').searchParams.get('key') ?? undefined
    await respondToInvitation(acting(ctx, person(role), now), invitation._id, { status: 'accepted' }, key)
  }
  // One at a time: a transaction is one connection, which runs one statement at a time.
  const uploads = []
  for (const picture of pictures) uploads.push(await uploadImage(owner, { shopId, file: bufferSource(picture) }))
  const [logo, ...images] = uploads
  const { tagline, about, promotionalText, socials, whatsapp, aboutSections } = demoShopProfile
  await updateShopProfile(owner, shopId, {
    tagline,
    about,
    logo: { url: logo!.url, thumbnail: logo!.thumbnail },
    socials,
    whatsapp,
    home: { promotionalText },
    aboutSections,
  })
  await updateShopConfig(owner, shopId, { paymentOptions: demoPaymentOptions, ...demoPickup })

  // The catalog: categories, then each product on the day it was added. Stock is set after the history
  // below, so the orders of the past month take none of today's.
  const categoryIds = new Map<string, string>()
  for (const name of demoCategories) categoryIds.set(name, (await createCategory(owner, { shop: shopId, name }))._id)
  const catalog: (HistoryProduct & { stock: { variant: string | null; quantity: number; tracked: boolean }[] })[] = []
  for (const [index, item] of demoCatalog.entries()) {
    const uploaded = images.slice(firstImage[index]! - 1, firstImage[index]! - 1 + item.images)
    const rows = catalogItemRows(shopId, item, { categoryIds: item.categories.map((name) => categoryIds.get(name)!), images: [], now, index })
    const createdAt = rows.product.createdAt as Date
    const product = await createProduct(at(owner, fixedClock(createdAt)), {
      shop: shopId,
      title: item.title,
      description: item.description,
      price: { value: toMajor(rows.product.priceMinor), currency: 'GHS' },
      sellAt: toMajor(rows.product.sellAtMinor ?? 0),
      images: uploaded.map((image) => ({ url: image.url, thumbnail: image.thumbnail, alt: item.title })),
      variants: rows.product.variants ?? [],
      categories: rows.product.categoryIds ?? [],
      available: rows.product.available ?? true,
    })
    catalog.push({
      id: product._id,
      createdAt,
      available: product.available,
      variants: product.variants,
      stock: rows.inventory.map((row) => ({ variant: row.variantId || null, quantity: row.quantity ?? 0, tracked: row.tracked ?? true })),
    })
  }

  const rates = []
  for (const rate of demoDeliveryRates) {
    const row = deliveryRateFactory(shopId, rate)
    const created = await createRate(owner, {
      shop: shopId,
      name: row.name,
      regions: row.regions ?? [],
      rate: { value: toMajor(row.rateMinor) },
      paymentOption: row.paymentOption ?? 'instant',
      estimatedDays: row.estimatedDays ?? null,
      active: row.active ?? true,
    })
    rates.push({ id: created._id, regions: created.regions })
  }
  const expiresOn = oneYearFrom(now).toISOString().slice(0, 10)
  for (const code of demoDiscountCodes) {
    const row = discountCodeFactory(shopId, code)
    await createDiscountCode(owner, {
      shop: shopId,
      code: row.code,
      type: row.type,
      value: row.type === 'fixed' ? toMajor(row.value) : row.value,
      expiresOn,
    })
  }

  await playHistory(ctx, { shopId, people: person, catalog, rates, now })

  for (const product of catalog) {
    for (const stock of product.stock) await setInventory(owner, { product: product.id, ...stock })
  }
}

/** The month before `now`: orders placed, moved, paid and reviewed, then the visits; old news is read. */
async function playHistory(
  ctx: ServiceContext,
  input: { shopId: string; people: (role: Login['role']) => AuthUser; catalog: HistoryProduct[]; rates: { id: string; regions: string[] }[]; now: Date },
): Promise<void> {
  const { shopId, people, now } = input
  const history = demoHistory({ products: input.catalog, rates: input.rates, now })
  const shopper = people('shopper')
  const keeper = people('keeper')

  for (const [index, planned] of history.orders.entries()) {
    const buyer = planned.byShopper ? acting(ctx, shopper, planned.placedAt) : at(ctx, fixedClock(planned.placedAt))
    const query = planned.byShopper ? { shop: shopId } : { shop: shopId, email: planned.email }
    const body = { items: planned.items, delivery: planned.delivery, ...planned.contact }
    const { order } = await placeOrder(buyer, { query, body }, orderPayments)
    let balance = order.balance
    for (const move of planned.moves) {
      await changeOrderStatus(acting(ctx, keeper, move.at), order._id, undefined, { status: move.status })
      for (const payment of planned.payments.filter((candidate) => candidate.after === move.status)) {
        // Paid on delivery or at pick-up (or half on the way): the keeper records the money received.
        const paidAt = new Date(Math.min(move.at.getTime() + 5 * 60_000, now.getTime()))
        const amount = payment.share === 'all' ? balance : Math.round(balance * 50) / 100
        const reference = payment.method === 'mobile-money' ? `MP${String(240_000 + index * 37).padStart(8, '0')}` : undefined
        await recordPayment(acting(ctx, keeper, paidAt), { order: order._id, method: payment.method, amount, ...(reference ? { reference } : {}) })
        balance = Math.round((balance - amount) * 100) / 100
      }
    }
    if (planned.review) {
      const { rating, text, ofItem, at: reviewedAt } = planned.review
      const product = ofItem ? { product: planned.items[0]!.product } : {}
      await createReview(acting(ctx, shopper, reviewedAt), { relatedOrder: order._id, rating, text, ...product })
    }
  }

  const visitor = at(ctx, fixedClock(history.visitorsSince))
  const trackingIds: string[] = []
  for (let i = 0; i < history.visitors; i++) trackingIds.push((await createTrackingId(visitor)).trackingId)
  for (const visit of history.visits) {
    const extras = { origin: 'http://demo.localhost:3000', shop: shopId }
    await recordEvent(at(ctx, fixedClock(visit.at)), trackingIds[visit.visitor]!, { action: 'site_visit', category: 'shop', extras })
  }

  // What happened more than two days ago has been read.
  const readBefore = String(now.getTime() - 2 * DAY)
  for (const login of demoLogins.users) {
    const reader = acting(ctx, people(login.role), now)
    for (;;) {
      const page = await listOwnNotifications(reader, { read: 'false', createdAt: { $lt: readBefore }, $limit: '100' })
      for (const notification of page.data) await markNotification(reader, notification._id, true)
      if (page.data.length === 0 || page.total <= page.data.length) break
    }
  }
}
