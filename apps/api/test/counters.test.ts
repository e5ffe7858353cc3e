/**
 * The limits' counters: in memory, and in a real Redis server when TEST_REDIS_URL is set (CI sets it),
 * where two apps, as two processes would, count together.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { type Counters, memoryCounters, redisCounters } from '../src/lib/counters'
import { createShop, createUser, productionLimits, setupApp } from './helpers'

function behavesAsCounters(make: () => Counters, advance: (ms: number) => Promise<void>) {
  it('counts hits per key within a window, then starts again', async () => {
    const counters = make()
    const key = `k-${randomBytes(4).toString('hex')}`
    expect(await counters.count(key)).toBe(0)
    expect(await counters.hit(key, 300)).toBe(1)
    expect(await counters.hit(key, 300)).toBe(2)
    expect(await counters.hit(`${key}-other`, 300)).toBe(1)
    expect(await counters.count(key)).toBe(2)
    await advance(400)
    expect(await counters.count(key)).toBe(0)
    expect(await counters.hit(key, 300)).toBe(1)
  })

  it('gives each of many hits at once its own place', async () => {
    const counters = make()
    const key = `k-${randomBytes(4).toString('hex')}`
    const places = await Promise.all(Array.from({ length: 50 }, () => counters.hit(key, 60_000)))
    expect(places.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })

  it('takes a hit back, never below zero, and not into a window that has ended', async () => {
    const counters = make()
    const key = `k-${randomBytes(4).toString('hex')}`
    await counters.hit(key, 300)
    await counters.hit(key, 300)
    await counters.giveBack(key)
    expect(await counters.count(key)).toBe(1)
    await counters.giveBack(key)
    await counters.giveBack(key)
    expect(await counters.count(key)).toBe(0)
    expect(await counters.hit(key, 300)).toBe(1)
    await advance(400)
    await counters.giveBack(key)
    expect(await counters.count(key)).toBe(0)
    expect(await counters.hit(key, 300)).toBe(1)
  })
}

describe('memory counters', () => {
  let time = 1_000_000
  behavesAsCounters(
    () => memoryCounters(() => time),
    async (ms) => void (time += ms),
  )
})

const redisUrl = process.env.TEST_REDIS_URL
describe.runIf(redisUrl)('Redis counters', () => {
  const redis = new Redis(redisUrl!, { lazyConnect: false })
  const prefix = `shop-test-${process.pid}-${randomBytes(3).toString('hex')}:`
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  behavesAsCounters(
    () => redisCounters(redis, prefix, (error) => { throw error }),
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  )

  it('are shared by every process: wrong passwords on one app count on another', async () => {
    const limits = { ...productionLimits, loginFailuresPerIpAndAddress: { max: 3, windowMs: 60_000 } }
    const first = await setupApp({ redisUrl: redisUrl!, limits })
    const second = await setupApp({ redisUrl: redisUrl!, limits })
    const user = await createUser(first, { email: `shared-${randomBytes(4).toString('hex')}@example.com` })
    const attempt = (app: typeof first.app, password: string) =>
      app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '10.30.0.1', payload: { email: user.email, password } })
    for (const app of [first.app, second.app, first.app]) expect((await attempt(app, 'wrong-guess')).statusCode).toBe(401)
    expect((await attempt(second.app, 'wrong-guess')).statusCode).toBe(429)
  })

  it('hold under concurrency across processes: of 30 wrong passwords sent at once to two apps, 10 are checked', async () => {
    const limits = { ...productionLimits, loginSlowdown: { ...productionLimits.loginSlowdown, baseDelayMs: 1, maxDelayMs: 4 } }
    const first = await setupApp({ redisUrl: redisUrl!, limits })
    const second = await setupApp({ redisUrl: redisUrl!, limits })
    const user = await createUser(first, { email: `parallel-${randomBytes(4).toString('hex')}@example.com` })
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? first : second).app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '10.31.0.1', payload: { email: user.email, password: `guess-${i}` } }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
  })

  it('hold under concurrency for discount codes: of 12 wrong codes sent at once to two apps, 4 are looked up', async () => {
    const limits = { ...productionLimits, wrongDiscountCodes: { max: 4, windowMs: 60_000 } }
    const first = await setupApp({ redisUrl: redisUrl!, limits })
    const second = await setupApp({ redisUrl: redisUrl!, limits })
    const shop = await createShop(first, { owner: await createUser(first) })
    const ip = `10.32.${randomBytes(1)[0]}.1`
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).app.inject({ url: `/api/discount-codes/?code=GUESS${i}&shop=${shop.id}`, remoteAddress: ip })),
    )
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(4)
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(8)
  })

  it('fail open when Redis cannot be reached', async () => {
    const warnings: Error[] = []
    const gone = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false })
    const counters = redisCounters(gone, prefix, (error) => warnings.push(error))
    expect(await counters.hit('x', 1000)).toBe(0)
    expect(await counters.count('x')).toBe(0)
    await counters.giveBack('x')
    expect(warnings).toHaveLength(3)
    gone.disconnect()
  })
})
