/**
 * What uploads may cost a shop and the platform: a rate per account and shop (each image costs seconds of
 * CPU to decode and resize), and a storage quota per shop, both answered before the image is decoded and
 * both holding when uploads arrive at once.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { uploads } from '../src/db/schema'
import { type Limiter, createLimiter } from '../src/lib/limiter'
import { type TestContext, type TestUser, createShop, createStaffedShop, createUser, errorBody, productionLimits, setupApp } from './helpers'
import { multipart } from './upload-fixtures'

/** The app's decoding limiter, counting the images it decodes. */
function countingLimiter() {
  const inner = createLimiter(2)
  const limiter: Limiter & { decodes: number } = {
    decodes: 0,
    run(task) {
      limiter.decodes++
      return inner.run(task)
    },
    get active() {
      return inner.active
    },
    get waiting() {
      return inner.waiting
    },
  }
  return limiter
}

/** A small PNG of one colour of its own, so each upload is a different picture. */
const picture = () => {
  const [r, g, b] = randomBytes(3)
  return sharp({ create: { width: 48, height: 48, channels: 3, background: { r: r!, g: g!, b: b! } } }).png().toBuffer()
}

const upload = async (ctx: TestContext, shopId: string, user: TestUser, image?: Buffer) => {
  const body = multipart(image ?? (await picture()))
  return ctx.app.inject({ method: 'POST', url: `/api/uploads?shop=${shopId}`, headers: { ...body.headers, ...user.headers }, payload: body.payload })
}

const rowsOf = async (ctx: TestContext, shopId: string) => ctx.database.db.select().from(uploads).where(eq(uploads.shopId, shopId))
const storedFiles = async (ctx: TestContext) => (await fs.readdir(ctx.app.storage.root!, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).length

describe('uploads per account', () => {
  it('are limited per account and shop, answered 429 before the image is decoded, even when sent at once', async () => {
    const limiter = countingLimiter()
    const ctx = await setupApp({ limits: productionLimits, uploadsPerAccount: { max: 3, windowMs: 3_600_000 } }, { imageLimiter: limiter })
    const { shop, keeper, owner } = await createStaffedShop(ctx)
    const images = await Promise.all(Array.from({ length: 6 }, picture))
    const responses = await Promise.all(images.map((image) => upload(ctx, shop.id, keeper, image)))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(3)
    const refused = responses.filter((response) => response.statusCode === 429)
    expect(refused).toHaveLength(3)
    expect(errorBody(refused[0]!).message).toMatch(/Too many pictures uploaded/)
    expect(limiter.decodes).toBe(3)
    expect(await rowsOf(ctx, shop.id)).toHaveLength(3)

    // Another account of the shop, and the same account in another shop, have their own allowance.
    expect((await upload(ctx, shop.id, owner)).statusCode).toBe(201)
    const elsewhere = await createShop(ctx, { owner: keeper })
    expect((await upload(ctx, elsewhere.id, keeper)).statusCode).toBe(201)
  })

  it('are not limited with RATE_LIMITS=off', async () => {
    const ctx = await setupApp({ limits: { ...productionLimits, enabled: false }, uploadsPerAccount: { max: 1, windowMs: 3_600_000 } })
    const owner = await createUser(ctx)
    const shop = await createShop(ctx, { owner })
    for (let i = 0; i < 3; i++) expect((await upload(ctx, shop.id, owner)).statusCode).toBe(201)
  })
})

describe("a shop's picture storage", () => {
  /** What one picture of `picture()`'s kind takes in storage, with every copy made from it. */
  async function storedSize(): Promise<number> {
    const ctx = await setupApp()
    const owner = await createUser(ctx)
    const shop = await createShop(ctx, { owner })
    expect((await upload(ctx, shop.id, owner)).statusCode).toBe(201)
    const [row] = await rowsOf(ctx, shop.id)
    return row!.size
  }

  /** Stands for pictures the shop already keeps: `size` bytes under a key of their own. */
  const keep = (ctx: TestContext, shopId: string, size: number) =>
    ctx.database.db
      .insert(uploads)
      .values({ shopId, key: `ff/${randomBytes(16).toString('hex')}.webp`, thumbnailKey: 'ff/kept-thumb.webp', contentType: 'image/webp', size, width: 10, height: 10 })
      .returning()
      .then(([row]) => row!)

  it('counts every copy of a picture: the original, thumbnail, widths and icons', async () => {
    const ctx = await setupApp()
    const owner = await createUser(ctx)
    const shop = await createShop(ctx, { owner })
    expect((await upload(ctx, shop.id, owner)).statusCode).toBe(201)
    const [row] = await rowsOf(ctx, shop.id)
    const files = await fs.readdir(ctx.app.storage.root!, { recursive: true, withFileTypes: true })
    let bytes = 0
    for (const file of files.filter((f) => f.isFile())) bytes += (await fs.stat(`${file.parentPath}/${file.name}`)).size
    expect(row!.size).toBe(bytes)
  })

  it('refuses an upload past the quota before decoding it, saying how full it is, and takes it once room is made', async () => {
    const limiter = countingLimiter()
    const ctx = await setupApp({ shopStorageQuota: 2 * 1024 * 1024 }, { imageLimiter: limiter })
    const { shop, keeper } = await createStaffedShop(ctx)
    const kept = await keep(ctx, shop.id, 2 * 1024 * 1024 - 100)
    const files = await storedFiles(ctx)

    const refused = await upload(ctx, shop.id, keeper)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).message).toBe("Your shop's picture storage is full (2 of 2 MB used): delete pictures no product uses to make room.")
    expect(limiter.decodes).toBe(0)
    expect(await rowsOf(ctx, shop.id)).toHaveLength(1)
    expect(await storedFiles(ctx)).toBe(files)

    await ctx.database.db.delete(uploads).where(eq(uploads.id, kept.id))
    expect((await upload(ctx, shop.id, keeper)).statusCode).toBe(201)
  })

  it('holds when uploads arrive at once: of four that each fit alone, one is kept and the others leave no files', async () => {
    const size = await storedSize()
    const limiter = countingLimiter()
    const quota = 10 * size
    const ctx = await setupApp({ shopStorageQuota: quota }, { imageLimiter: limiter })
    const { shop, keeper } = await createStaffedShop(ctx)
    // Room for one and a half pictures.
    await keep(ctx, shop.id, quota - Math.floor(1.5 * size))
    const responses = await Promise.all(Array.from({ length: 4 }, () => upload(ctx, shop.id, keeper)))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(3)
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(errorBody(response).message).toMatch(/picture storage is full/)
    const rows = await rowsOf(ctx, shop.id)
    expect(rows.reduce((total, row) => total + row.size, 0)).toBeLessThanOrEqual(quota)
    // Only the kept picture's files remain.
    const kept = rows.find((row) => !row.key.startsWith('ff/'))!
    const files = await fs.readdir(ctx.app.storage.root!, { recursive: true, withFileTypes: true })
    expect(files.filter((f) => f.isFile()).every((f) => f.name.startsWith(kept.key.slice(3, -5)))).toBe(true)
  })

  it('is per shop: another shop uploads while this one is full', async () => {
    const ctx = await setupApp({ shopStorageQuota: 1024 * 1024 })
    const { shop, otherShop, keeper, outsider } = await createStaffedShop(ctx)
    await keep(ctx, shop.id, 1024 * 1024)
    expect((await upload(ctx, shop.id, keeper)).statusCode).toBe(409)
    expect((await upload(ctx, otherShop.id, outsider)).statusCode).toBe(201)
  })
})
