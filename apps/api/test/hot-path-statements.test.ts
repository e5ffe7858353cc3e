/**
 * How many statements the hottest public calls send to the database (decision 108): a round trip costs the
 * worker more than the JavaScript around it, so a check that quietly adds one to every request (a shop
 * read, a suspension look-up) shows here, not only in `npm run bench`. The figures are for a shopper with
 * no account, as the storefront's visitors are, on a shop with no live promotion.
 */
import type { Product } from '@shop/domain/schemas/catalog'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { inventory } from '../src/db/schema'
import { createShop, createUser, setupApp } from './helpers'

const ctx = await setupApp()
// The outbox's worker polls on its own timer: stopped, so what is counted is the calls' own statements.
await ctx.app.outbox.stop()
const keeper = await createUser(ctx)
const shop = await createShop(ctx, { keeper })

const created = await ctx.app.inject({
  method: 'POST',
  url: '/api/products/',
  headers: keeper.headers,
  payload: { shop: shop.id, title: 'Kente stole', price: { value: 120, currency: 'GHS' } },
})
const product = created.json<Product>()
await ctx.database.db.insert(inventory).values({ shopId: shop.id, productId: product._id, variantId: '', quantity: 1_000_000, tracked: true })

/** The statements the database runs during `work`: PGlite's queries, or those of the pool's clients. */
async function countStatements(work: () => Promise<unknown>): Promise<number> {
  const client = (ctx.database.db as unknown as { $client: object }).$client
  const spy =
    client instanceof pg.Pool
      ? vi.spyOn(pg.Client.prototype, 'query')
      : vi.spyOn(client as { _runExclusiveQuery: () => Promise<unknown> }, '_runExclusiveQuery')
  try {
    await work()
    return spy.mock.calls.length
  } finally {
    spy.mockRestore()
  }
}

/**
 * The fewest statements of three runs of `work`, each just after the process's list of suspended shops
 * was read: that list is read again once a second whatever the traffic, so a slow run may count it.
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const counts: number[] = []
  for (let run = 0; run < 3; run++) {
    ctx.app.suspendedShops.forget()
    await ctx.app.suspendedShops.any()
    counts.push(await countStatements(work))
  }
  return Math.min(...counts)
}

const get = (url: string) => async () => {
  const response = await ctx.app.inject({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
}

describe('statements per call on the hot paths', () => {
  it('the product list: one', async () => {
    await get(`/api/products/?shop=${shop.id}`)() // the first prepares; the figure is for every later one
    expect(await statementsDuring(get(`/api/products/?shop=${shop.id}`))).toBe(1)
  })

  it('a product by id: the product with its stock, and its rating', async () => {
    expect(await statementsDuring(get(`/api/products/${product._id}`))).toBe(2)
  })

  it('placing an order: thirteen, begin and commit included', async () => {
    let n = 0
    const place = () => async () => {
      n += 1
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/?shop=${shop.id}&email=buyer${n}%40example.com`,
        payload: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } },
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    await place()()
    // Begin and commit included; the messages are rendered and sent later, by the outbox's worker. The
    // stock left is far above any low-stock threshold, so the shop's threshold is not read.
    expect(await statementsDuring(place())).toBe(13)
  })
})
