/**
 * Read-after-write for a caller served by a replica (docs/decisions/0047-read-replica.md): any request that
 * may write (POST, PUT, PATCH, DELETE) leaves a short-lived cookie, and while the caller sends it back their
 * reads go to the primary, so a buyer who just ordered sees the stock their order took. Only when a
 * replica is configured; without one every read is the primary's anyway.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

export const WROTE_COOKIE = 'shoplet_wrote'
/** Longer than a replica in use can be behind (two lag checks): after it, the replica has the write. */
export const WROTE_COOKIE_SECONDS = 30

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The caller wrote in the last WROTE_COOKIE_SECONDS (their cookie says so). */
export function wroteLately(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${WROTE_COOKIE}=`))
}

/** The cookie to pass on to the server's own in-process API calls for `request` (server rendering), if it has it. */
export function wroteCookie(request: FastifyRequest): { cookie?: string } {
  return wroteLately(request) ? { cookie: `${WROTE_COOKIE}=1` } : {}
}

export default fp(
  async function readAfterWrite(app: FastifyInstance) {
    if (!app.database.replica) return
    app.addHook('onSend', async (request, reply, payload) => {
      if (writes.has(request.method)) {
        const secure = request.protocol === 'https' ? '; Secure' : ''
        reply.header('set-cookie', `${WROTE_COOKIE}=1; Max-Age=${WROTE_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`)
      }
      return payload
    })
  },
  { name: 'read-after-write', dependencies: ['context'] },
)
