/**
 * The limits' counters: in memory, and in a real Redis server when TEST_REDIS_URL is set (CI sets it),
 * where two apps, as two processes would, count together.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { type Counters, memoryCounters, redisCounters } from '../src/lib/counters'
import { createUser, productionLimits, setupApp } from './helpers'

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

  it('fail open when Redis cannot be reached', async () => {
    const warnings: Error[] = []
    const gone = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false })
    const counters = redisCounters(gone, prefix, (error) => warnings.push(error))
    expect(await counters.hit('x', 1000)).toBe(0)
    expect(await counters.count('x')).toBe(0)
    expect(warnings).toHaveLength(2)
    gone.disconnect()
  })
})
