import type { Permission, StaffRole } from '@shop/domain'
import type { FastifyRequest } from 'fastify'
import type { AuthUser } from '../actor'

export const requireUser = (request: FastifyRequest): AuthUser => request.ctx.actor.requireUser()
export const shopUser = (request: FastifyRequest, shopId: string): AuthUser | null => request.ctx.actor.shopUser(shopId)
export const requireShopUser = (request: FastifyRequest, shopId: string): AuthUser => request.ctx.actor.requireShopUser(shopId)
export const requirePlatformUser = (request: FastifyRequest): AuthUser => request.ctx.actor.requirePlatformUser()
export const callerRole = (request: FastifyRequest, shopId: string): Promise<StaffRole | null> => request.ctx.actor.callerRole(shopId)
export const authorize = (request: FastifyRequest, shopId: string, permission: Permission): Promise<StaffRole> =>
  request.ctx.actor.authorize(shopId, permission)
