import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Database, Db } from '../db/client'
import { type Storage, localStorage } from '../lib/storage'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
    storage: Storage
  }
}

/** Shares the already-opened database, the config and file storage with every plugin and route. */
export default fp(async function database(app: FastifyInstance, options: { database: Database; config: Config }) {
  app.decorate('database', options.database)
  app.decorate('db', options.database.db)
  app.decorate('config', options.config)
  app.decorate('storage', localStorage(options.config.dataDir))
})
