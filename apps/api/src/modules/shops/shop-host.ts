/**
 * Tenancy by host (DESIGN §3): `{slug}.{rootDomain}` or a verified custom domain serves a shop; the bare
 * root domain serves the platform (or DEFAULT_SHOP). Hosts are compared as the browser sends them, port
 * included. A pending custom domain is an unproven claim: it serves nothing and is no trusted origin.
 */
import { and, eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { shopDomains, shops } from '../../db/schema'

export type ShopRow = typeof shops.$inferSelect
export type HostTarget = { kind: 'platform' } | { kind: 'shop'; shop: ShopRow } | { kind: 'unknown' }

export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

export async function findShopByDomain(db: Db, config: Config, rawHost: string): Promise<ShopRow | null> {
  const host = normalizeHost(rawHost)
  const suffix = `.${config.rootDomain}`
  if (host.endsWith(suffix)) {
    const slug = host.slice(0, -suffix.length)
    if (!slug || slug.includes('.')) return null
    const [shop] = await db.select().from(shops).where(eq(shops.slug, slug)).limit(1)
    return shop ?? null
  }
  const [row] = await db
    .select({ shop: shops })
    .from(shopDomains)
    .innerJoin(shops, eq(shops.id, shopDomains.shopId))
    .where(and(eq(shopDomains.domain, host), eq(shopDomains.status, 'verified')))
    .limit(1)
  return row?.shop ?? null
}

export async function resolveHost(db: Db, config: Config, rawHost: string): Promise<HostTarget> {
  const host = normalizeHost(rawHost)
  if (host === config.rootDomain) {
    if (!config.defaultShop) return { kind: 'platform' }
    const [shop] = await db.select().from(shops).where(eq(shops.slug, config.defaultShop)).limit(1)
    return shop ? { kind: 'shop', shop } : { kind: 'platform' }
  }
  const shop = await findShopByDomain(db, config, host)
  return shop ? { kind: 'shop', shop } : { kind: 'unknown' }
}

/** A site of the platform, by origin: the platform's own (`shopId` null) or a shop's. */
export type OriginSite = { origin: string; shopId: string | null }

/** The site an origin is, or null for an origin that is not one of ours (or not an origin at all). */
export async function siteOfOrigin(db: Db, config: Config, origin: string): Promise<OriginSite | null> {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.origin !== origin.replace(/\/+$/, '')) return null
  if (url.origin === new URL(config.platformUrl).origin) return { origin: url.origin, shopId: null }
  const target = await resolveHost(db, config, url.host)
  if (target.kind === 'unknown') return null
  return { origin: url.origin, shopId: target.kind === 'shop' ? target.shop.id : null }
}

/** Origins that may receive login codes and make credentialed cross-origin calls. */
export async function isAllowedOrigin(db: Db, config: Config, origin: string): Promise<boolean> {
  return (await siteOfOrigin(db, config, origin)) !== null
}
