import type { Category, Product } from '@shop/domain/schemas/catalog'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { categories, inventory, products, shopRoles, uploads } from '../src/db/schema'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

/** A product as the public sees it: the exact stock is for staff only. */
const publicView = ({ stock: _stock, ...product }: Product) => product

const auth = (user?: TestUser) => (user ? user.headers : {})

async function createProduct(body: Record<string, unknown> = {}, user: TestUser = keeper, shopId = shop.id) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products/',
    headers: auth(user),
    payload: { shop: shopId, title: 'Plain T-shirt', price: { value: 25, currency: 'GHS' }, ...body },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Product>()
}

async function createCategory(name: string, shopId = shop.id, user: TestUser = keeper) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/categories/',
    headers: auth(user),
    payload: { shop: shopId, name },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Category>()
}

/** An image as the upload route would have stored it for `shopId`. */
async function storedImage(shopId = shop.id) {
  const hash = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)
  const key = `${hash.slice(0, 2)}/${hash}.webp`
  const thumbnailKey = `${hash.slice(0, 2)}/${hash}-thumb.webp`
  await ctx.database.db
    .insert(uploads)
    .values({ shopId, key, thumbnailKey, contentType: 'image/webp', size: 100, width: 10, height: 10 })
  return { url: `/uploads/${key}`, thumbnail: `/uploads/${thumbnailKey}` }
}

async function productRow(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id))
  return row
}

async function productCount(shopId = shop.id) {
  return (await ctx.database.db.select().from(products).where(eq(products.shopId, shopId))).length
}

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: auth(user), ...(payload === undefined ? {} : { payload: payload as object }) })

