/**
 * Image decoding is bounded per process: however many uploads arrive at once, at most IMAGE_CONCURRENCY
 * images are decoded at the same time; the others wait their turn and then succeed.
 */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { type Limiter, createLimiter } from '../src/lib/limiter'
import { createStaffedShop, setupApp } from './helpers'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('createLimiter', () => {
  it('runs at most N tasks at once, starts waiting ones in order as others finish, and survives failures', async () => {
    const limiter = createLimiter(2)
    const gates = Array.from({ length: 5 }, deferred)
    const started: number[] = []
    const results = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i)
        await gate.promise
        if (i === 1) throw new Error('task 1 failed')
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect([limiter.active, limiter.waiting]).toEqual([2, 3])

    gates[1]!.resolve()
    await expect(results[1]).rejects.toThrow('task 1 failed')
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]), { timeout: 5_000 })
    expect([limiter.active, limiter.waiting]).toEqual([2, 2])

    for (const gate of gates) gate.resolve()
    expect(await Promise.all([results[0], results[2], results[3], results[4]])).toEqual([0, 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect([limiter.active, limiter.waiting]).toEqual([0, 0])
  })

  it('refuses a concurrency that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createLimiter(bad)).toThrow(RangeError)
  })
})

// The app's own limiter (IMAGE_CONCURRENCY = 2), wrapped to count the decodes running inside it and to hold
// them until the test lets them go, so the bound is seen without relying on timing.
const bound = createLimiter(2)
const release = deferred()
let running = 0
let peak = 0
let decodes = 0
const observed: Limiter = {
  run: (task) =>
    bound.run(async () => {
      decodes++
      running++
      peak = Math.max(peak, running)
      try {
        await release.promise
        return await task()
      } finally {
        running--
      }
    }),
  get active() {
    return bound.active
  },
  get waiting() {
    return bound.waiting
  },
}

const ctx = await setupApp({ imageConcurrency: 2 }, { imageLimiter: observed })
const { shop, keeper } = await createStaffedShop(ctx)

function multipart(content: Buffer) {
  const boundary = `----limit-test-${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...keeper.headers },
  }
}

describe('concurrent uploads', () => {
  it('never decode more than the limit at once; the rest wait and then succeed', async () => {
    const images = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 40 * i, g: 90, b: 20 } } }).png().toBuffer(),
      ),
    )
    const responses = Promise.all(
      images.map((image) => ctx.app.inject({ method: 'POST', url: `/api/uploads?shop=${shop.id}`, ...multipart(image) })),
    )
    // Every upload has reached the limiter: two decode, four wait.
    await vi.waitFor(() => expect([bound.active, bound.waiting]).toEqual([2, 4]), { timeout: 20_000 })
    expect(running).toBe(2)

    release.resolve()
    const done = await responses
    expect(done.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201])
    expect(decodes).toBe(6)
    expect(peak).toBe(2)
    expect([bound.active, bound.waiting]).toEqual([0, 0])
  })
})
