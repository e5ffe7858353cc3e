/**
 * Services run without HTTP: a context built with createContext (as a worker or a script builds it, no
 * request, no app.inject) sets up a product and its stock as the shop's owner and places orders by calling
 * the order service, anonymously and as a logged-in buyer. The orders exist, the stock is taken, and the
 * notifications and payment attempts are those an order placed over HTTP gets.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type AuthUser, anonymousActor, userActor } from '../src/actor'
import { createContext } from '../src/context'
import { inventory, notifications, orders, products, transactions, users } from '../src/db/schema'
import { setInventory } from '../src/modules/catalog/inventory.service'
import { createProduct } from '../src/modules/catalog/product.service'
import { placeOrder } from '../src/modules/orders/place-order'
import { orderPayments } from '../src/modules/payments/order-payments'
import { createShop, createUser, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db

async function authUser(id: string): Promise<AuthUser> {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name, phone: users.phone, createdAt: users.createdAt }).from(users).where(eq(users.id, id))
  return row!
}

/** What a script builds: the database, the config, and whoever it acts as; everything else defaults. */
const contextAs = (actor: ReturnType<typeof anonymousActor>) => createContext({ database: ctx.database, config: ctx.app.config, actor })

describe('placing an order outside any request', async () => {
  const owner = await createUser(ctx)
  const shopper = await createUser(ctx, { name: 'Ama Buyer' })
  const shop = await createShop(ctx, { owner })
  const asOwner = contextAs(userActor(await authUser(owner.id)))
  const product = await createProduct(asOwner, { shop: shop.id, title: 'Shea butter, 250 g', price: { value: 45, currency: 'GHS' } })
  await setInventory(asOwner, { product: product._id, variant: null, quantity: 3, tracked: true })

  const stock = async () => (await db.select().from(inventory).where(eq(inventory.productId, product._id)))[0]!.quantity

  it('places an anonymous order and takes the stock', async () => {
    const placed = await placeOrder(
      contextAs(anonymousActor()),
      { query: { shop: shop.id, email: 'walk-in@example.com' }, body: { items: [{ product: product._id, count: 2 }], delivery: { type: 'pick-up' } } },
      orderPayments,
    )
    expect(placed.created).toBe(true)
    expect(placed.order).toMatchObject({ shop: shop.id, email: 'walk-in@example.com', status: 'placed', profile: null, totals: { total: 90 } })
    expect(placed.order.accessKey).toEqual(expect.any(String))

    const [row] = await db.select().from(orders).where(eq(orders.id, placed.order._id))
    expect(row).toMatchObject({ orderId: placed.order.orderId, totalMinor: 9000, status: 'placed', paymentProvider: 'manual', acked: true })
    expect(await stock()).toBe(1)
    // The attempt a payment on delivery is recorded against, and the staff's new-order notification.
    expect(await db.select().from(transactions).where(eq(transactions.orderId, row!.id))).toHaveLength(1)
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'new-order')))
    expect(told.map((n) => n.title)).toContain(`New order ${row!.orderId}`)
  })

  it('places an order as a logged-in buyer, and refuses one the stock cannot cover', async () => {
    const asShopper = contextAs(userActor(await authUser(shopper.id)))
    const placed = await placeOrder(
      asShopper,
      { query: { shop: shop.id }, body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } } },
      orderPayments,
    )
    expect(placed.order).toMatchObject({ profile: shopper.id, email: shopper.email })
    expect(await stock()).toBe(0)
    const [row] = await db.select({ inStock: products.inStock }).from(products).where(eq(products.id, product._id))
    expect(row!.inStock).toBe(false)

    await expect(
      placeOrder(asShopper, { query: { shop: shop.id }, body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } } }, orderPayments),
    ).rejects.toMatchObject({ code: 409, errors: [{ path: 'items.0', message: 'only 0 left' }] })
    expect(await db.select().from(orders).where(eq(orders.profileId, shopper.id))).toHaveLength(1)
  })
})