describe('POST /api/products/', () => {
  it('creates a product with variants, categories and stored images for any staff role', async () => {
    const category = await createCategory('Tops')
    const image = await storedImage()
    const product = await createProduct({
      title: '  Linen shirt  ',
      description: 'Cool in the heat',
      price: { value: 120.5, currency: 'GHS' },
      sellAt: 99.99,
      images: [{ url: image.url, alt: 'Front' }],
      variants: [{ features: { size: 'M', color: 'white' } }, { _id: 'large', features: { size: 'L', color: 'white' } }],
      categories: [category._id],
      available: false,
    })
    expect(product).toMatchObject({
      shop: shop.id,
      title: 'Linen shirt',
      description: 'Cool in the heat',
      price: { value: 120.5, currency: 'GHS' },
      sellAt: 99.99,
      images: [{ url: image.url, thumbnail: image.thumbnail, alt: 'Front' }],
      categories: [category._id],
      available: false,
      inStock: true,
    })
    expect(product.variants).toHaveLength(2)
    expect(product.variants[0]!._id).toMatch(/^[A-Za-z0-9_-]{8}$/)
    // No stock row yet: not tracked, so in stock without a count.
    expect(product.variants[1]).toEqual({ _id: 'large', features: { size: 'L', color: 'white' }, availability: { level: 'in-stock' } })
    expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt)
    const row = await productRow(product._id)
    expect(row).toMatchObject({ priceMinor: 12050, sellAtMinor: 9999, currency: 'GHS' })

    for (const user of [owner, administrator, manager]) {
      expect((await createProduct({ title: `By ${user.email}` }, user)).shop).toBe(shop.id)
    }
  })

  it('defaults to an available product with no variants, images or categories, not on sale', async () => {
    const product = await createProduct()
    expect(product).toMatchObject({ description: '', sellAt: 0, images: [], variants: [], categories: [], available: true, inStock: true })
  })

  it('refuses anonymous callers with 401, shoppers and other shops\' staff with 404, creating nothing', async () => {
    const before = await productCount()
    const body = { shop: shop.id, title: 'Sneaky', price: { value: 1, currency: 'GHS' } }
    const anonymous = await inject('POST', '/api/products/', undefined, body)
    expect(anonymous.statusCode).toBe(401)
    expect(errorBody(anonymous).name).toBe('NotAuthenticated')
    for (const user of [shopper, outsider]) {
      const response = await inject('POST', '/api/products/', user, body)
      expect(response.statusCode).toBe(404)
      expect(errorBody(response).name).toBe('NotFound')
    }
    expect(await productCount()).toBe(before)
  })

  it('treats a staff member whose role was removed like any shopper (404)', async () => {
    const former = await createUser(ctx)
    await ctx.database.db.insert(shopRoles).values({ shopId: shop.id, userId: former.id, role: 'owner', status: 'removed' })
    const response = await inject('POST', '/api/products/', former, { shop: shop.id, title: 'x', price: { value: 1, currency: 'GHS' } })
    expect(response.statusCode).toBe(404)
  })

  it.each([
    ['a price as a string', { price: { value: '12', currency: 'GHS' } }, 'price.value'],
    ['a negative price', { price: { value: -1, currency: 'GHS' } }, 'price.value'],
    ['a price with three decimals', { price: { value: 1.005, currency: 'GHS' } }, 'price.value'],
    ['a price without currency', { price: { value: 1 } }, 'price.currency'],
    ['a lower-case currency', { price: { value: 1, currency: 'ghs' } }, 'price.currency'],
    ['a huge price', { price: { value: 1e12, currency: 'GHS' } }, 'price.value'],
    ['a negative sellAt', { sellAt: -0.01 }, 'sellAt'],
    ['a sellAt with three decimals', { sellAt: 0.001 }, 'sellAt'],
    ['an empty title', { title: '' }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'title'],
    ['a title that is not a string', { title: 42 }, 'title'],
    ['a 10001-character description', { description: 'x'.repeat(10_001) }, 'description'],
    ['an unknown field', { inStock: false }, 'inStock'],
    ['a nested unknown field', { price: { value: 1, currency: 'GHS', minor: 100 } }, 'price.minor'],
    ['a malformed shop id', { shop: 'shop-1' }, 'shop'],
    ['a malformed category id', { categories: ['nope'] }, 'categories.0'],
    ['an external image URL', { images: [{ url: 'https://example.com/a.png' }] }, 'images.0.url'],
    ['an image path escaping the uploads', { images: [{ url: '/uploads/../api/user' }] }, 'images.0.url'],
    ['an image URL this server never stored', { images: [{ url: '/uploads/ab/abcdef.webp' }] }, 'images.0.url'],
    ['21 images', { images: Array.from({ length: 21 }, () => ({ url: '/uploads/ab/x.webp' })) }, 'images'],
    ['101 variants', { variants: Array.from({ length: 101 }, (_, i) => ({ features: { n: String(i) } })) }, 'variants'],
    ['a variant without features', { variants: [{ features: {} }] }, 'variants.0.features'],
    ['a malformed variant id', { variants: [{ _id: 'a b', features: { size: 'M' } }] }, 'variants.0._id'],
    ['two variants with one id', { variants: [{ _id: 'a', features: { size: 'M' } }, { _id: 'a', features: { size: 'L' } }] }, 'variants.1._id'],
    ['two variants with the same features', { variants: [{ features: { size: 'M' } }, { features: { size: 'M' } }] }, 'variants.1.features'],
    ['a feature value that is not a string', { variants: [{ features: { size: 40 } }] }, 'variants.0.features.size'],
    ['available as a string', { available: 'true' }, 'available'],
  ])('answers 400 for %s and creates nothing', async (_name, body, path) => {
    const before = await productCount()
    const response = await inject('POST', '/api/products/', keeper, {
      shop: shop.id,
      title: 'Valid',
      price: { value: 10, currency: 'GHS' },
      ...body,
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toContain(path)
    expect(await productCount()).toBe(before)
  })

  it('refuses a currency other than the shop\'s with 400, since checkout could never sell it', async () => {
    const before = await productCount()
    const response = await inject('POST', '/api/products/', keeper, { shop: shop.id, title: 'Dollars', price: { value: 10, currency: 'USD' } })
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'price.currency', message: 'must be the shop\'s currency, GHS' }])
    expect(await productCount()).toBe(before)
  })

  it('refuses a category or an image of another shop with 400', async () => {
    const foreignCategory = await createCategory('Foreign', otherShop.id, outsider)
    const foreignImage = await storedImage(otherShop.id)
    const category = await inject('POST', '/api/products/', keeper, {
      shop: shop.id, title: 'x', price: { value: 1, currency: 'GHS' }, categories: [foreignCategory._id],
    })
    expect(category.statusCode).toBe(400)
    expect(errorBody(category).errors).toEqual([{ path: 'categories.0', message: 'is not a category of this shop' }])
    const image = await inject('POST', '/api/products/', keeper, {
      shop: shop.id, title: 'x', price: { value: 1, currency: 'GHS' }, images: [{ url: foreignImage.url }],
    })
    expect(image.statusCode).toBe(400)
    expect(errorBody(image).errors?.[0]?.path).toBe('images.0.url')
  })

  it('refuses a thumbnail that is not the stored upload\'s', async () => {
    const a = await storedImage()
    const b = await storedImage()
    const response = await inject('POST', '/api/products/', keeper, {
      shop: shop.id, title: 'x', price: { value: 1, currency: 'GHS' }, images: [{ url: a.url, thumbnail: b.thumbnail }],
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.[0]?.path).toBe('images.0.thumbnail')
  })

  it('answers 400 for malformed JSON and a missing body, 413 for a body over the limit', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST', url: '/api/products/', headers: { ...keeper.headers, 'content-type': 'application/json' }, payload: '{"shop":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed).message).toMatch(/JSON/)
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/products/', headers: keeper.headers })
    expect(missing.statusCode).toBe(400)
    errorBody(missing)
    const huge = await inject('POST', '/api/products/', keeper, {
      shop: shop.id, title: 'x', price: { value: 1, currency: 'GHS' }, description: 'x'.repeat(200_000),
    })
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
  })
})

