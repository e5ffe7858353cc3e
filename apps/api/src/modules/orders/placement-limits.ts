/**
 * Limits on placing orders and creating checkouts in a shop (docs/security.md): per buyer (the account
 * and the e-mail, each counted) and, generously since many shoppers share one mobile carrier's address,
 * per IP address. With unpaid online orders canceled after the shop's timeout, one script cannot hold a
 * shop's stock. RATE_LIMITS=off turns these off.
 */
import type { FastifyRequest } from 'fastify'
import type { Rule } from '../../lib/counters'
import { takeOne } from '../../lib/limits'
import { shopUser } from '../../plugins/auth'
import type { PlaceQuery } from './orders.schemas'

type Placement = { name: 'orders' | 'checkouts'; perBuyer: Rule; perIp: Rule; message: string }

function placement(request: FastifyRequest, kind: 'order' | 'checkout'): Placement {
  const { limits } = request.server.config
  return kind === 'order'
    ? { name: 'orders', perBuyer: limits.ordersPerBuyer, perIp: limits.ordersPerIp, message: 'Too many orders in a short time. Please wait a few minutes and try again.' }
    : { name: 'checkouts', perBuyer: limits.checkoutsPerBuyer, perIp: limits.checkoutsPerIp, message: 'Too many checkouts in a short time. Please wait a few minutes and try again.' }
}

/** A preHandler for `POST /api/orders/` or `POST /api/checkouts/` (after the query is validated). */
export function limitPlacements(kind: 'order' | 'checkout') {
  return async function limitPlacement(request: FastifyRequest<{ Querystring: PlaceQuery }>): Promise<void> {
    const { config, counters } = request.server
    if (!config.limits.enabled) return
    const { name, perBuyer, perIp, message } = placement(request, kind)
    const shopId = request.query.shop.toLowerCase()
    const user = shopUser(request, shopId)
    const email = (request.query.email ?? user?.email)?.trim().toLowerCase()
    await takeOne(counters, `${name}-ip:${shopId}:${request.ip}`, perIp, message)
    if (user) await takeOne(counters, `${name}-account:${shopId}:${user.id}`, perBuyer, message)
    if (email) await takeOne(counters, `${name}-email:${shopId}:${email}`, perBuyer, message)
  }
}
