import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Database, Db } from '../db/client'
import { type Limiter, createLimiter } from '../lib/limiter'
import { openStorage } from '../lib/open-storage'
import type { Storage } from '../lib/storage'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
    storage: Storage
    /** Bounds how many images this process decodes at once (IMAGE_CONCURRENCY). */
    imageLimiter: Limiter
  }
}

/**
 * Shares the already-opened database, the config, file storage and the image decoding limiter with every
 * plugin and route.
 */
export default fp(async function database(
  app: FastifyInstance,
  options: { database: Database; config: Config; imageLimiter?: Limiter; storage?: Storage },
) {
  app.decorate('database', options.database)
  app.decorate('db', options.database.db)
  app.decorate('config', options.config)
  app.decorate('storage', options.storage ?? (await openStorage(options.config)))
  app.decorate('imageLimiter', options.imageLimiter ?? createLimiter(options.config.imageConcurrency))
})
