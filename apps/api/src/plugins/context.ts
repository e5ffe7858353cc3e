/**
 * Builds each request's service context (`request.ctx`, context.ts) once, in onRequest: the caller is the
 * user of `Authorization: Bearer <token>` (looked up by its hash; one query, and only when a token is
 * sent), limited to the shop whose site received the token; without a valid token, anonymous. An
 * anonymous caller who has not written lately may read public data from the replica (`ctx.readDb`).
 * Everything else in the context is shared by the app: database, config, storage, counters, image limiter.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type ActorIdentity, anonymousActor } from '../actor'
import { findTokenOwner } from '../actor.repository'
import { type ServiceContext, createContext } from '../context'
import { sha256 } from '../lib/crypto'
import { requestHost } from '../modules/shops/shop-host'
import { wroteLately } from './read-after-write'

declare module 'fastify' {
  interface FastifyRequest {
    /** The context services run with for this request (set in onRequest, before any route hook). */
    ctx: ServiceContext
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim())
  return match?.[1] ?? null
}

/**
 * The request's Origin header (when sent), then its own scheme (X-Forwarded-Proto from a trusted proxy) and
 * Host header (never X-Forwarded-Host).
 */
function originsOf(request: FastifyRequest): string[] {
  const host = requestHost(request.headers.host)
  const self = host ? [`${request.protocol}://${host}`] : []
  const origin = request.headers.origin
  return origin ? [origin, ...self] : self
}

/** Methods that change nothing; any other asks to change something (`ActorIdentity.writes`). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

async function identify(app: FastifyInstance, request: FastifyRequest): Promise<ActorIdentity> {
  const token = bearerToken(request)
  const found = token ? await findTokenOwner(app.db, sha256(token)) : null
  if (!found) return anonymousActor(request.ip, originsOf(request))
  const { tokenId, tokenShopId, ...user } = found
  return { kind: 'user', user, tokenId, tokenShopId, ip: request.ip, origins: originsOf(request), writes: !READS.has(request.method) }
}

export default fp(
  async function context(app: FastifyInstance) {
    app.decorateRequest('ctx', null as unknown as ServiceContext)
    app.addHook('onRequest', async (request) => {
      const actor = await identify(app, request)
      request.ctx = createContext({
        database: app.database,
        config: app.config,
        storage: app.storage,
        counters: app.counters,
        imageLimiter: app.imageLimiter,
        suspendedShops: app.suspendedShops,
        log: request.log,
        actor,
        replicaReads: actor.kind === 'anonymous' && !wroteLately(request),
      })
    })
  },
  { name: 'context' },
)
