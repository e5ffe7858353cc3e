/**
 * Rate limits: counters in Redis when REDIS_URL is set (shared by every process), in memory otherwise.
 * Nothing is limited globally; routes opt in with `config.rateLimit` or `app.rateLimit({...})`.
 */
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { TooManyRequests } from '../lib/errors'

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
})
