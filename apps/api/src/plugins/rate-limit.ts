/**
 * Rate limits, counted in Redis when REDIS_URL is set (shared by every process), in memory otherwise.
 * - Route throttles: nothing is limited globally; routes opt in with `config.rateLimit` or
 *   `app.createRateLimit({...})` (@fastify/rate-limit).
 * - Abuse limits with keys of their own (a buyer, an address, wrong codes only): `app.counters`, read by
 *   lib/limits.ts. Counts a request holds until it ends (a discount code tried) are settled once its
 *   answer is sent.
 */
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { type Counters, memoryCounters, redisCounters } from '../lib/counters'
import { TooManyRequests } from '../lib/errors'
import { settleRequest } from '../lib/limits'
import type { ServiceContext } from '../context'

declare module 'fastify' {
  interface FastifyInstance {
    counters: Counters
  }
}

export default fp(async function limits(app: FastifyInstance) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true,
    nameSpace: 'shop-rl:',
    errorResponseBuilder: () => TooManyRequests(),
  })
  app.decorate(
    'counters',
    redis
      ? redisCounters(redis, 'shop-limit:', (error) => app.log.warn({ err: error }, 'rate-limit counters unavailable'))
      : memoryCounters(),
  )
  app.addHook('onResponse', async (request) => {
    // Null for a request refused before the context's onRequest hook set it.
    const ctx = request.ctx as ServiceContext | null
    if (ctx) await settleRequest(ctx)
  })
})
