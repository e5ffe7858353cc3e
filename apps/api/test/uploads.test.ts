import type { UploadedImage } from '@shop/domain/schemas/uploads'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { uploads } from '../src/db/schema'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'
import { multipart, png } from './upload-fixtures'

const ctx = await setupApp()
const { shop, keeper, owner, shopper, outsider } = await createStaffedShop(ctx)

function upload(body: { payload: Buffer; headers: Record<string, string> }, user?: TestUser, query = `shop=${shop.id}`) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/uploads?${query}`,
    headers: { ...body.headers, ...(user ? user.headers : {}) },
    payload: body.payload,
  })
}

const uploadCount = async () => (await ctx.database.db.select().from(uploads).where(eq(uploads.shopId, shop.id))).length
const storedFiles = async () => (await fs.readdir(ctx.app.storage.root!, { recursive: true })).length

describe('POST /api/uploads', () => {
  it('stores a real PNG as a bounded WebP with a thumbnail served with an immutable cache header', async () => {
    const response = await upload(multipart(await png(2400, 1200)), keeper)
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      _id: expect.any(String),
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/),
      thumbnail: expect.stringMatching(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}-thumb\.webp$/),
      width: 2000,
      height: 1000,
      variants: expect.any(Array),
      icons: expect.any(Array),
    })
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, body._id))
    expect(row).toMatchObject({ shopId: shop.id, createdBy: keeper.id, contentType: 'image/webp', width: 2000, height: 1000 })

    const thumbnail = await ctx.app.inject({ method: 'GET', url: body.thumbnail })
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/webp')
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(thumbnail.headers['x-content-type-options']).toBe('nosniff')
    const meta = await sharp(thumbnail.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 200 })

    const original = await ctx.app.inject({ method: 'GET', url: body.url })
    expect(original.statusCode).toBe(200)
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('lets the upload be used as a product image, with the stored thumbnail', async () => {
    const stored = (await upload(multipart(await png(64, 64)), owner)).json()
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: keeper.headers,
      payload: { shop: shop.id, title: 'Pictured', price: { value: 5, currency: 'GHS' }, images: [{ url: stored.url, alt: 'Red square' }] },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().images).toEqual([
      { url: stored.url, thumbnail: stored.thumbnail, alt: 'Red square', width: 64, height: 64, variants: stored.variants },
    ])
  })

  it('checks the type by content: text renamed .png is a 400 and stores nothing', async () => {
    const before = await uploadCount()
    const response = await upload(multipart(Buffer.from('just some text, honestly'), 'fake.png', 'image/png'), keeper)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toMatchObject({ name: 'BadRequest', errors: [{ path: 'file' }] })
    expect(await uploadCount()).toBe(before)
  })

  it('refuses an image type it does not accept (GIF) and a PNG whose body is corrupt', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer()
    const refused = await upload(multipart(gif, 'a.gif', 'image/gif'), keeper)
    expect(refused.statusCode).toBe(400)
    errorBody(refused)
    // Noise does not compress: cut in half, the header still reads but the pixels do not decode.
    const noise = randomBytes(300 * 300 * 3)
    const full = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer()
    const truncated = await upload(multipart(full.subarray(0, full.length / 2), 'cut.png'), keeper)
    expect(truncated.statusCode).toBe(400)
    expect(errorBody(truncated)).toMatchObject({ message: 'The image could not be read', errors: [{ path: 'file' }] })
  })

  it('refuses an image over 25 megapixels from its header (a small file of 7000 × 7000), storing nothing', async () => {
    // One colour compresses to a few hundred kilobytes, but would decode to about 150 MB.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#c83c14' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(huge.length).toBeLessThan(ctx.app.config.uploadLimit)
    const [rows, files] = [await uploadCount(), await storedFiles()]
    const response = await upload(multipart(huge), keeper)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toMatchObject({
      name: 'BadRequest',
      message: 'The image is too large: at most 25 megapixels',
      errors: [{ path: 'file', message: 'must have at most 25 million pixels (this one is 7000 × 7000)' }],
    })
    expect(await uploadCount()).toBe(rows)
    expect(await storedFiles()).toBe(files)
  })

  it('refuses a file over 5 MB with 413 in the error shape', async () => {
    const before = await uploadCount()
    const response = await upload(multipart(randomBytes(5 * 1024 * 1024 + 1)), keeper)
    expect(response.statusCode).toBe(413)
    expect(errorBody(response)).toMatchObject({ name: 'PayloadTooLarge', className: 'payload-too-large', message: 'The file is too large' })
    expect(await uploadCount()).toBe(before)
  })

  it('answers 401 to anonymous callers and 404 to shoppers and other shops\' staff, storing nothing', async () => {
    const before = await uploadCount()
    const body = multipart(await png(10, 10))
    const anonymous = await upload(body)
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [shopper, outsider]) {
      const response = await upload(body, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect(await uploadCount()).toBe(before)
  })

  it.each([
    ['no shop', ''],
    ['a malformed shop', 'shop=nope'],
    ['an unknown parameter', 'SHOP&folder=x'],
  ])('answers 400 for %s', async (_name, query) => {
    const response = await upload(multipart(await png(10, 10)), keeper, query.replace('SHOP', `shop=${shop.id}`))
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })

  it('answers 400 for a body that is not a multipart file', async () => {
    const json = await ctx.app.inject({
      method: 'POST', url: `/api/uploads?shop=${shop.id}`, headers: keeper.headers, payload: { file: 'data:image/png;base64,AAAA' },
    })
    expect(json.statusCode).toBe(400)
    errorBody(json)
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads?shop=${shop.id}`,
      headers: { ...keeper.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--xyz--\r\n',
    })
    expect(noFile.statusCode).toBe(400)
    expect(errorBody(noFile).errors).toEqual([{ path: 'file', message: 'is required' }])
    const noBoundary = await ctx.app.inject({
      method: 'POST', url: `/api/uploads?shop=${shop.id}`, headers: { ...keeper.headers, 'content-type': 'multipart/form-data' }, payload: 'x',
    })
    expect(noBoundary.statusCode).toBe(400)
    errorBody(noBoundary)
    const cut = multipart(await png(10, 10))
    const truncated = await upload({ ...cut, payload: cut.payload.subarray(0, 120) }, keeper)
    expect(truncated.statusCode).toBe(400)
    errorBody(truncated)
    const empty = await upload(multipart(Buffer.alloc(0)), keeper)
    expect(empty.statusCode).toBe(400)
    errorBody(empty)
  })
})

