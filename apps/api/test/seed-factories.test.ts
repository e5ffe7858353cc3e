import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { demoCatalog, demoCategories } from '../src/seed/catalog-data'
import { escapeXml, logoSvg, mapLimit, productSvg, renderSvg, wrapWords } from '../src/seed/demo-images'
import { demoDeliveryRates } from '../src/seed/demo-profile'
import {
  catalogItemRows,
  deliveryRateFactory,
  discountCodeFactory,
  oneYearFrom,
  productFactory,
} from '../src/seed/factories'

const shopId = '00000000-0000-4000-8000-000000000001'

describe('dates', () => {
  it('adds a year in UTC', () => {
    expect(oneYearFrom(new Date('2025-06-30T22:00:00Z')).toISOString()).toBe('2026-06-30T22:00:00.000Z')
  })
})

describe('factories', () => {
  it('fill defaults and take overrides', () => {
    const product = productFactory(shopId, { title: 'Kente print shirt', priceMinor: 22_000 })
    expect(product).toMatchObject({ shopId, title: 'Kente print shirt', priceMinor: 22_000, sellAtMinor: 0, available: true })
    expect(product.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(productFactory(shopId).id).not.toBe(product.id)
    expect(deliveryRateFactory(shopId, { rateMinor: 0 })).toMatchObject({ shopId, rateMinor: 0, currency: 'GHS' })
    const code = discountCodeFactory(shopId, { code: 'X', type: 'fixed', value: 500 })
    expect(code).toMatchObject({ code: 'X', type: 'fixed', value: 500, active: true })
    expect(code.expiresAt!.toISOString()).toMatch(/T23:59:59\.000Z$/)
  })

  it('builds a product with variants and one inventory row per variant', () => {
    const now = new Date('2026-01-31T12:00:00Z')
    const { product, inventory } = catalogItemRows(
      shopId,
      {
        title: 'Silk headwrap',
        description: 'A headwrap.',
        price: 85.5,
        sellAt: 70,
        categories: ['Accessories'],
        variants: [
          { features: { Colour: 'Emerald' }, stock: 0 },
          { features: { Colour: 'Indigo' }, stock: 0 },
        ],
        images: 1,
        daysAgo: 10,
      },
      { categoryIds: ['c1'], images: [{ url: '/uploads/a.webp', thumbnail: '/uploads/a-thumb.webp' }], now },
    )
    expect(product).toMatchObject({ priceMinor: 8_550, sellAtMinor: 7_000, inStock: false, categoryIds: ['c1'] })
    expect(product.variants!.map((v) => v.features)).toEqual([{ Colour: 'Emerald' }, { Colour: 'Indigo' }])
    expect(inventory.map((row) => row.variantId)).toEqual(product.variants!.map((v) => v._id))
    expect(inventory.every((row) => row.productId === product.id && row.tracked && row.quantity === 0)).toBe(true)
    expect(now.getTime() - product.createdAt!.getTime()).toBeGreaterThanOrEqual(10 * 86_400_000)
  })

  it('builds a product without variants with one untracked row', () => {
    const { product, inventory } = catalogItemRows(
      shopId,
      { title: 'Jollof spice mix', description: 'Spice.', price: 25, categories: ['Food & Pantry'], stock: 'untracked', images: 1, daysAgo: 0 },
      { categoryIds: [], images: [], now: new Date() },
    )
    expect(product).toMatchObject({ inStock: true, sellAtMinor: 0 })
    expect(inventory).toEqual([{ shopId, productId: product.id, variantId: '', quantity: 0, tracked: false }])
  })
})

describe('demo catalog data', () => {
  it('is about 40 distinct, sensibly priced products in known categories', () => {
    expect(demoCatalog.length).toBeGreaterThanOrEqual(40)
    expect(new Set(demoCatalog.map((item) => item.title)).size).toBe(demoCatalog.length)
    for (const item of demoCatalog) {
      expect(item.price, item.title).toBeGreaterThan(0)
      if (item.sellAt !== undefined) expect(item.sellAt, item.title).toBeLessThan(item.price)
      expect(item.categories.length).toBeGreaterThan(0)
      expect(item.categories.every((c) => (demoCategories as readonly string[]).includes(c))).toBe(true)
      expect(item.daysAgo).toBeGreaterThanOrEqual(0)
      expect(item.daysAgo).toBeLessThan(60)
      // Exactly one of: variants, or a stock for the single row.
      expect(item.variants === undefined, item.title).toBe(item.stock !== undefined)
    }
  })

  it('has delivery rates covering 16 distinct regions', () => {
    expect(new Set(demoDeliveryRates.flatMap((r) => r.regions ?? [])).size).toBe(16)
  })
})

describe('demo images', () => {
  it('wraps words and escapes markup', () => {
    expect(wrapWords('Shea & cocoa lip balm, pack of 3', 14)).toEqual(['Shea & cocoa', 'lip balm, pack', 'of 3'])
    expect(escapeXml(`Men's <b> & "x"`)).toBe('Men&#39;s &#60;b&#62; &#38; &#34;x&#34;')
  })

  it('renders a title with markup characters to a PNG, differently per title and view', async () => {
    const title = `Men's chino trousers & <belt>`
    const svg = productSvg(title)
    expect(svg).not.toContain('<belt>')
    const png = await renderSvg(svg)
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 640, height: 640 })
    expect(productSvg(title, 1)).not.toBe(svg)
    expect(productSvg('Kente print shirt')).not.toBe(svg)
    expect(productSvg(title)).toBe(svg)
    expect((await sharp(await renderSvg(logoSvg('Demo Shop'))).metadata()).format).toBe('png')
  })

  it('mapLimit keeps order and never runs more than the limit at once', async () => {
    let running = 0
    let peak = 0
    const result = await mapLimit([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((resolve) => setTimeout(resolve, n * 3))
      running--
      return n * 10
    })
    expect(result).toEqual([50, 10, 40, 20, 30, 0, 60])
    expect(peak).toBe(3)
  })
})
