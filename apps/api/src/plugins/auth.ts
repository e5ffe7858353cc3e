/**
 * Who is calling. `Authorization: Bearer <token>` is looked up by its hash; `request.user` is the token's
 * user or null, and `request.tokenShopId` the shop the token is limited to (null: a platform-wide token).
 *
 * A token handed to one shop's site acts only there: in any other shop its holder is a stranger, with no
 * role (staff calls answer 404) and no buyer identity (as if no token was sent). These functions are the
 * only ways services read the caller, so DESIGN §6's table and the token's scope are enforced in one place:
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
    tokenShopId: string | null
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim())
  return match?.[1] ?? null
}

/** The caller, for what is theirs whatever the shop: their profile, their token. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw NotAuthenticated()
  return request.user
}

/** The caller as a user of `shopId`: null when anonymous or when the token belongs to another shop's site. */
export function shopUser(request: FastifyRequest, shopId: string): AuthUser | null {
  const user = request.user
  if (!user) return null
  return request.tokenShopId && request.tokenShopId !== shopId.toLowerCase() ? null : user
}

/** `shopUser`, or 401. */
export function requireShopUser(request: FastifyRequest, shopId: string): AuthUser {
  const user = shopUser(request, shopId)
  if (!user) throw NotAuthenticated()
  return user
}

/** The caller with a platform-wide token (what no single shop's site may do, such as opening a shop); else 401/403. */
export function requirePlatformUser(request: FastifyRequest): AuthUser {
  const user = requireUser(request)
  if (request.tokenShopId) throw Forbidden("This session belongs to one shop's site; sign in on the platform's site to do this")
  return user
}

/** The caller's active role in `shopId`, or null (anonymous, no role, or a token of another shop's site). */
export async function callerRole(request: FastifyRequest, shopId: string): Promise<StaffRole | null> {
  const user = shopUser(request, shopId)
  return user ? findActiveRole(request.server.db, shopId, user.id) : null
}

/** Checks the caller's role in `shopId` and returns it; throws 401/404/403 as described above. */
export async function authorize(request: FastifyRequest, shopId: string, permission: Permission): Promise<StaffRole> {
  requireUser(request)
  const role = await callerRole(request, shopId)
  if (!role) throw NotFound()
  if (!can(role, permission)) throw Forbidden()
  return role
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null)
  app.decorateRequest('tokenId', null)
  app.decorateRequest('tokenShopId', null)
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request)
    if (!token) return
    const found = await findUserByTokenHash(app.db, sha256(token))
    if (!found) return
    const { tokenId, tokenShopId, ...user } = found
    request.user = user
    request.tokenId = tokenId
    request.tokenShopId = tokenShopId
  })
})