describe('GET /api/products/', () => {
  it('answers the list shape, newest first, and hides unavailable products from the public', async () => {
    const s = await createStaffedShop(ctx)
    const first = await createProduct({ title: 'First' }, s.keeper, s.shop.id)
    const hidden = await createProduct({ title: 'Hidden', available: false }, s.keeper, s.shop.id)
    const last = await createProduct({ title: 'Last' }, s.keeper, s.shop.id)

    for (const user of [undefined, s.shopper, s.outsider]) {
      const response = await inject('GET', `/api/products/?shop=${s.shop.id}`, user)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ total: 2, limit: 20, skip: 0, data: [publicView(last), publicView(first)] })
      const asked = await inject('GET', `/api/products/?shop=${s.shop.id}&available=false`, user)
      expect(asked.json()).toMatchObject({ total: 0, data: [] })
    }
    for (const user of [s.keeper, s.owner]) {
      const response = await inject('GET', `/api/products/?shop=${s.shop.id}`, user)
      expect(response.json().data.map((p: Product) => p.title)).toEqual(['Last', 'Hidden', 'First'])
      const unavailable = await inject('GET', `/api/products/?shop=${s.shop.id}&available=false`, user)
      expect(unavailable.json()).toMatchObject({ total: 1, data: [{ _id: hidden._id }] })
    }
  })

  it('answers the total with its pages: a partial one, one past the end and $limit=0', async () => {
    const s = await createStaffedShop(ctx)
    for (const title of ['One', 'Two', 'Three']) await createProduct({ title }, s.keeper, s.shop.id)
    await createProduct({ title: 'Hidden', available: false }, s.keeper, s.shop.id)
    const page = async (query: string, user?: typeof s.keeper) => (await inject('GET', `/api/products/?shop=${s.shop.id}&${query}`, user)).json()
    for (const sort of ['', '&$sort[price.value]=1']) {
      expect(await page(`$limit=2&$skip=2${sort}`)).toMatchObject({ total: 3, limit: 2, skip: 2, data: [{}] })
      expect(await page(`$skip=5${sort}`)).toEqual({ total: 3, limit: 20, skip: 5, data: [] })
      expect(await page(`$limit=0${sort}`)).toEqual({ total: 3, limit: 0, skip: 0, data: [] })
      expect(await page(`$limit=0${sort}`, s.keeper)).toEqual({ total: 4, limit: 0, skip: 0, data: [] })
      expect(await page(`$skip=9${sort}`, s.keeper)).toEqual({ total: 4, limit: 20, skip: 9, data: [] })
    }
    const empty = await createStaffedShop(ctx)
    expect((await inject('GET', `/api/products/?shop=${empty.shop.id}`)).json()).toEqual({ total: 0, limit: 20, skip: 0, data: [] })
  })

  it('lists only the named shop\'s products', async () => {
    const mine = await createProduct({ title: 'Only mine' })
    const response = await inject('GET', `/api/products/?shop=${otherShop.id}`)
    expect(response.json().data.map((p: Product) => p._id)).not.toContain(mine._id)
  })

  it.each([
    ['no shop', ''],
    ['a malformed shop', 'shop=abc'],
    ['two shops', `shop=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}&shop=${'1'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`],
    ['an unknown field', 'SHOPID&color=red'],
    ['an unknown operator', 'SHOPID&title[$regex]=x'],
    ['an unknown sort field', 'SHOPID&$sort[title]=1'],
    ['a bad sort direction', 'SHOPID&$sort[createdAt]=up'],
    ['a non-numeric limit', 'SHOPID&$limit=ten'],
    ['a negative skip', 'SHOPID&$skip=-1'],
    ['a non-boolean inStock', 'SHOPID&inStock=yes'],
    ['a non-numeric price', 'SHOPID&price.value[$gte]=cheap'],
    ['a malformed category', 'SHOPID&category=shoes'],
    ['$q on a non-searchable field', 'SHOPID&price.value[$q]=1'],
    ['an unknown top-level parameter', 'SHOPID&$select[]=title'],
  ])('answers 400 for %s', async (_name, query) => {
    const response = await inject('GET', `/api/products/?${query.replace('SHOPID', `shop=${shop.id}`)}`)
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).name).toBe('BadRequest')
  })

  it('filters by price, sale price and creation time', async () => {
    const s = await createStaffedShop(ctx)
    const cheap = await createProduct({ title: 'Cheap', price: { value: 5, currency: 'GHS' } }, s.keeper, s.shop.id)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const between = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const sale = await createProduct({ title: 'Sale', price: { value: 50, currency: 'GHS' }, sellAt: 40 }, s.keeper, s.shop.id)
    const q = (query: string) => inject('GET', `/api/products/?shop=${s.shop.id}&${query}`).then((r) => r.json().data.map((p: Product) => p._id))
    expect(await q('price.value[$lt]=10')).toEqual([cheap._id])
    expect(await q('sellAt[$gt]=0')).toEqual([sale._id])
    expect(await q(`createdAt[$gt]=${between}`)).toEqual([sale._id])
    expect(await q(`createdAt[$lte]=${encodeURIComponent(new Date(between).toISOString())}`)).toEqual([cheap._id])
    expect(await q(`_id[$in][]=${cheap._id}`)).toEqual([cheap._id])
  })
})

