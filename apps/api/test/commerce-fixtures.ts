/**
 * Catalog rows for the checkout and order tests, written straight to the tables with the seed's factories;
 * each helper defaults to the shop it was made for.
 */
import { deliveryRates, discountCodes, products } from '../src/db/schema'
import { deliveryRateFactory, discountCodeFactory, productFactory } from '../src/seed/factories'
import type { TestContext } from './helpers'

export function commerceFixtures(ctx: TestContext, defaultShopId: string) {
  const db = ctx.database.db
  return {
    async addProduct(overrides: Parameters<typeof productFactory>[1] = {}, shopId = defaultShopId) {
      const [row] = await db.insert(products).values(productFactory(shopId, { title: 'Kente scarf', ...overrides })).returning()
      return row!
    },
    async addRate(overrides: Parameters<typeof deliveryRateFactory>[1] = {}, shopId = defaultShopId) {
      const [row] = await db.insert(deliveryRates).values(deliveryRateFactory(shopId, overrides)).returning()
      return row!
    },
    async addCode(overrides: Parameters<typeof discountCodeFactory>[1] = {}, shopId = defaultShopId) {
      const [row] = await db.insert(discountCodes).values(discountCodeFactory(shopId, overrides)).returning()
      return row!
    },
  }
}
