/**
 * Health checks for load balancers and orchestrators (docs/decisions/0102-health-and-drain.md):
 *
 * - `/healthz`: the process answers (200), nothing more: a liveness probe that restarts only a stuck process;
 * - `/readyz`: this process should get traffic: the database answers, every migration this build knows
 *   is applied, and the server is not draining; otherwise 503 naming the reason.
 *
 * On SIGTERM server.ts calls `readiness.drain()` and keeps serving for DRAIN_SECONDS while `/readyz` says
 * 503, so the load balancer stops sending before the server closes. Both answer on every host, are never
 * cached and are left out of the OpenAPI document, like the other routes that are not the API.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { driverQuery } from '../db/client'
import { Unavailable } from '../lib/errors'
import { migrationsFolder } from '../paths'
import { errorBody } from './errors'

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      /** From now on `/readyz` answers 503: the server is about to stop. */
      drain(): void
      readonly draining: boolean
    }
  }
}

/** How long `/readyz` waits for the database before it says it does not answer. */
const DATABASE_WAIT_MS = 2000

/** When the newest migration this build carries was made: drizzle records it as the applied row's `created_at`. */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}

export default fp(async function health(app: FastifyInstance) {
  let draining = false
  app.decorate('readiness', {
    drain: () => void (draining = true),
    get draining() {
      return draining
    },
  })

  const newest = newestMigration()
  const query = driverQuery(app.db)
  let migrated = false
  /** Why this process should get no traffic now, or null when it should. */
  async function notReadyBecause(): Promise<string | null> {
    if (draining) return 'The server is shutting down'
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), DATABASE_WAIT_MS)))
    try {
      const answer = await Promise.race([
        query('select coalesce(max(created_at), 0)::text as applied from drizzle.__drizzle_migrations', []),
        timeout,
      ])
      if (answer === 'timeout') return `The database did not answer within ${DATABASE_WAIT_MS / 1000} s`
      // Applied migrations stay applied: once seen, later probes only ask whether the database answers.
      migrated ||= Number(answer[0]?.applied) >= newest
      return migrated ? null : 'The database is missing migrations: it has not been migrated to this version'
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database did not answer')
      return 'The database does not answer'
    } finally {
      clearTimeout(timer)
    }
  }

  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }))

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const reason = await notReadyBecause()
    if (reason) return reply.status(503).send(errorBody(Unavailable(reason), request.id))
    return { status: 'ready' }
  })
})
