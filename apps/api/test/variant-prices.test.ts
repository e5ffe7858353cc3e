/**
 * Variants that sell (issue 29, item 4): a variant's own price, sale price, SKU and picture are stored and
 * answered, checked like the product's own, and every server price (checkout, order, an order staff enter,
 * an order edit's new lines) is the variant's; lines keep the price they were sold at. Products without
 * variant prices are priced as before.
 */
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Product, ProductImportResult } from '@shop/domain/schemas/catalog'
import type { Checkout, Order } from '@shop/domain/schemas/orders'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { productSkus, products, uploads } from '../src/db/schema'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, keeper, shopper, outsider } = await createStaffedShop(ctx)

/** A checkout or an order: both answer their priced lines and totals. */
type Priced = Checkout | Order

/** An image as the upload route would have stored it for `shopId`. */
async function storedImage(shopId = shop.id) {
  const hash = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)
  const key = `${hash.slice(0, 2)}/${hash}.webp`
  const thumbnailKey = `${hash.slice(0, 2)}/${hash}-thumb.webp`
  await db.insert(uploads).values({ shopId, key, thumbnailKey, contentType: 'image/webp', size: 100, width: 10, height: 10 })
  return { url: `/uploads/${key}`, thumbnail: `/uploads/${thumbnailKey}` }
}

const ghs = (value: number) => ({ value, currency: 'GHS' })

function postProduct(body: Record<string, unknown>, user: TestUser = keeper, shopId = shop.id) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/products/',
    headers: user.headers,
    payload: { shop: shopId, title: 'Kente shirt', price: ghs(120), ...body },
  })
}

async function createProduct(body: Record<string, unknown>, user: TestUser = keeper, shopId = shop.id): Promise<Product> {
  const response = await postProduct(body, user, shopId)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const patchProduct = (id: string, body: Record<string, unknown>, user: TestUser = keeper) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: user.headers, payload: body })

