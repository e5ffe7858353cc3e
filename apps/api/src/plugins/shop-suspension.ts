/**
 * What a suspended shop still answers (decision 98), for every call that names its shop (`shop` or `shopId`
 * in the path, the query or the body): reads by the shop's own staff, such as the dashboard and the CSV
 * exports, pass; anyone else's reads answer 404, as for a shop that does not exist; changes answer 423
 * (staff's changes made by another path, an order's or a product's id, are refused by `authorize`), and
 * so is any change sent to the shop's own host.
 *
 * Which shops are suspended is read from the database at most once a second per process, so the check
 * costs no query on the hot paths; suspending or restoring in this process takes effect at once, in
 * another within that second.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { errorResponse } from '@shop/domain/schemas/wire'
import { NotFound, ShopSuspended } from '../lib/errors'
import { suspendedShopIds } from '../modules/platform/platform.service'
import { requestHost, resolveHost } from '../modules/shops/shop-host'

export type SuspendedShops = {
  /** Whether the shop is suspended, as of at most `ttlMs` ago (or the last `forget`). */
  has(shopId: string): Promise<boolean>
  /** Reads the list again on the next check (after a suspension or a restore in this process). */
  forget(): void
}

declare module 'fastify' {
  interface FastifyInstance {
    suspendedShops: SuspendedShops
  }
}

export function createSuspendedShops(load: () => Promise<string[]>, ttlMs = 1000, now = Date.now): SuspendedShops {
  let loaded: { at: number; ids: Promise<Set<string>> } | null = null
  return {
    async has(shopId) {
      if (!loaded || now() - loaded.at >= ttlMs) {
        const entry = { at: now(), ids: load().then((ids) => new Set(ids)) }
        loaded = entry
        entry.ids.catch(() => {
          if (loaded === entry) loaded = null
        })
      }
      return (await loaded.ids).has(shopId.toLowerCase())
    },
    forget() {
      loaded = null
    },
  }
}

const READS = new Set(['GET', 'HEAD'])
const SHOP_KEYS = ['shop', 'shopId'] as const
/** The platform's own calls and signing in never belong to one shop. */
const UNGUARDED = ['/api/platform/', '/api/token', '/api/request-login', '/api/login-codes', '/api/user', '/api/password-reset']

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The shop ids a call names in its path, query or body. */
function namedShops(request: FastifyRequest): string[] {
  const ids: string[] = []
  for (const part of [request.params, request.query, request.body]) {
    if (!part || typeof part !== 'object') continue
    for (const key of SHOP_KEYS) {
      const value = (part as Record<string, unknown>)[key]
      if (typeof value === 'string' && UUID.test(value)) ids.push(value)
    }
  }
  return ids
}

function guarded(url: string | undefined): boolean {
  return !!url && (url.startsWith('/api/') || url.startsWith('/delivery/')) && !UNGUARDED.some((prefix) => url.startsWith(prefix))
}

export default fp(
  async function shopSuspension(app: FastifyInstance) {
    const suspended = createSuspendedShops(() => suspendedShopIds(app))
    app.decorate('suspendedShops', suspended)

    // Every change a route takes may be refused this way: the document says so.
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat()
      if (!guarded(route.url) || methods.every((method) => READS.has(method)) || (route.schema)?.hide) return
      const schema = (route.schema ?? {}) as { response?: Record<string, unknown> }
      route.schema = { ...schema, response: { ...schema.response, 423: errorResponse('The shop is suspended by the platform') } }
    })

    app.addHook('preHandler', async (request) => {
      if (!guarded(request.routeOptions.url)) return
      // A change sent to a suspended shop's own host (a review, a pay link, a shared checkout: calls that
      // name an order or a checkout, not the shop) is refused too.
      if (!READS.has(request.method)) {
        const host = requestHost(request.headers.host)
        const target = host ? await resolveHost(app, host) : null
        if (target?.kind === 'shop' && target.shop.suspendedAt) throw ShopSuspended()
      }
      for (const shopId of namedShops(request)) {
        if (!(await suspended.has(shopId))) continue
        if (!READS.has(request.method)) throw ShopSuspended()
        if (!(await request.ctx.actor.callerRole(shopId))) throw NotFound('No shop with this id')
      }
    })
  },
  { name: 'shop-suspension' },
)
