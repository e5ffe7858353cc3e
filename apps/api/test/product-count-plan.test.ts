/**
 * A shopper's product count reads the partial index products_shop_available_idx alone: in a large
 * catalog the shop's rows sit on as many heap pages as it has products, so a count that visits them
 * grows with the catalog (bench/results.md, tenants at scale).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseQuery } from '../src/lib/feathers-query'
import { productCountQuery, productQuerySpec } from '../src/modules/catalog/product.repository'
import { createShop, setupApp } from './helpers'
import { planScans } from './query-plans'

const ctx = await setupApp()
const { db } = ctx.database

describe("the product list's count", () => {
  it('counts the products shoppers see from the index alone', async () => {
    const shops = [await createShop(ctx), await createShop(ctx), await createShop(ctx)]
    for (const shop of shops) {
      await db.execute(sql`
        insert into products (shop_id, title, price_minor, currency, available)
        select ${shop.id}, 'Product ' || g, 100 * g, 'GHS', g % 50 <> 0 from generate_series(1, 2000) as g`)
    }
    await db.execute(sql`vacuum analyze products`)
    const scope = { shopId: shops[1]!.id, availableOnly: true }
    const query = productCountQuery(db, scope, parseQuery(productQuerySpec, {}))
    expect(await planScans(db, query)).toEqual([{ node: 'Index Only Scan', index: 'products_shop_available_idx', relation: 'products' }])
    const [counted] = await query
    expect(counted!.total).toBe(1960)
  })
})