describe('GET /api/products/{id}', () => {
  it('answers a product to anyone, an unavailable one only to the shop\'s staff', async () => {
    const visible = await createProduct({ title: 'Visible' })
    const hidden = await createProduct({ title: 'Draft', available: false })
    expect((await inject('GET', `/api/products/${visible._id}`)).json()).toEqual(publicView(visible))
    for (const user of [undefined, shopper, outsider]) {
      const response = await inject('GET', `/api/products/${hidden._id}`, user)
      expect(response.statusCode).toBe(404)
      expect(errorBody(response).name).toBe('NotFound')
    }
    expect((await inject('GET', `/api/products/${hidden._id}`, keeper)).json()).toEqual(hidden)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await inject('GET', `/api/products/${crypto.randomUUID()}`)).statusCode).toBe(404)
    const malformed = await inject('GET', '/api/products/1%27%20or%201=1')
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed).errors?.[0]?.path).toBe('id')
  })
})

describe('PATCH /api/products/{id}', () => {
  it('lets a keeper change fields, keeping variant ids and giving new variants one', async () => {
    const category = await createCategory('Patch target')
    const product = await createProduct({
      variants: [{ _id: 'small', features: { size: 'S' } }, { features: { size: 'M' } }],
    })
    const medium = product.variants[1]!
    const response = await inject('PATCH', `/api/products/${product._id}`, keeper, {
      title: 'Renamed',
      price: { value: 30.1, currency: 'GHS' },
      sellAt: 0,
      categories: [category._id],
      available: false,
      // "small" sent with its id, "M" without (keeps its id by features), "L" is new.
      variants: [{ _id: 'small', features: { size: 'S' } }, { features: { size: 'M' } }, { features: { size: 'L' } }],
    })
    expect(response.statusCode, response.body).toBe(200)
    const patched = response.json<Product>()
    expect(patched).toMatchObject({
      _id: product._id,
      title: 'Renamed',
      price: { value: 30.1, currency: 'GHS' },
      categories: [category._id],
      available: false,
      createdAt: product.createdAt,
    })
    expect(patched.variants.map((v) => v._id).slice(0, 2)).toEqual(['small', medium._id])
    expect(patched.variants[2]!._id).toMatch(/^[A-Za-z0-9_-]{8}$/)
    expect(new Date(patched.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(product.updatedAt).getTime())
    expect(await inject('GET', `/api/products/${product._id}`, keeper).then((r) => r.json())).toEqual(patched)
  })

  it('refuses anonymous callers with 401, shoppers and other shops\' staff with 404, changing nothing', async () => {
    const product = await createProduct({ title: 'Untouchable' })
    const before = await productRow(product._id)
    const anonymous = await inject('PATCH', `/api/products/${product._id}`, undefined, { title: 'Hacked' })
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [shopper, outsider]) {
      const response = await inject('PATCH', `/api/products/${product._id}`, user, { title: 'Hacked' })
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await productRow(product._id)).toEqual(before)
  })

  it.each([
    ['an empty body', {}, 'body'],
    ['a shop change', { shop: '00000000-0000-4000-8000-000000000000' }, 'shop'],
    ['an inStock change', { inStock: false }, 'inStock'],
    ['a createdAt change', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
    ['a price with three decimals', { price: { value: 9.999, currency: 'GHS' } }, 'price.value'],
    ['a title of the wrong type', { title: ['x'] }, 'title'],
    ['an unknown category', { categories: ['00000000-0000-4000-8000-000000000000'] }, 'categories.0'],
    ['an unstored image', { images: [{ url: '/uploads/zz/zz.webp' }] }, 'images.0.url'],
  ])('answers 400 for %s and changes nothing', async (_name, body, path) => {
    const product = await createProduct({ title: 'Stable' })
    const before = await productRow(product._id)
    const response = await inject('PATCH', `/api/products/${product._id}`, keeper, body)
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toContain(path)
    expect(await productRow(product._id)).toEqual(before)
  })

  it('refuses a currency other than the shop\'s with 400, changing nothing', async () => {
    const product = await createProduct({ title: 'Cedis only' })
    const before = await productRow(product._id)
    const response = await inject('PATCH', `/api/products/${product._id}`, keeper, { title: 'Dollars', price: { value: 30, currency: 'EUR' } })
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'price.currency', message: 'must be the shop\'s currency, GHS' }])
    expect(await productRow(product._id)).toEqual(before)
  })

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await inject('PATCH', `/api/products/${crypto.randomUUID()}`, keeper, { title: 'x' })).statusCode).toBe(404)
    expect((await inject('PATCH', '/api/products/123', keeper, { title: 'x' })).statusCode).toBe(400)
  })
})

