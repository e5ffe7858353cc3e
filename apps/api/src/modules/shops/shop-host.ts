/**
 * Tenancy by host (docs/architecture.md §3): `{slug}.{rootDomain}` or a verified custom domain serves a shop; the bare
 * root domain serves the platform (or DEFAULT_SHOP). Hosts are compared as the browser sends them, port
 * included. A pending custom domain is an unproven claim: it serves nothing and is no trusted origin.
 */
import type { ServiceContext } from '../../context'
import { type ShopRow, findShopBySlug, findShopByVerifiedDomain } from './shop.repository'

/** What resolving a host reads: the database and the platform's domains (a service context, or the app). */
export type HostContext = Pick<ServiceContext, 'db' | 'config'>

export type HostTarget = { kind: 'platform' } | { kind: 'shop'; shop: ShopRow } | { kind: 'unknown' }

export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/

/**
 * A request's Host header as the platform compares hosts: lower case, the port kept, a fully qualified
 * name's trailing dot dropped (`demo.example.com.`, `demo.example.com.:8080`, and the `…:8080.` some
 * clients send); null for anything that is not a host name or bracketed IPv6 address with an optional port.
 */
export function requestHost(raw: string | undefined): string | null {
  if (!raw || raw.length > 300) return null
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(raw.trim().toLowerCase().replace(/\.+$/, ''))
  const name = match?.[1]?.replace(/\.$/, '') ?? ''
  const port = match?.[2]
  if (!(HOST_NAME.test(name) || IPV6.test(name)) || (port !== undefined && Number(port) > 65535)) return null
  return port === undefined ? name : `${name}:${port}`
}

/** A host that is neither the platform's nor a `{slug}.{rootDomain}` address: a shop's own domain. */
export function isCustomDomain({ config }: Pick<HostContext, 'config'>, rawHost: string): boolean {
  const host = normalizeHost(rawHost)
  return host !== config.rootDomain && !host.endsWith(`.${config.rootDomain}`)
}

export async function findShopByDomain({ db, config }: HostContext, rawHost: string): Promise<ShopRow | null> {
  const host = normalizeHost(rawHost)
  const suffix = `.${config.rootDomain}`
  if (host.endsWith(suffix)) {
    const slug = host.slice(0, -suffix.length)
    if (!slug || slug.includes('.')) return null
    return findShopBySlug(db, slug)
  }
  return findShopByVerifiedDomain(db, host)
}

export async function resolveHost(ctx: HostContext, rawHost: string): Promise<HostTarget> {
  const { db, config } = ctx
  const host = normalizeHost(rawHost)
  if (host === config.rootDomain) {
    if (!config.defaultShop) return { kind: 'platform' }
    const shop = await findShopBySlug(db, config.defaultShop)
    return shop ? { kind: 'shop', shop } : { kind: 'platform' }
  }
  const shop = await findShopByDomain(ctx, host)
  return shop ? { kind: 'shop', shop } : { kind: 'unknown' }
}

/** A site of the platform, by origin: the platform's own (`shopId` null) or a shop's. */
export type OriginSite = { origin: string; shopId: string | null }

/** The site an origin is, or null for an origin that is not one of ours (or not an origin at all, or of another scheme). */
export async function siteOfOrigin(ctx: HostContext, origin: string): Promise<OriginSite | null> {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return null
  }
  // Every site of the platform is served with the platform's own scheme: an `http:` origin of an HTTPS
  // platform (or the reverse) is no site of ours, so a login code never travels in clear.
  const platform = new URL(ctx.config.platformUrl)
  if (url.protocol !== platform.protocol) return null
  if (url.origin !== origin.replace(/\/+$/, '')) return null
  if (url.origin === platform.origin) return { origin: url.origin, shopId: null }
  const target = await resolveHost(ctx, url.host)
  if (target.kind === 'unknown') return null
  // A suspended shop's custom domains serve nothing (decision 98); its staff sign in on its platform address.
  if (target.kind === 'shop' && target.shop.suspendedAt && isCustomDomain(ctx, url.host)) return null
  return { origin: url.origin, shopId: target.kind === 'shop' ? target.shop.id : null }
}

/** Origins that may receive login codes and make credentialed cross-origin calls. */
export async function isAllowedOrigin(ctx: HostContext, origin: string): Promise<boolean> {
  return (await siteOfOrigin(ctx, origin)) !== null
}
