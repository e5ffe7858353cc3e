/**
 * The shop this host serves, for clientLoaders and clientActions (components read it from the root loader
 * with useSite). A loader cannot read the root's data, so the browser asks the API once per host, the same
 * way the server picks the shop for a page; a failed lookup is not kept, so the next load asks again.
 */
import type { Shop } from '@shop/domain/schemas/shop'
import { findShopByHost } from '../api/shops/find-shop-by-host'
import { api } from './api'

let known: { host: string; shop: Promise<Shop | null> } | null = null

export function shopOfHost(request: Request): Promise<Shop | null> {
  const host = new URL(request.url).host
  if (known?.host === host) return known.shop
  const shop = findShopByHost(api, host)
  const entry = { host, shop }
  known = entry
  shop.catch(() => {
    if (known === entry) known = null
  })
  return shop
}
