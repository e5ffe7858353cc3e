/** Where the buyer's browser goes back to after a pay page: the order's page on the shop's own origin. */
import type { ServiceContext } from '../../context'
import type { OrderRow } from './providers/provider'
import { findShopByDomain } from '../shops/shop-host'
import { findShopSlug } from './transaction.repository'

function originOf(value: string | undefined): URL | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/**
 * The origin the buyer is shopping on: the request's Origin, or its own host (`actor.origins`), when that serves this
 * shop (its subdomain or one of its custom domains); otherwise the shop's subdomain on the platform's
 * scheme. Never an origin of another shop or an arbitrary site, so no pay page can redirect elsewhere.
 */
export async function shopOrigin(ctx: ServiceContext, shopId: string): Promise<string> {
  const { db, config } = ctx
  for (const candidate of ctx.actor.origins) {
    const url = originOf(candidate)
    if (!url) continue
    const shop = await findShopByDomain(ctx, url.host)
    if (shop?.id === shopId) return url.origin
  }
  const slug = await findShopSlug(db, shopId)
  return `${new URL(config.platformUrl).protocol}//${slug ?? 'www'}.${config.rootDomain}`
}

/** `{origin}/pay/{id}?key={payKey}&transaction=…`: back to the pay link's page after paying through it. */
export function payLinkReturnUrl(origin: string, order: Pick<OrderRow, 'id' | 'payKey'>, transactionId: string, extra: Record<string, string> = {}): string {
  const url = new URL(`/pay/${order.id}`, origin)
  url.searchParams.set('key', order.payKey)
  url.searchParams.set('transaction', transactionId)
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value)
  return url.toString()
}

/** `{origin}/orders/{id}?transaction=…` (+ `&key=…`, the private link, for an anonymous buyer). */
export function orderReturnUrl(origin: string, order: Pick<OrderRow, 'id'>, transactionId: string, key: string | null, extra: Record<string, string> = {}): string {
  const url = new URL(`/orders/${order.id}`, origin)
  if (key) url.searchParams.set('key', key)
  url.searchParams.set('transaction', transactionId)
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value)
  return url.toString()
}
