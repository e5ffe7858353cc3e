/**
 * Cache headers of every answer that does not set its own (lib/http-cache.ts holds the rules):
 *
 * - a route with `config: { publicRead: true }` (the shop profile, products, categories, reviews,
 *   delivery regions and rates) answers a weak `ETag` and `304 Not Modified` to a matching
 *   `If-None-Match`; anonymous, it may be kept by any cache for a short time (`Vary: Authorization`), with
 *   a token only by the caller's browser, and asked again each time;
 * - everything else is `private, no-store`: nothing personal is ever kept by a shared cache.
 *
 * Registered before the compression plugin's route hooks run, so the tag is taken from the plain body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { NO_STORE, PRIVATE_READ, PUBLIC_READ, addVary, etagMatches, weakEtag } from '../lib/http-cache'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read anyone may make whose answer is the same for every anonymous caller: cacheable, with ETag. */
    publicRead?: boolean
  }
}

function cachePublicRead(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    reply.header('cache-control', NO_STORE)
    return payload
  }
  const etag = weakEtag(payload)
  reply.header('etag', etag)
  reply.header('vary', addVary(reply.getHeader('vary') as string | undefined, 'Authorization'))
  reply.header('cache-control', request.headers.authorization ? PRIVATE_READ : PUBLIC_READ)
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload
  reply.code(304)
  reply.removeHeader('content-type')
  reply.removeHeader('content-length')
  return ''
}

export default fp(async function httpCache(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload
    const read = request.method === 'GET' || request.method === 'HEAD'
    if (read && reply.statusCode === 200 && request.routeOptions.config.publicRead) {
      return cachePublicRead(request, reply, payload)
    }
    reply.header('cache-control', NO_STORE)
    return payload
  })
})
