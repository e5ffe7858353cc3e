import type { Category, Product, ProductPage } from '@shop/domain/schemas/catalog'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { products as productsTable } from '../src/db/schema'
import { type TestUser, createShop, createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, otherShop, keeper, shopper, outsider } = await createStaffedShop(ctx)

const json = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) })

const exportCsv = (user: TestUser | undefined = keeper, shopId: string = shop.id) => json('GET', `/api/products.csv?shop=${shopId}`, user)
const importCsv = (text: string, options: { dryRun?: boolean; user?: TestUser; shopId?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/products.csv?shop=${options.shopId ?? shop.id}${options.dryRun ? '&dryRun=true' : ''}`,
    headers: { ...(options.user ?? keeper).headers, 'content-type': 'text/csv' },
    payload: text,
  })

async function products(shopId = shop.id): Promise<Product[]> {
  const page = await json('GET', `/api/products/?shop=${shopId}&$limit=100&$sort[createdAt]=1`, keeper)
  return (page.json<ProductPage>()).data
}
const rowsOf = (text: string) => parse<Record<string, string>>(text, { columns: true })

const category = (await json('POST', '/api/categories/', keeper, { shop: shop.id, name: 'Shirts' })).json<Category>()
const shirt = (
  await json('POST', '/api/products/', keeper, {
    shop: shop.id,
    title: 'Kente print shirt',
    description: '- 100 % cotton\n- *hand* printed',
    price: { value: 120, currency: 'GHS' },
    sellAt: 99.5,
    categories: [category._id],
    variants: [{ features: { Size: 'M' } }, { features: { Size: 'L' } }],
  })
).json<Product>()
await json('POST', '/api/inventory/', keeper, { product: shirt._id, variant: shirt.variants[0]!._id, quantity: 7 })
await json('POST', '/api/inventory/', keeper, { product: shirt._id, variant: shirt.variants[1]!._id, quantity: 0 })
const mug = (await json('POST', '/api/products/', keeper, { shop: shop.id, title: 'Clay mug', price: { value: 25, currency: 'GHS' }, available: false })).json<Product>()
await json('POST', '/api/products/', outsider, { shop: otherShop.id, title: 'Not ours', price: { value: 1, currency: 'GHS' } })

describe('GET /api/products.csv', () => {
  it('exports one row per variant with its stock, for staff', async () => {
    const response = await exportCsv()
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="products.csv"')
    expect(rowsOf(response.body)).toEqual([
      {
        product_id: shirt._id,
        title: 'Kente print shirt',
        // A spreadsheet would run a cell that starts with "-" as a formula: the export quotes it.
        description: "'- 100 % cotton\n- *hand* printed",
        price: '120',
        sale_price: '99.5',
        published: 'yes',
        categories: 'Shirts',
        variant_id: shirt.variants[0]!._id,
        options: 'Size: M',
        variant_price: '',
        variant_sale_price: '',
        sku: '',
        stock: '7',
      },
      expect.objectContaining({ variant_id: shirt.variants[1]!._id, options: 'Size: L', stock: '0' }),
      expect.objectContaining({ product_id: mug._id, title: 'Clay mug', published: 'no', variant_id: '', options: '', stock: '' }),
    ])
  })

  it('gives every product once, however many pages it is read in, even products created in one instant', async () => {
    const bigShop = await createShop(ctx, { keeper })
    // The same creation time to the microsecond, as products written by one statement get.
    const createdAt = sql`'2026-03-01 10:00:00.123456+00'::timestamptz`
    await ctx.database.db.insert(productsTable).values(Array.from({ length: 1201 }, (_, i) => ({ shopId: bigShop.id, title: `Bead ${i}`, priceMinor: 100, createdAt })))
    const exported = rowsOf((await exportCsv(keeper, bigShop.id)).body)
    expect(exported).toHaveLength(1201)
    expect(new Set(exported.map((row) => row.product_id)).size).toBe(1201)
  })

  it('lets other requests in between its pages: a product list sent while a large shop exports answers first', async () => {
    const largeShop = await createShop(ctx, { keeper })
    await ctx.database.db.insert(productsTable).values(Array.from({ length: 2500 }, (_, i) => ({ shopId: largeShop.id, title: `Cloth ${i}`, priceMinor: 100 })))
    const answered: string[] = []
    const exporting = exportCsv(keeper, largeShop.id).then((response) => {
      expect(rowsOf(response.body)).toHaveLength(2500)
      answered.push('export')
    })
    // Once the export reads from the database, a shopper's request arrives as one from the network would:
    // on a later turn of the event loop.
    await ctx.database.db.execute(sql`select 1`)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const listing = json('GET', `/api/products/?shop=${shop.id}`).then((response) => {
      expect(response.statusCode).toBe(200)
      answered.push('list')
    })
    await Promise.all([exporting, listing])
    expect(answered).toEqual(['list', 'export'])
  })

  it('is refused to anonymous callers, shoppers and other shops\' staff', async () => {
    expect((await json('GET', `/api/products.csv?shop=${shop.id}`)).statusCode).toBe(401)
    expect((await exportCsv(shopper)).statusCode).toBe(404)
    expect((await exportCsv(outsider)).statusCode).toBe(404)
  })
})

describe('POST /api/products.csv', () => {
  it('round-trips: an export imported again changes nothing', async () => {
    const before = await products()
    const response = await importCsv((await exportCsv()).body)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ dryRun: false, valid: true, created: 0, updated: 2 })
    const after = await products()
    expect(after.map(({ title, description, price, sellAt, available, categories, variants, stock }) => ({ title, description, price, sellAt, available, categories, variants, stock }))).toEqual(
      before.map(({ title, description, price, sellAt, available, categories, variants, stock }) => ({ title, description, price, sellAt, available, categories, variants, stock })),
    )
  })

  it('writes only the products a file changes: the others keep their last change (the sitemap\'s lastmod)', async () => {
    const updatedAt = async () =>
      new Map(
        (await ctx.database.db.select({ id: productsTable.id, updatedAt: productsTable.updatedAt }).from(productsTable).where(eq(productsTable.shopId, shop.id))).map(
          (row) => [row.id, row.updatedAt.getTime()],
        ),
      )
    const exported = (await exportCsv()).body
    const before = await updatedAt()
    expect((await importCsv(exported)).statusCode).toBe(200)
    expect(await updatedAt()).toEqual(before)

    // The mug's price edited in the file: only the mug is written.
    const rows = rowsOf(exported)
    const edited = stringify([Object.keys(rows[0]!), ...rows.map((row) => Object.values(row.product_id === mug._id ? { ...row, price: '26' } : row))])
    expect((await importCsv(edited)).statusCode).toBe(200)
    const after = await updatedAt()
    expect(after.get(mug._id)).toBeGreaterThan(before.get(mug._id)!)
    for (const [id, at] of before) if (id !== mug._id) expect(after.get(id), id).toBe(at)
    expect((await products()).find((product) => product._id === mug._id)?.price.value).toBe(26)
  })

  it('previews with dryRun, each row with its action and problems, and writes nothing', async () => {
    const text = stringify([
      ['title', 'price', 'options', 'stock', 'categories'],
      ['Adinkra tote', '45', 'Colour: Red', '3', 'Bags'],
      ['Adinkra tote', '', 'Colour: Blue', '', ''],
      ['', '10', '', '', ''],
      ['Cap', 'cheap', '', '-1', ''],
    ])
    const response = await importCsv(text, { dryRun: true })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result).toMatchObject({ dryRun: true, valid: false, created: 3, updated: 0 })
    expect(result.rows.map((row: { line: number; action: string; title: string; variant: string; errors: { column: string }[] }) => [row.line, row.action, row.title, row.variant, row.errors.map((e) => e.column)])).toEqual([
      [2, 'create', 'Adinkra tote', 'Colour: Red', []],
      [3, 'create', 'Adinkra tote', 'Colour: Blue', []],
      [4, 'create', '', '', ['title']],
      [5, 'create', 'Cap', '', ['price', 'stock']],
    ])
    expect((await products()).map((product) => product.title)).not.toContain('Adinkra tote')
  })

  it('refuses a file with a bad row whole: 400 naming each row and column, nothing written', async () => {
    const text = stringify([
      ['product_id', 'title', 'price', 'options', 'stock'],
      ['', 'Adinkra tote', '45', 'Colour: Red', '3'],
      [shirt._id, 'Kente print shirt renamed', '120', 'Size: M', 'many'],
      ['', 'Cap', '12.345', '', ''],
    ])
    const response = await importCsv(text)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([
      { path: 'rows.3.stock', message: expect.any(String) },
      { path: 'rows.4.price', message: expect.stringContaining('amount') },
    ])
    const titles = (await products()).map((product) => product.title)
    expect(titles).toEqual(['Kente print shirt', 'Clay mug'])
  })

  it('creates and updates in one go: variants, stock, categories, visibility', async () => {
    const exported = rowsOf((await exportCsv()).body)
    const edited = exported.map((row) => (row.options === 'Size: L' ? { ...row, stock: '4', price: '' } : row.product_id === mug._id ? { ...row, published: 'yes', title: 'Clay mug, large', stock: '5' } : row))
    const columns = Object.keys(exported[0]!)
    const text = stringify([
      columns,
      ...edited.map((row) => columns.map((column) => row[column] ?? '')),
      ['', 'Adinkra tote', '', '45', '', '', 'Bags; Shirts', '', 'Colour: Red', '', '', '', '3'],
      ['', 'Adinkra tote', '', '', '', '', '', '', 'Colour: Blue', '', '', '', ''],
    ])
    const response = await importCsv(text)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ created: 1, updated: 2 })
    const [updatedShirt, updatedMug, tote] = await products()
    expect(updatedShirt!.stock?.find((row) => row.variant === shirt.variants[1]!._id)).toEqual({ variant: shirt.variants[1]!._id, quantity: 4, tracked: true })
    expect(updatedMug).toMatchObject({ title: 'Clay mug, large', available: true, stock: [{ variant: null, quantity: 5, tracked: true }] })
    expect(tote).toMatchObject({ title: 'Adinkra tote', price: { value: 45 } })
    expect(tote!.variants.map((variant) => variant.features)).toEqual([{ Colour: 'Red' }, { Colour: 'Blue' }])
    expect(tote!.stock).toEqual([{ variant: tote!.variants[0]!._id, quantity: 3, tracked: true }])
    expect(tote!.categories).toHaveLength(2)
    expect(tote!.categories).toContain(category._id)
  })

  it('refuses another shop\'s product ids and unknown variant ids', async () => {
    const [notOurs] = await products(otherShop.id)
    const text = stringify([
      ['product_id', 'title', 'price', 'variant_id', 'options'],
      [notOurs!._id, 'Not ours', '1', '', ''],
      [shirt._id, 'Kente print shirt', '120', 'made-up', 'Size: XXL'],
      ['not-a-product', 'Cap', '1', '', ''],
    ])
    const response = await importCsv(text, { dryRun: true })
    expect(response.json().rows.map((row: { errors: { column: string; message: string }[] }) => row.errors)).toEqual([
      [{ column: 'product_id', message: 'is not a product of this shop' }],
      [{ column: 'variant_id', message: 'is not a variant of this product' }],
      [{ column: 'product_id', message: 'must be the id of a product, or empty for a new one' }],
    ])
    const refused = await importCsv(text)
    expect(refused.statusCode).toBe(400)
    expect(errorBody(refused).errors?.map((error) => error.path)).toEqual(['rows.2.product_id', 'rows.3.variant_id', 'rows.4.product_id'])
  })

  it('refuses files that are not a product CSV with a 400', async () => {
    for (const [text, path] of [
      ['', 'body'],
      ['title,price,colour\nCap,10,red\n', 'header.colour'],
      ['description\nA cap\n', 'header.title'],
      ['title,price\n"Cap,10\n', 'body'],
      ['title,price\nCap,10,extra\n', 'body'],
      ['title,price\n', 'body'],
    ] as const) {
      const response = await importCsv(text)
      expect(response.statusCode, text).toBe(400)
      expect(errorBody(response).errors?.[0]?.path, text).toBe(path)
    }
    const json400 = await json('POST', `/api/products.csv?shop=${shop.id}`, keeper, { title: 'Cap' })
    expect(json400.statusCode).toBe(400)
  })

  it('checks the role before the file, and takes files up to 2 MB', async () => {
    const text = 'title,price\nCap,10\n'
    expect((await ctx.app.inject({ method: 'POST', url: `/api/products.csv?shop=${shop.id}`, headers: { 'content-type': 'text/csv' }, payload: text })).statusCode).toBe(401)
    expect((await importCsv(text, { user: shopper })).statusCode).toBe(404)
    expect((await importCsv(text, { user: outsider })).statusCode).toBe(404)
    const large = `title,price,description\n${'Cap,10,' + 'x'.repeat(9000) + '\n'}`.repeat(1).padEnd(150_000, '\n')
    expect((await importCsv(large, { dryRun: true })).statusCode).toBe(200)
    const tooLarge = await importCsv('title,price\n' + 'Cap,10\n'.repeat(400_000))
    expect(tooLarge.statusCode).toBe(413)
    expect((await products()).map((product) => product.title)).not.toContain('Cap')
  })
})

/**
 * How many statements the database runs during `work`: PGlite's queries, or on PostgreSQL those of the
 * connection that ran its transaction, from `begin` to `commit` (another connection of the pool may serve
 * something else meanwhile, such as work an earlier request left running).
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const client = (ctx.database.db as unknown as { $client: object }).$client
  if (!(client instanceof pg.Pool)) {
    const spy = vi.spyOn(client as { _runExclusiveQuery: () => Promise<unknown> }, '_runExclusiveQuery')
    try {
      await work()
      return spy.mock.calls.length
    } finally {
      spy.mockRestore()
    }
  }
  const spy = vi.spyOn(pg.Client.prototype, 'query')
  try {
    await work()
    const text = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text)
    const begun = spy.mock.calls.findIndex((args) => text(args) === 'begin')
    expect(begun).toBeGreaterThanOrEqual(0)
    const connection = spy.mock.contexts[begun]
    const own = spy.mock.calls.filter((_, i) => i >= begun && spy.mock.contexts[i] === connection)
    const committed = own.findIndex((args) => text(args) === 'commit')
    expect(committed).toBeGreaterThan(0)
    return committed + 1
  } finally {
    spy.mockRestore()
  }
}

/** New products of two variants each, with stock and categories: a row per variant. */
function newProductsCsv(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, i) => [
    [`${prefix} shirt ${i}`, `Woven by hand, number ${i}`, String(10 + (i % 90)), i % 3 ? 'Shirts' : 'Shirts; Sale', 'Size: M', String(i % 7)],
    [`${prefix} shirt ${i}`, '', '', '', 'Size: L', ''],
  ]).flat()
  return stringify([['title', 'description', 'price', 'categories', 'options', 'stock'], ...rows])
}

describe('POST /api/products.csv at volume', () => {
  it('writes a file in the same few statements whatever its size: 1,000 rows as 4', async () => {
    const volumeShop = await createShop(ctx, { keeper })
    const importTo = (text: string) => async () => {
      const response = await importCsv(text, { shopId: volumeShop.id })
      expect(response.statusCode, response.body).toBe(200)
    }
    const small = await statementsDuring(importTo(newProductsCsv('Small', 2)))
    const large = await statementsDuring(importTo(newProductsCsv('Large', 500)))
    expect(large).toBe(small)
    expect(large).toBeLessThanOrEqual(20)
    // Updating them all, the export imported again, is as few. The export pages through the products
    // created within the same millisecond and gives each once.
    const exported = (await exportCsv(keeper, volumeShop.id)).body
    expect(rowsOf(exported)).toHaveLength(1004)
    // Sold out: the products whose only stock row says 0 (every seventh), and no other.
    const soldOut = async () => ((await json('GET', `/api/products/?shop=${volumeShop.id}&inStock=false&$limit=0`, keeper)).json<ProductPage>()).total
    expect(await soldOut()).toBe(1 + Math.ceil(500 / 7))
    // Back in stock: one of them gets 3.
    const restocked = rowsOf(exported).map((row) => (row.title === 'Large shirt 7' && row.options === 'Size: M' ? { ...row, stock: '3' } : row))
    const updating = await statementsDuring(importTo(stringify(restocked, { header: true })))
    expect(updating).toBeLessThanOrEqual(20)
    expect(await soldOut()).toBe(Math.ceil(500 / 7))
    const after = await json('GET', `/api/products/?shop=${volumeShop.id}&$limit=1&title[$q]=Large shirt 499`, keeper)
    expect((after.json<ProductPage>()).data[0]).toMatchObject({
      title: 'Large shirt 499',
      price: { value: 10 + (499 % 90) },
      stock: [expect.objectContaining({ quantity: 499 % 7, tracked: true })],
    })
  })
})

describe('formula cells in products.csv', () => {
  it('exports cells a spreadsheet would run with a quote first, and imports them back exactly', async () => {
    const formulaShop = await createShop(ctx, { keeper })
    const sale = (await json('POST', '/api/categories/', keeper, { shop: formulaShop.id, name: '@Sale' })).json<Category>()
    const titles = ['=HYPERLINK("http://evil.example","Click")', "+cmd|' /C calc'!A0", "'=already quoted", "'Tis the season"]
    for (const title of titles) {
      const response = await json('POST', '/api/products/', keeper, {
        shop: formulaShop.id,
        title,
        description: '-5 kg\n- *light*',
        price: { value: 10, currency: 'GHS' },
        categories: [sale._id],
        variants: [{ features: { '=Size': '-L' } }, { features: { Size: '@M' } }],
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    const before = await products(formulaShop.id)
    const exported = await exportCsv(keeper, formulaShop.id)
    const cells = rowsOf(exported.body)
    expect(cells.map((row) => row.title)).toEqual(
      ['\'=HYPERLINK("http://evil.example","Click")', "'+cmd|' /C calc'!A0", "''=already quoted", "'Tis the season"].flatMap((title) => [title, title]),
    )
    expect(cells.every((row) => row.description?.startsWith("'-5 kg") && row.categories === "'@Sale")).toBe(true)
    expect(cells.map((row) => row.options).slice(0, 2)).toEqual(["'=Size: -L", 'Size: @M'])
    // No cell of the file starts with a formula character.
    expect(cells.flatMap((row) => Object.values(row)).filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])

    const response = await importCsv(exported.body, { shopId: formulaShop.id })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ created: 0, updated: 4 })
    const after = await products(formulaShop.id)
    const fields = ({ title, description, categories, variants }: Product) => ({ title, description, categories, variants })
    expect(after.map(fields)).toEqual(before.map(fields))
    expect(after.map((product) => product.title)).toEqual(titles)
  })
})
