/**
 * Uploads in an S3-compatible bucket (a real s3rver on 127.0.0.1): the same checks and thumbnails as on
 * disk, objects written with their type and a cache-forever header and served from the bucket, old
 * `/uploads/` URLs sent on to it, and a product's images removed from it once nothing of the shop shows them.
 */
import type { UploadedImage } from '@shop/domain/schemas/uploads'
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { uploads } from '../src/db/schema'
import { storeImage, storedKeys } from '../src/lib/images'
import { localStorage } from '../src/lib/storage'
import { repoRoot } from '../src/paths'
import { type TestShop, type TestUser, createShop, createStaffedShop, errorBody, setupApp } from './helpers'
import { startS3Peer } from './s3-peer'
import { multipart, png } from './upload-fixtures'

const peer = await startS3Peer()
afterAll(() => peer.close())
const ctx = await setupApp({ s3: peer.settings })
const { shop, keeper, outsider } = await createStaffedShop(ctx)
const bucketBase = `${peer.settings.endpoint}/${peer.settings.bucket}/`

async function upload(image: Buffer, user: TestUser, target: TestShop = shop): Promise<UploadedImage> {
  const body = multipart(image)
  const response = await ctx.app.inject({ method: 'POST', url: `/api/uploads?shop=${target.id}`, headers: { ...body.headers, ...user.headers }, payload: body.payload })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function createProduct(user: TestUser, images: UploadedImage[], target: TestShop = shop): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: user.headers,
    payload: { shop: target.id, title: 'Kente scarf', price: { value: 40, currency: 'GHS' }, images: images.map(({ url, thumbnail }) => ({ url, thumbnail })) },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()._id
}

const stored = (url: string) => fetch(url)
const shopUploads = async (target: TestShop = shop) => ctx.database.db.select().from(uploads).where(eq(uploads.shopId, target.id))

describe('uploads in an S3 bucket', () => {
  it('stores the bounded WebP and its thumbnail in the bucket with their type and a cache-forever header', async () => {
    const image = await upload(await png(2400, 1200), keeper)
    expect(image.url).toMatch(new RegExp(`^${bucketBase}[0-9a-f]{2}/[0-9a-f]{32}\\.webp$`))
    expect(image.thumbnail).toMatch(new RegExp(`^${bucketBase}[0-9a-f]{2}/[0-9a-f]{32}-thumb\\.webp$`))
    for (const [url, side] of [[image.url, 2000], [image.thumbnail, 400]] as const) {
      const response = await stored(url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect([meta.format, meta.width]).toEqual(['webp', side])
    }
    expect(ctx.app.storage.root).toBeNull()
  })

  it('refuses what is not an image as before, storing nothing', async () => {
    const before = (await shopUploads()).length
    const body = multipart(Buffer.from('not an image at all'), 'photo.png')
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads?shop=${shop.id}`,
      headers: { ...body.headers, ...keeper.headers },
      payload: body.payload,
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'file', message: 'must be a JPEG, PNG, WebP or AVIF image' }])
    expect((await shopUploads()).length).toBe(before)
  })

  it('sends a /uploads/ URL saved before the move on to the same object in the bucket', async () => {
    const image = await upload(await png(300, 200), keeper)
    const key = image.url.slice(bucketBase.length)
    const response = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe(image.url)
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/../config.json' })).statusCode).toBe(404)
  })

  it('accepts a product image by its bucket URL and by its /uploads/ URL, storing the bucket one', async () => {
    const image = await upload(await png(500, 500), keeper)
    const key = image.url.slice(bucketBase.length)
    const thumbnailKey = image.thumbnail.slice(bucketBase.length)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: keeper.headers,
      payload: { shop: shop.id, title: 'Old link', price: { value: 5, currency: 'GHS' }, images: [{ url: `/uploads/${key}`, thumbnail: image.thumbnail }] },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().images).toMatchObject([{ url: image.url, thumbnail: image.thumbnail, alt: '' }])
    expect(thumbnailKey).toMatch(/-thumb\.webp$/)
  })

  it("removes a product's images from the bucket once no product of the shop shows them", async () => {
    const image = await upload(await png(640, 480), keeper)
    const first = await createProduct(keeper, [image])
    const second = await createProduct(keeper, [image])

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${first}`, headers: keeper.headers })
    expect(deleted.statusCode).toBe(200)
    expect((await stored(image.url)).status).toBe(200)

    const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${second}`, headers: keeper.headers, payload: { images: [] } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect((await stored(image.url)).status).toBe(404)
    expect((await stored(image.thumbnail)).status).toBe(404)
    expect((await shopUploads()).some((row) => image.url.endsWith(row.key))).toBe(false)
  })

  it('keeps the objects while another shop has uploaded the same bytes', async () => {
    const bytes = await png(720, 360)
    const otherShop = await createShop(ctx, { owner: outsider })
    const mine = await upload(bytes, keeper)
    const theirs = await upload(bytes, outsider, otherShop)
    expect(theirs.url).toBe(mine.url)
    const product = await createProduct(keeper, [mine])

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/products/${product}`, headers: keeper.headers })).statusCode).toBe(200)
    expect((await shopUploads()).some((row) => mine.url.endsWith(row.key))).toBe(false)
    expect((await stored(mine.url)).status).toBe(200)
    expect((await shopUploads(otherShop)).some((row) => theirs.url.endsWith(row.key))).toBe(true)
  })
})

describe('npm run storage:copy', () => {
  it('copies a local uploads directory into the bucket under the same keys, with their types and cache headers', async () => {
    const local = localStorage(path.join(ctx.dataDir, 'before-the-move'))
    const images = [await storeImage(local, await png(333, 222)), await storeImage(local, await png(222, 333))]
    const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', 'scripts/storage-copy.ts', local.root!], {
      cwd: repoRoot,
      env: { ...process.env, ...peer.env, DATA_DIR: ctx.dataDir, DATABASE_URL: '' },
    })
    // Every file an upload makes: original, thumbnail, each width in AVIF and WebP, the icons.
    const keys = images.flatMap(storedKeys)
    expect(stdout).toContain(`Copied ${keys.length} files`)
    for (const key of keys) {
      const response = await stored(ctx.app.storage.publicUrl(key))
      expect(response.status, key).toBe(200)
      expect(response.headers.get('content-type')).toBe(key.endsWith('.avif') ? 'image/avif' : 'image/webp')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(Buffer.from(await response.arrayBuffer()).equals(await fs.readFile(path.join(local.root!, key)))).toBe(true)
    }
  })
})
