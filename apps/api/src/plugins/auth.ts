/**
 * Who is calling. `Authorization: Bearer <token>` is looked up by its hash; `request.user` is the caller or
 * null. `requireUser` and `authorize` are the only ways routes check access, so DESIGN §6's table is
 * enforced in one place:
 *   anonymous → 401; no active role in the shop → 404 (another shop's data does not exist for you);
 *   a role below the permission → 403.
 */
import { type Permission, type StaffRole, can } from '@shop/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sha256 } from '../lib/crypto'
import { Forbidden, NotAuthenticated, NotFound } from '../lib/errors'
import { type AuthUser, findUserByTokenHash } from '../modules/auth/token.repository'
import { findActiveRole } from '../modules/staff/shop-role.repository'

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
    tokenId: string | null
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim())
  return match?.[1] ?? null
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw NotAuthenticated()
  return request.user
}

/** Checks the caller's role in `shopId` and returns it; throws 401/404/403 as described above. */
export async function authorize(request: FastifyRequest, shopId: string, permission: Permission): Promise<StaffRole> {
  const user = requireUser(request)
  const role = await findActiveRole(request.server.db, shopId, user.id)
  if (!role) throw NotFound()
  if (!can(role, permission)) throw Forbidden()
  return role
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null)
  app.decorateRequest('tokenId', null)
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request)
    if (!token) return
    const found = await findUserByTokenHash(app.db, sha256(token))
    if (!found) return
    const { tokenId, ...user } = found
    request.user = user
    request.tokenId = tokenId
  })
})