describe('DELETE /api/products/{id}', () => {
  it('refuses anonymous callers with 401 and others with 404, then lets a keeper delete it', async () => {
    const product = await createProduct({ title: 'Doomed' })
    expect((await inject('DELETE', `/api/products/${product._id}`)).statusCode).toBe(401)
    for (const user of [shopper, outsider]) {
      const response = await inject('DELETE', `/api/products/${product._id}`, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await productRow(product._id)).toBeDefined()
    const deleted = await inject('DELETE', `/api/products/${product._id}`, keeper)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual(product)
    expect(await productRow(product._id)).toBeUndefined()
    expect((await inject('DELETE', `/api/products/${product._id}`, keeper)).statusCode).toBe(404)
    expect((await inject('DELETE', '/api/products/not-an-id', keeper)).statusCode).toBe(400)
  })
})

describe('categories', () => {
  it('lists a shop\'s categories publicly, sorted by name regardless of case', async () => {
    const s = await createStaffedShop(ctx)
    for (const name of ['shoes', 'Bags', 'apparel', 'Zips']) await createCategory(name, s.shop.id, s.keeper)
    await createCategory('Elsewhere', otherShop.id, outsider)
    const response = await inject('GET', `/api/categories/?shop=${s.shop.id}`)
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page).toMatchObject({ total: 4, skip: 0, limit: 100 })
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['apparel', 'Bags', 'shoes', 'Zips'])
    expect(page.data[0]).toEqual({ _id: expect.any(String), shop: s.shop.id, name: 'apparel', createdAt: expect.any(String) })
    const searched = await inject('GET', `/api/categories/?shop=${s.shop.id}&name[$q]=HO`)
    expect(searched.json().data.map((c: { name: string }) => c.name)).toEqual(['shoes'])
    const paged = await inject('GET', `/api/categories/?shop=${s.shop.id}&$limit=2&$skip=2&$sort[name]=-1`)
    expect(paged.json()).toMatchObject({ total: 4, limit: 2, skip: 2 })
    expect(paged.json().data.map((c: { name: string }) => c.name)).toEqual(['Bags', 'apparel'])
  })

  it.each([
    ['no shop', ''],
    ['a malformed shop', 'shop=1'],
    ['an unknown field', 'SHOPID&color=red'],
    ['a name equality filter', 'SHOPID&name=Shoes'],
    ['an unknown sort field', 'SHOPID&$sort[shop]=1'],
  ])('answers 400 to a list with %s', async (_name, query) => {
    const response = await inject('GET', `/api/categories/?${query.replace('SHOPID', `shop=${shop.id}`)}`)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })

  it('creates a category; the same name in any case is a 409 in that shop only', async () => {
    const created = await createCategory('  Summer Sale ')
    expect(created).toMatchObject({ shop: shop.id, name: 'Summer Sale' })
    const duplicate = await inject('POST', '/api/categories/', manager, { shop: shop.id, name: 'summer sale' })
    expect(duplicate.statusCode).toBe(409)
    expect(errorBody(duplicate)).toMatchObject({ name: 'Conflict', errors: [{ path: 'name' }] })
    expect((await createCategory('Summer Sale', otherShop.id, outsider)).shop).toBe(otherShop.id)
  })

  it('refuses anonymous callers with 401 and non-staff with 404; answers 400 for bad bodies', async () => {
    const count = async () => (await ctx.database.db.select().from(categories).where(eq(categories.shopId, shop.id))).length
    const before = await count()
    expect((await inject('POST', '/api/categories/', undefined, { shop: shop.id, name: 'X' })).statusCode).toBe(401)
    for (const user of [shopper, outsider]) {
      expect((await inject('POST', '/api/categories/', user, { shop: shop.id, name: 'X' })).statusCode).toBe(404)
    }
    for (const body of [
      { shop: shop.id },
      { shop: shop.id, name: '' },
      { shop: shop.id, name: '  ' },
      { shop: shop.id, name: 7 },
      { shop: shop.id, name: 'x'.repeat(101) },
      { shop: shop.id, name: 'X', slug: 'x' },
      { shop: 'nope', name: 'X' },
    ]) {
      const response = await inject('POST', '/api/categories/', keeper, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    expect(await count()).toBe(before)
  })

  it('deletes a category and takes it out of its products; others get 401/404 with nothing changed', async () => {
    const doomed = await createCategory('Doomed category')
    const kept = await createCategory('Kept category')
    const product = await createProduct({ categories: [doomed._id, kept._id] })
    expect((await inject('DELETE', `/api/categories/${doomed._id}`)).statusCode).toBe(401)
    for (const user of [shopper, outsider]) {
      expect((await inject('DELETE', `/api/categories/${doomed._id}`, user)).statusCode).toBe(404)
    }
    expect((await productRow(product._id))!.categoryIds).toEqual([doomed._id, kept._id])
    const response = await inject('DELETE', `/api/categories/${doomed._id}`, keeper)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(doomed)
    expect((await productRow(product._id))!.categoryIds).toEqual([kept._id])
    expect((await inject('GET', `/api/products/?shop=${shop.id}&category=${doomed._id}`)).json().total).toBe(0)
    expect((await inject('DELETE', `/api/categories/${doomed._id}`, keeper)).statusCode).toBe(404)
    expect((await inject('DELETE', '/api/categories/x', keeper)).statusCode).toBe(400)
  })
})

describe('inventory', () => {
  const setStock = (body: Record<string, unknown>, user: TestUser = keeper) => inject('POST', '/api/inventory/', user, body)
  const inStock = async (id: string) => (await productRow(id))!.inStock

  it('flips inStock as tracked stock runs out and comes back', async () => {
    const product = await createProduct({ variants: [{ _id: 'a', features: { size: 'S' } }, { _id: 'b', features: { size: 'M' } }] })
    expect(product.inStock).toBe(true)

    const first = await setStock({ product: product._id, variant: 'a', quantity: 0 })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({
      _id: expect.any(String), product: product._id, variant: 'a', quantity: 0, tracked: true, updatedAt: expect.any(String),
    })
    expect(await inStock(product._id)).toBe(false) // its only row is tracked and empty

    await setStock({ product: product._id, variant: 'b', quantity: 3 })
    expect(await inStock(product._id)).toBe(true)
    await setStock({ product: product._id, variant: 'b', quantity: 0 })
    expect(await inStock(product._id)).toBe(false)
    const untracked = await setStock({ product: product._id, variant: 'b', quantity: 0, tracked: false })
    expect(untracked.json()).toMatchObject({ variant: 'b', quantity: 0, tracked: false })
    expect(await inStock(product._id)).toBe(true)
    // tracked is kept when not sent
    expect((await setStock({ product: product._id, variant: 'b', quantity: 1 })).json().tracked).toBe(false)

    const list = await inject('GET', `/api/inventory/?product=${product._id}`, keeper)
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ total: 2, limit: 20, skip: 0, data: [{ variant: 'a', quantity: 0 }, { variant: 'b', quantity: 1 }] })
    const one = await inject('GET', `/api/inventory/?product=${product._id}&variant=b`, manager)
    expect(one.json()).toMatchObject({ total: 1, data: [{ variant: 'b' }] })

    const filtered = await inject('GET', `/api/products/?shop=${shop.id}&inStock=true&_id=${product._id}`)
    expect(filtered.json().total).toBe(1)
  })

  it('keeps the stock of a product without variants in the row without a variant', async () => {
    const product = await createProduct({ title: 'Single' })
    const set = await setStock({ product: product._id, quantity: 0 })
    expect(set.json()).toMatchObject({ variant: null, quantity: 0, tracked: true })
    expect(await inStock(product._id)).toBe(false)
    const outOfStock = await inject('GET', `/api/products/?shop=${shop.id}&inStock=false`)
    expect(outOfStock.json().data.map((p: Product) => p._id)).toContain(product._id)
    expect((await inject('GET', `/api/products/${product._id}`)).json().inStock).toBe(false)
    await setStock({ product: product._id, variant: null, quantity: 2 })
    expect(await inStock(product._id)).toBe(true)
    expect((await inject('GET', `/api/inventory/?product=${product._id}&variant=`, keeper)).json().total).toBe(1)
  })

  it('drops the rows of removed variants and recomputes inStock when variants change', async () => {
    const product = await createProduct({ variants: [{ _id: 'a', features: { size: 'S' } }, { _id: 'b', features: { size: 'M' } }] })
    await setStock({ product: product._id, variant: 'a', quantity: 0 })
    await setStock({ product: product._id, variant: 'b', quantity: 5 })
    expect(await inStock(product._id)).toBe(true)
    const patched = await inject('PATCH', `/api/products/${product._id}`, keeper, { variants: [{ _id: 'a', features: { size: 'S' } }] })
    expect(patched.json()).toMatchObject({ inStock: false, variants: [{ _id: 'a' }] })
    const rows = await ctx.database.db.select().from(inventory).where(eq(inventory.productId, product._id))
    expect(rows.map((r) => r.variantId)).toEqual(['a'])
    const noVariants = await inject('PATCH', `/api/products/${product._id}`, keeper, { variants: [] })
    expect(noVariants.json()).toMatchObject({ inStock: true, variants: [] })
  })

  it('refuses variants the product does not have and bad quantities with 400, changing nothing', async () => {
    const product = await createProduct({ variants: [{ _id: 'a', features: { size: 'S' } }] })
    const single = await createProduct({ title: 'No variants' })
    for (const [body, path] of [
      [{ product: product._id, variant: 'zz', quantity: 1 }, 'variant'],
      [{ product: product._id, quantity: 1 }, 'variant'],
      [{ product: single._id, variant: 'a', quantity: 1 }, 'variant'],
      [{ product: product._id, variant: 'a', quantity: -1 }, 'quantity'],
      [{ product: product._id, variant: 'a', quantity: 1.5 }, 'quantity'],
      [{ product: product._id, variant: 'a', quantity: '3' }, 'quantity'],
      [{ product: product._id, variant: 'a', quantity: 1e10 }, 'quantity'],
      [{ product: product._id, variant: 'a', quantity: 1, tracked: 'no' }, 'tracked'],
      [{ product: product._id, variant: 'a', quantity: 1, shop: shop.id }, 'shop'],
      [{ product: 'abc', variant: 'a', quantity: 1 }, 'product'],
    ] as const) {
      const response = await setStock(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorBody(response).errors?.map((e) => e.path)).toContain(path)
    }
    expect(await ctx.database.db.select().from(inventory).where(eq(inventory.productId, product._id))).toEqual([])
  })

  it('is for the shop\'s staff only: 401 anonymous, 404 for shoppers and other shops, rows unchanged', async () => {
    const product = await createProduct({ title: 'Guarded' })
    await setStock({ product: product._id, quantity: 4 })
    const before = await ctx.database.db.select().from(inventory).where(eq(inventory.productId, product._id))
    expect((await inject('POST', '/api/inventory/', undefined, { product: product._id, quantity: 0 })).statusCode).toBe(401)
    expect((await inject('GET', `/api/inventory/?product=${product._id}`)).statusCode).toBe(401)
    for (const user of [shopper, outsider]) {
      const write = await setStock({ product: product._id, quantity: 0 }, user)
      expect(write.statusCode).toBe(404)
      errorBody(write)
      expect((await inject('GET', `/api/inventory/?product=${product._id}`, user)).statusCode).toBe(404)
    }
    expect(await ctx.database.db.select().from(inventory).where(eq(inventory.productId, product._id))).toEqual(before)
    expect(await inStock(product._id)).toBe(true)
    expect((await setStock({ product: crypto.randomUUID(), quantity: 1 })).statusCode).toBe(404)
    expect((await inject('POST', '/api/inventory/', undefined, { product: crypto.randomUUID(), quantity: 1 })).statusCode).toBe(401)
    expect((await inject('GET', `/api/inventory/?product=${crypto.randomUUID()}`)).statusCode).toBe(401)
  })

  it.each([
    ['no product', ''],
    ['a malformed product', 'product=1'],
    ['an unknown field', 'PRODUCT&color=red'],
    ['an unknown operator', 'PRODUCT&variant[$regex]=a'],
  ])('answers 400 to a list with %s', async (_name, query) => {
    const product = await createProduct({ title: 'Listed' })
    const response = await inject('GET', `/api/inventory/?${query.replace('PRODUCT', `product=${product._id}`)}`, keeper)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})

describe('every catalog write', () => {
  it.each([
    ['POST', '/api/products/'],
    ['PATCH', '/api/products/ID'],
    ['POST', '/api/categories/'],
    ['POST', '/api/inventory/'],
  ] as const)('%s %s answers 400 to malformed JSON and 413 to a body over the limit, changing nothing', async (method, path) => {
    const product = await createProduct({ title: 'Bystander' })
    const before = await productRow(product._id)
    const url = path.replace('ID', product._id)
    const malformed = await ctx.app.inject({
      method, url, headers: { ...keeper.headers, 'content-type': 'application/json' }, payload: '{"title": "x",',
    })
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed).message).toBe('Request body is not valid JSON')
    const oversized = await ctx.app.inject({
      method, url, headers: keeper.headers, payload: { product: product._id, quantity: 1, name: 'x'.repeat(150_000) },
    })
    expect(oversized.statusCode).toBe(413)
    expect(errorBody(oversized)).toMatchObject({ name: 'PayloadTooLarge', message: 'Request body is too large' })
    const wrongType = await ctx.app.inject({ method, url, headers: keeper.headers, payload: [1, 2, 3] })
    expect(wrongType.statusCode).toBe(400)
    errorBody(wrongType)
    expect(await productRow(product._id)).toEqual(before)
  })
})