describe('image sizes', () => {
  const stem = (url: string) => url.replace(/\.webp$/, '')

  it('makes 160–1280 px widths in AVIF and WebP below a large original, each served with its content type', async () => {
    const body = (await upload(multipart(await png(2400, 1600)), keeper)).json()
    expect(body.variants.map((variant: { width: number }) => variant.width)).toEqual([160, 320, 640, 960, 1280])
    for (const variant of body.variants) {
      expect(variant).toEqual({
        width: variant.width,
        avif: `${stem(body.url)}-${variant.width}.avif`,
        webp: `${stem(body.url)}-${variant.width}.webp`,
      })
      for (const format of ['avif', 'webp'] as const) {
        const file = await ctx.app.inject({ method: 'GET', url: variant[format] })
        expect(file.statusCode).toBe(200)
        expect(file.headers['content-type']).toBe(`image/${format}`)
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        const meta = await sharp(file.rawPayload).metadata()
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp')
        if (format === 'avif') expect(meta.compression).toBe('av1')
        expect({ width: meta.width, height: meta.height }).toEqual({ width: variant.width, height: Math.round((variant.width * 2) / 3) })
      }
    }
  })

  it('never enlarges: a 700 px image gets 160, 320, 640 and its own 700', async () => {
    const body = (await upload(multipart(await png(700, 350)), keeper)).json()
    expect(body.variants.map((variant: { width: number }) => variant.width)).toEqual([160, 320, 640, 700])
    const tiny = (await upload(multipart(await png(90, 60)), keeper)).json()
    expect(tiny.variants.map((variant: { width: number }) => variant.width)).toEqual([90])
    const file = await ctx.app.inject({ method: 'GET', url: tiny.variants[0].avif })
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 90, height: 60 })
  })

  it('makes square 192 and 512 px icons, the picture contained on a transparent background', async () => {
    const body = (await upload(multipart(await png(600, 300)), keeper)).json()
    expect(body.icons).toEqual([
      { size: 192, url: `${stem(body.url)}-icon-192.webp` },
      { size: 512, url: `${stem(body.url)}-icon-512.webp` },
    ])
    const icon = await ctx.app.inject({ method: 'GET', url: body.icons[1].url })
    expect(icon.headers['content-type']).toBe('image/webp')
    const pixels = await sharp(icon.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect({ width: pixels.info.width, height: pixels.info.height }).toEqual({ width: 512, height: 512 })
    expect(pixels.data[3]).toBe(0) // the top left corner is outside the picture: transparent
  })

  it('gives a logo its icons, and keeps showing an upload made before sizes existed by its original', async () => {
    const stored = (await upload(multipart(await png(300, 300)), owner)).json()
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shop.id}`,
      headers: owner.headers,
      payload: { logo: { url: stored.url, thumbnail: stored.thumbnail } },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json().logo).toEqual({ url: stored.url, thumbnail: stored.thumbnail, width: 300, height: 300, variants: stored.variants, icons: stored.icons })

    const hash = randomBytes(16).toString('hex')
    const old = { key: `${hash.slice(0, 2)}/${hash}.webp`, thumbnailKey: `${hash.slice(0, 2)}/${hash}-thumb.webp` }
    await ctx.database.db.insert(uploads).values({ shopId: shop.id, ...old, contentType: 'image/webp', size: 10, width: 10, height: 10 })
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: keeper.headers,
      payload: { shop: shop.id, title: 'Old picture', price: { value: 5, currency: 'GHS' }, images: [{ url: `/uploads/${old.key}` }] },
    })
    expect(product.statusCode, product.body).toBe(201)
    expect(product.json().images).toEqual([{ url: `/uploads/${old.key}`, thumbnail: `/uploads/${old.thumbnailKey}`, alt: '' }])
    await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { logo: null } })
  })
})

describe('DELETE /api/uploads/{id}', () => {
  const exists = (url: string) =>
    fs.access(`${ctx.app.storage.root}/${url.slice('/uploads/'.length)}`).then(
      () => true,
      () => false,
    )
  const filesOf = (body: { url: string; thumbnail: string; variants: { avif: string; webp: string }[]; icons: { url: string }[] }) => [
    body.url,
    body.thumbnail,
    ...body.variants.flatMap((variant) => [variant.avif, variant.webp]),
    ...body.icons.map((icon) => icon.url),
  ]
  const remove = (id: string, user?: TestUser) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: user ? user.headers : {} })

  it('removes the upload and every size made from it', async () => {
    const body = (await upload(multipart(await png(1000, 500)), keeper)).json()
    const files = filesOf(body)
    expect(files).toHaveLength(2 + 5 * 2 + 2)
    for (const file of files) expect(await exists(file)).toBe(true)

    const response = await remove(body._id, keeper)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()._id).toBe(body._id)
    for (const file of files) expect(await exists(file)).toBe(false)
    expect((await ctx.app.inject({ method: 'GET', url: body.variants[0].avif })).statusCode).toBe(404)
    expect((await remove(body._id, keeper)).statusCode).toBe(404)
  })

  it('refuses (409) while a product shows the image; taking it off the product releases it and its files', async () => {
    const body = (await upload(multipart(await png(400, 400)), keeper)).json()
    const product = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/products/',
        headers: keeper.headers,
        payload: { shop: shop.id, title: 'Shown', price: { value: 5, currency: 'GHS' }, images: [{ url: body.url }] },
      })
    ).json()
    const refused = await remove(body._id, keeper)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused)).toMatchObject({ name: 'Conflict', code: 409 })
    for (const file of filesOf(body)) expect(await exists(file)).toBe(true)

    await ctx.app.inject({ method: 'PATCH', url: `/api/products/${product._id}`, headers: keeper.headers, payload: { images: [] } })
    for (const file of filesOf(body)) expect(await exists(file)).toBe(false)
    expect((await remove(body._id, keeper)).statusCode).toBe(404)
  })

  it('keeps the files while another upload of the same picture holds them', async () => {
    const picture = await png(330, 200)
    const first = (await upload(multipart(picture), keeper)).json()
    const second = (await upload(multipart(picture), owner)).json()
    expect(second.url).toBe(first.url)
    expect((await remove(first._id, keeper)).statusCode).toBe(200)
    for (const file of filesOf(second)) expect(await exists(file)).toBe(true)
    expect((await remove(second._id, keeper)).statusCode).toBe(200)
    for (const file of filesOf(second)) expect(await exists(file)).toBe(false)
  })

  it('answers 401 anonymous, 404 to shoppers and other shops\' staff, and 400 for a bad id, deleting nothing', async () => {
    const body = (await upload(multipart(await png(200, 200)), keeper)).json()
    expect((await remove(body._id)).statusCode).toBe(401)
    expect((await remove(body._id, shopper)).statusCode).toBe(404)
    expect((await remove(body._id, outsider)).statusCode).toBe(404)
    expect((await remove('not-a-uuid', keeper)).statusCode).toBe(400)
    for (const file of filesOf(body)) expect(await exists(file)).toBe(true)
    expect((await ctx.database.db.select().from(uploads).where(eq(uploads.id, body._id))).length).toBe(1)
  })
})

describe('GET /uploads/*', () => {
  it('answers 404 in the error shape for a missing file and never leaves the uploads directory', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/uploads/ab/missing.webp' })
    expect(missing.statusCode).toBe(404)
    errorBody(missing)
    for (const url of ['/uploads/../../etc/passwd', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/..%2f..%2fpackage.json']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.body).not.toContain('root:')
    }
  })
})

describe('deleting a product', () => {
  it('removes its image files from disk once no product of the shop shows them', async () => {
    const image = (await upload(multipart(await png(420, 420)), keeper)).json<UploadedImage>()
    const files = [image.url, image.thumbnail].map((url) => `${ctx.app.storage.root!}/${url.slice('/uploads/'.length)}`)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: keeper.headers,
      payload: { shop: shop.id, title: 'Clay pot', price: { value: 30, currency: 'GHS' }, images: [{ url: image.url, thumbnail: image.thumbnail }] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const before = await Promise.all(files.map((file) => fs.stat(file)))
    expect(before.every((stat) => stat.size > 0)).toBe(true)

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${created.json()._id}`, headers: keeper.headers })
    expect(deleted.statusCode).toBe(200)
    for (const file of files) await expect(fs.stat(file)).rejects.toThrow(/ENOENT/)
    expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404)
  })
})