async function priced(url: string, body: Record<string, unknown>, user: TestUser = shopper): Promise<Priced> {
  const response = await ctx.app.inject({ method: 'POST', url, headers: user.headers, payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const pickUp = { type: 'pick-up' }
const lines = (order: Priced) => order.items.map((line) => [line.variant?._id ?? null, line.unitPrice, line.product.price.value, line.product.sellAt])

const picture = await storedImage()
const shirt = await createProduct({
  images: [await storedImage()],
  variants: [
    { _id: 's', features: { Size: 'S' } },
    { _id: 'l', features: { Size: 'L' }, price: ghs(150), sku: '  KS-L ', image: picture },
    { _id: 'xl', features: { Size: 'XL' }, price: ghs(170), sellAt: 160, sku: 'KS-XL' },
    { _id: 'm', features: { Size: 'M' }, sellAt: 99.5 },
  ],
})
const plain = await createProduct({ title: 'Plain scarf', price: ghs(40), sellAt: 35 })

describe('variants with their own price, sale price, SKU and picture', () => {
  it('are stored and answered, to the public too; the product keeps its own price', async () => {
    expect(shirt.price).toEqual(ghs(120))
    expect(shirt.variants).toMatchObject([
      { _id: 's', features: { Size: 'S' } },
      { _id: 'l', price: ghs(150), sku: 'KS-L', image: { url: picture.url, thumbnail: picture.thumbnail, alt: '' } },
      { _id: 'xl', price: ghs(170), sellAt: 160, sku: 'KS-XL' },
      { _id: 'm', sellAt: 99.5 },
    ])
    expect(shirt.variants[0]).not.toHaveProperty('price')
    expect(shirt.variants[0]).not.toHaveProperty('sku')
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/products/${shirt._id}` })
    expect(seen.statusCode).toBe(200)
    expect((seen.json<Product>()).variants.map((variant) => [variant._id, variant.price?.value, variant.sellAt, variant.sku])).toEqual([
      ['s', undefined, undefined, undefined],
      ['l', 150, undefined, 'KS-L'],
      ['xl', 170, 160, 'KS-XL'],
      ['m', undefined, 99.5, undefined],
    ])
    const [row] = await db.select().from(products).where(eq(products.id, shirt._id))
    expect(row!.variants[1]).toMatchObject({ priceMinor: 15_000, sku: 'KS-L' })
  })

  it('a patch replaces them with the variants sent', async () => {
    const product = await createProduct({ title: 'Batik dress', variants: [{ features: { Size: 'S' }, price: ghs(80), sku: 'BD-S' }] })
    const response = await patchProduct(product._id, { variants: [{ _id: product.variants[0]!._id, features: { Size: 'S' } }] })
    expect(response.statusCode, response.body).toBe(200)
    expect((response.json<Product>()).variants[0]).toEqual({ _id: product.variants[0]!._id, features: { Size: 'S' }, availability: { level: 'in-stock' } })
  })

  it('keeps a variant\'s picture stored when the product\'s own pictures drop it', async () => {
    const shared = await storedImage()
    const product = await createProduct({ title: 'Beads', images: [shared], variants: [{ features: { Colour: 'Red' }, image: shared }] })
    const response = await patchProduct(product._id, { images: [] })
    expect(response.statusCode, response.body).toBe(200)
    const key = shared.url.replace('/uploads/', '')
    expect(await db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(1)
    // The sku is free again once its variant is gone, and the picture is released with it.
    const cleared = await patchProduct(product._id, { variants: [] })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(await db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(0)
  })
})

describe('variant input that is refused (400)', () => {
  const variant = (own: Record<string, unknown>) => ({ variants: [{ features: { Size: 'S' }, ...own }] })
  it.each([
    ['a price in another currency', variant({ price: { value: 10, currency: 'USD' } }), 'variants.0.price.currency'],
    ['a price with 3 decimals', variant({ price: ghs(10.005) }), 'variants.0.price.value'],
    ['a negative price', variant({ price: ghs(-1) }), 'variants.0.price.value'],
    ['a sale price at its own price', variant({ price: ghs(50), sellAt: 50 }), 'variants.0.sellAt'],
    ['a sale price at the product\'s price, without its own', variant({ sellAt: 120 }), 'variants.0.sellAt'],
    ['a sale price with 3 decimals', variant({ sellAt: 1.234 }), 'variants.0.sellAt'],
    ['an SKU over 64 characters', variant({ sku: 'x'.repeat(65) }), 'variants.0.sku'],
    ['an image this server never stored', variant({ image: { url: '/uploads/zz/zz.webp' } }), 'variants.0.image.url'],
    ['an unknown field', variant({ barcode: '123' }), 'variants.0.barcode'],
  ])('%s', async (_name, body, path) => {
    const response = await postProduct(body)
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors?.map((error) => error.path)).toContain(path)
  })

  it('an image another shop uploaded', async () => {
    const theirs = await storedImage(otherShop.id)
    const response = await postProduct(variant({ image: theirs }))
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'variants.0.image.url', message: 'must be an image uploaded to this shop' }])
  })

  it('an SKU twice in the product, or on another product of the shop (any case); another shop may use it', async () => {
    const twice = await postProduct({ variants: [{ features: { Size: 'S' }, sku: 'DUP-1' }, { features: { Size: 'M' }, sku: 'dup-1' }] })
    expect(twice.statusCode).toBe(400)
    expect(errorBody(twice).errors).toEqual([{ path: 'variants.1.sku', message: 'is the SKU of variants.0 too' }])
    const taken = await postProduct(variant({ sku: 'ks-xl' }))
    expect(taken.statusCode).toBe(400)
    expect(errorBody(taken).errors).toEqual([{ path: 'variants.0.sku', message: 'is the SKU of another product of this shop' }])
    // The product's own variants keep their SKUs on a patch.
    const again = await patchProduct(shirt._id, { title: 'Kente shirt', variants: shirt.variants.map(({ _id, features, price, sellAt, sku, image }) => ({ _id, features, price, sellAt, sku, image })) })
    expect(again.statusCode, again.body).toBe(200)
    await createProduct(variant({ sku: 'KS-XL' }), outsider, otherShop.id)
  })

  it('a patch whose new product price leaves a variant sale price at or above it', async () => {
    const response = await patchProduct(shirt._id, { price: ghs(90), variants: [{ _id: 'm', features: { Size: 'M' }, sellAt: 99.5 }] })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'variants.0.sellAt', message: 'must be below the variant\'s price (0: not on sale)' }])
  })
})

describe('SKUs held once per shop by the database (decision 96)', () => {
  const skusOf = async (productId: string) =>
    (await db.select().from(productSkus).where(eq(productSkus.productId, productId))).map((row) => [row.variantId, row.sku]).sort()

  it('follow the products\' variants: trimmed, in lower case, gone with the variant or the product', async () => {
    const bag = await createProduct({ title: 'Woven bag', variants: [{ _id: 'a', features: { Colour: 'Red' }, sku: ' WB-Red ' }, { _id: 'b', features: { Colour: 'Blue' } }] })
    expect(await skusOf(bag._id)).toEqual([['a', 'wb-red']])
    const patched = await patchProduct(bag._id, { variants: [{ _id: 'b', features: { Colour: 'Blue' }, sku: 'WB-BLUE' }] })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await skusOf(bag._id)).toEqual([['b', 'wb-blue']])
    // A change that leaves the variants alone leaves the SKUs alone.
    expect((await patchProduct(bag._id, { title: 'Woven bag (large)' })).statusCode).toBe(200)
    expect(await skusOf(bag._id)).toEqual([['b', 'wb-blue']])
    await ctx.app.inject({ method: 'DELETE', url: `/api/products/${bag._id}`, headers: keeper.headers })
    expect(await skusOf(bag._id)).toEqual([])
    // Its SKU is free again.
    await createProduct({ title: 'Another bag', variants: [{ features: { Colour: 'Blue' }, sku: 'wb-blue' }] })
  })

  it('refuse a write that bypasses the check', async () => {
    const bypass = await createProduct({ title: 'Bypass scarf' })
    const row = await db.select().from(products).where(eq(products.id, bypass._id))
    const error = await db
      .update(products)
      .set({ variants: [{ _id: 'x', features: { Size: 'X' }, sku: 'ks-xl' }] })
      .where(eq(products.id, bypass._id))
      .then(() => null, (e: unknown) => e as { cause?: { code?: string }; code?: string })
    expect(error?.cause?.code ?? error?.code).toBe('23505')
    expect((await db.select().from(products).where(eq(products.id, bypass._id)))[0]!.variants).toEqual(row[0]!.variants)
  })

  it('answer 409 naming the variant when another write took the SKU after the check, never a 500', async () => {
    // Another product's save that has claimed the SKU but not yet stored its variants: the check passes,
    // the index refuses.
    const other = await createProduct({ title: 'Raced shirt' })
    await db.insert(productSkus).values({ shopId: shop.id, productId: other._id, variantId: 'pending', sku: 'race-1' })
    const lost = await postProduct({ title: 'Racing shirt', variants: [{ features: { Size: 'S' } }, { features: { Size: 'M' }, sku: 'RACE-1' }] })
    expect(lost.statusCode, lost.body).toBe(409)
    expect(errorBody(lost)).toMatchObject({ message: 'SKU RACE-1 was just given to another product of this shop' })
    expect(errorBody(lost).errors).toEqual([{ path: 'variants.1.sku', message: 'is the SKU of another product of this shop' }])
    const patched = await patchProduct(other._id, { variants: [{ features: { Size: 'S' } }] })
    expect(patched.statusCode, patched.body).toBe(200)
    const target = await createProduct({ title: 'Target scarf' })
    const edit = await patchProduct(target._id, { variants: [{ features: { Size: 'S' }, sku: 'race-2' }] })
    expect(edit.statusCode).toBe(200)
    await db.insert(productSkus).values({ shopId: shop.id, productId: other._id, variantId: 'pending', sku: 'race-3' })
    const lostPatch = await patchProduct(target._id, { variants: [{ features: { Size: 'S' }, sku: 'Race-3' }] })
    expect(lostPatch.statusCode).toBe(409)
    expect(errorBody(lostPatch).errors?.[0]?.path).toBe('variants.0.sku')
    // Nothing changed: the product keeps its SKU.
    expect(await skusOf(target._id)).toEqual([[expect.any(String), 'race-2']])

    // Saves at once with one SKU: one wins, the others are told, none fails.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([1, 2, 3].map((n) => postProduct({ title: `Twin ${round}-${n}`, variants: [{ features: { Size: 'S' }, sku: `TWIN-${round}` }] })))
      const codes = answers.map((answer) => answer.statusCode).sort()
      expect(codes.filter((code) => code === 201), codes.join()).toHaveLength(1)
      expect(codes.every((code) => code === 201 || code === 400 || code === 409), codes.join()).toBe(true)
    }
  })
})

describe('selling at the variant\'s price', () => {
  const items = [
    { product: shirt._id, variant: 's', count: 1 },
    { product: shirt._id, variant: 'l', count: 2 },
    { product: shirt._id, variant: 'xl', count: 1 },
    { product: shirt._id, variant: 'm', count: 1 },
    { product: plain._id, count: 1 },
  ]
  const expected = [
    ['s', 120, 120, 0],
    ['l', 150, 150, 0],
    ['xl', 160, 170, 160],
    ['m', 99.5, 120, 99.5],
    [null, 35, 40, 35],
  ]

  it('a checkout prices each variant at its own price, the others as before', async () => {
    const checkout = await priced(`/api/checkouts/?shop=${shop.id}`, { items, delivery: pickUp })
    expect(lines(checkout)).toEqual(expected)
    expect(checkout.totals.subtotal).toBe(120 + 300 + 160 + 99.5 + 35)
    // The line shows the variant's picture first, and its SKU.
    expect(checkout.items[1]!.product.images[0]!.url).toBe(picture.url)
    expect(checkout.items[1]!.variant).toMatchObject({ _id: 'l', sku: 'KS-L' })
  })

  it('an order charges the same, and keeps it when the variant\'s price changes later', async () => {
    const order = await priced(`/api/orders/?shop=${shop.id}`, { items, delivery: pickUp, payment: { provider: 'manual' } })
    expect(lines(order)).toEqual(expected)
    expect(order.totals.subtotal).toBe(714.5)
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/orders.csv?shop=${shop.id}`, headers: keeper.headers })
    expect(csv.body).toContain('2 × Kente shirt (Size: L, SKU KS-L)')
    const changed = await patchProduct(shirt._id, { variants: [{ _id: 'l', features: { Size: 'L' }, price: ghs(999) }] })
    expect(changed.statusCode, changed.body).toBe(200)
    const again = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: shopper.headers })
    expect(lines(again.json<Priced>())).toEqual(expected)
    // Put back for the other tests.
    const restored = await patchProduct(shirt._id, {
      variants: shirt.variants.map(({ _id, features, price, sellAt, sku, image }) => ({ _id, features, price, sellAt, sku, image })),
    })
    expect(restored.statusCode, restored.body).toBe(200)
  })

  it('an order staff enter, and an order edit\'s new line, are priced at the variant\'s price', async () => {
    const entered = await priced(
      `/api/orders/?shop=${shop.id}`,
      { source: 'whatsapp', name: 'Akosua Mensah', phone: '024 412 3456', items: [{ product: shirt._id, variant: 'xl', count: 1 }], delivery: pickUp },
      keeper,
    )
    expect(lines(entered)).toEqual([['xl', 160, 170, 160]])
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${entered._id}`,
      headers: keeper.headers,
      payload: { items: [{ product: shirt._id, variant: 'xl', count: 1 }, { product: shirt._id, variant: 'l', count: 1 }] },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(lines(edited.json<Priced>())).toEqual([
      ['xl', 160, 170, 160],
      ['l', 150, 150, 0],
    ])
  })
})

describe('the product CSV with variant prices and SKUs', () => {
  const exportCsv = (shopId = shop.id) => ctx.app.inject({ method: 'GET', url: `/api/products.csv?shop=${shopId}`, headers: keeper.headers })
  const importCsv = (text: string, dryRun = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/products.csv?shop=${shop.id}${dryRun ? '&dryRun=true' : ''}`,
      headers: { ...keeper.headers, 'content-type': 'text/csv' },
      payload: text,
    })
  const rowsOf = (text: string) => parse<Record<string, string>>(text, { columns: true })
  const current = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: keeper.headers })).json<Product>()

  it('exports each variant\'s own price, sale price and SKU, and imports them back unchanged', async () => {
    const before = await current(shirt._id)
    const exported = await exportCsv()
    expect(exported.statusCode, exported.body).toBe(200)
    const rows = rowsOf(exported.body).filter((row) => row.product_id === shirt._id)
    expect(rows.map((row) => [row.variant_id, row.variant_price, row.variant_sale_price, row.sku])).toEqual([
      ['s', '', '', ''],
      ['l', '150', '', 'KS-L'],
      ['xl', '170', '160', 'KS-XL'],
      ['m', '', '99.5', ''],
    ])
    const imported = await importCsv(exported.body)
    expect(imported.statusCode, imported.body).toBe(200)
    // Prices, SKUs and the picture (which a file does not carry) as they were.
    expect((await current(shirt._id)).variants).toEqual(before.variants)
  })

  it('sets them from a file, keeps them when the file has no such columns, escapes a formula-like SKU', async () => {
    const file = (rows: string[][]) => stringify([['title', 'price', 'options', 'variant_price', 'variant_sale_price', 'sku'], ...rows])
    const created = await importCsv(file([
      ['Adinkra cloth', '60', 'Size: 2 yards', '', '', '=CLOTH-2'],
      ['Adinkra cloth', '', 'Size: 6 yards', '150', '140', 'CLOTH-6'],
    ]))
    expect(created.statusCode, created.body).toBe(200)
    const exported = rowsOf((await exportCsv()).body).filter((row) => row.title === 'Adinkra cloth')
    // A spreadsheet would run "=CLOTH-2" as a formula: the export quotes it, the import takes the quote off.
    expect(exported.map((row) => [row.variant_price, row.variant_sale_price, row.sku])).toEqual([
      ['', '', "'=CLOTH-2"],
      ['150', '140', 'CLOTH-6'],
    ])
    const id = exported[0]!.product_id!
    expect((await current(id)).variants.map((variant) => [variant.price?.value, variant.sellAt, variant.sku])).toEqual([
      [undefined, undefined, '=CLOTH-2'],
      [150, 140, 'CLOTH-6'],
    ])
    // An older file, without the variant columns, leaves them as they are.
    const older = stringify([['product_id', 'title', 'price', 'variant_id', 'options'], ...exported.map((row) => [id, 'Adinkra cloth', '65', row.variant_id!, row.options!])])
    expect((await importCsv(older)).statusCode).toBe(200)
    const after = await current(id)
    expect(after.price.value).toBe(65)
    expect(after.variants.map((variant) => [variant.price?.value, variant.sellAt, variant.sku])).toEqual([
      [undefined, undefined, '=CLOTH-2'],
      [150, 140, 'CLOTH-6'],
    ])
  })

  it('refuses a sale price at or above the price in force, an SKU twice or another product\'s, and variant columns without options', async () => {
    const file = stringify([
      ['title', 'price', 'options', 'variant_price', 'variant_sale_price', 'sku'],
      ['Smock', '100', 'Size: S', '', '100', 'SM-1'],
      ['Smock', '', 'Size: M', '80', '85', 'sm-1'],
      ['Smock', '', 'Size: L', '', '', 'KS-XL'],
      ['Cap', '20', '', '25', '', ''],
    ])
    const response = await importCsv(file, true)
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json<ProductImportResult>()
    expect(result.valid).toBe(false)
    expect(result.rows.map((row) => [row.line, row.errors])).toEqual([
      [2, [{ column: 'variant_sale_price', message: 'must be below the variant\'s price (100), or empty' }]],
      [
        3,
        [
          { column: 'variant_sale_price', message: 'must be below the variant\'s price (80), or empty' },
          { column: 'sku', message: 'is line 2\'s SKU too' },
        ],
      ],
      [4, [{ column: 'sku', message: 'is the SKU of a product of this shop not in the file' }]],
      [5, [{ column: 'variant_price', message: 'is only for variants (rows with options)' }]],
    ])
  })
})
