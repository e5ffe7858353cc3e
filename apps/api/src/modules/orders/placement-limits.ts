/**
 * Limits on placing orders and creating checkouts in a shop (docs/security.md): per buyer (the account
 * and the e-mail, each counted) and, generously since many shoppers share one mobile carrier's address,
 * per IP address. With unpaid online orders canceled after the shop's timeout, one script cannot hold a
 * shop's stock. RATE_LIMITS=off turns these off.
 */
import type { ServiceContext } from '../../context'
import type { Rule } from '../../lib/counters'
import { takeOne } from '../../lib/limits'
import type { PlaceQuery } from './orders.schemas'

type Placement = { name: 'orders' | 'checkouts'; perBuyer: Rule; perIp: Rule; message: string }

function placement(ctx: ServiceContext, kind: 'order' | 'checkout'): Placement {
  const { limits } = ctx.config
  return kind === 'order'
    ? { name: 'orders', perBuyer: limits.ordersPerBuyer, perIp: limits.ordersPerIp, message: 'Too many orders in a short time. Please wait a few minutes and try again.' }
    : { name: 'checkouts', perBuyer: limits.checkoutsPerBuyer, perIp: limits.checkoutsPerIp, message: 'Too many checkouts in a short time. Please wait a few minutes and try again.' }
}

/**
 * Counts one placement of `kind` for the caller in the shop, and refuses (429) past a limit. The routes
 * run it once the query is validated, before the body is priced.
 */
export async function limitPlacement(ctx: ServiceContext, kind: 'order' | 'checkout', query: PlaceQuery): Promise<void> {
  const { config, counters } = ctx
  if (!config.limits.enabled) return
  const { name, perBuyer, perIp, message } = placement(ctx, kind)
  const shopId = query.shop.toLowerCase()
  const user = ctx.actor.shopUser(shopId)
  const email = (query.email ?? user?.email)?.trim().toLowerCase()
  await takeOne(counters, `${name}-ip:${shopId}:${ctx.actor.ip}`, perIp, message)
  if (user) await takeOne(counters, `${name}-account:${shopId}:${user.id}`, perBuyer, message)
  if (email) await takeOne(counters, `${name}-email:${shopId}:${email}`, perBuyer, message)
}
