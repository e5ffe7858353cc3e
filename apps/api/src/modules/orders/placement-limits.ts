/**
 * Limits on placing orders and creating checkouts in a shop (docs/security.md): per buyer (the account
 * and the e-mail, each counted) and, generously since many shoppers share one mobile carrier's address,
 * per IP address. RATE_LIMITS=off turns these off. And the shop's own limits on shoppers' orders
 * (decision 52): the most of one item in an order, and how many pay-on-delivery orders one buyer may have
 * waiting for the shop's confirmation. With unpaid online orders canceled after the shop's timeout and
 * unconfirmed pay-on-delivery orders after its window, one script cannot hold a shop's stock.
 */
import { type BuyerKey, buyerKeyAtCap, linesOverMost } from '@shop/domain'
import type { ServiceContext } from '../../context'
import type { Rule } from '../../lib/counters'
import { Conflict, invalidBody } from '../../lib/errors'
import { takeOne } from '../../lib/limits'
import { type BuyerKeys, type ShopTerms, countWaitingOrders, lockBuyerKeys } from './order.repository'
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

/**
 * A shopper's checkout or order holds at most the shop's most of each item (decision 52), so no stranger
 * takes a shop's stock with one order; the shop's staff (`byStaff`) are not limited. A 400 names every
 * line above it.
 */
export function checkLineMax(items: readonly { count: number }[], terms: ShopTerms, byStaff: boolean): void {
  const over = linesOverMost(items, terms.shopperLineMax)
  if (byStaff || !over.length) return
  const message = `is more than this shop sells of one item in one order (at most ${terms.shopperLineMax}; contact the shop for more)`
  invalidBody(over.map((i) => ({ path: `items.${i}.count`, message })))
}

const buyerKeyWords: Record<BuyerKey, { path: string; words: string }> = {
  phone: { path: 'phone', words: 'phone number' },
  email: { path: 'email', words: 'e-mail address' },
  address: { path: 'delivery.address', words: 'delivery address' },
}

/**
 * Inside the placing transaction, before anything is written: a shopper's pay-on-delivery order is refused
 * (409) while the buyer's phone, e-mail or delivery address already has the shop's cap of such orders
 * waiting for the shop to confirm them (decision 52). Placements sharing one of them wait for each other,
 * so racing orders are counted one after another. RATE_LIMITS=off lifts it, as the other order limits.
 */
export async function checkWaitingOrders(tx: ServiceContext, terms: ShopTerms, keys: BuyerKeys): Promise<void> {
  if (!tx.config.limits.enabled) return
  await lockBuyerKeys(tx.db, terms.shopId, keys)
  const cap = terms.unconfirmedOrdersPerBuyer
  const full = buyerKeyAtCap(await countWaitingOrders(tx.db, terms.shopId, keys, tx.clock.now()), cap)
  if (!full) return
  const { path, words } = buyerKeyWords[full]
  throw Conflict(
    `This ${words} already has ${cap} order${cap === 1 ? '' : 's'} paid on delivery that the shop has not confirmed yet. ` +
      'Please call the shop, or wait until your orders are confirmed, before you order again.',
    [{ path, message: `already has ${cap} order${cap === 1 ? '' : 's'} paid on delivery waiting for the shop to confirm them` }],
  )
}
