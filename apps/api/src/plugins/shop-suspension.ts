/**
 * What a suspended shop still answers (decision 98), for every call that names its shop (`shop` or `shopId`
 * in the path, the query or the body): reads by the shop's own staff, such as the dashboard and the CSV
 * exports, pass; anyone else's reads answer 404, as for a shop that does not exist; changes answer 423.
 * A change is refused too when it is sent to the shop's own host, or names one of its orders, reviews or
 * payments instead of the shop (a buyer's cancel, a pay link, a review, on whatever host); staff changes
 * made by another path (a product's id) are refused by `authorize`.
 *
 * Which shops are suspended, and the hosts that serve them, is kept by `lib/suspended-shops.ts`: while no
 * shop is suspended, which is nearly always, the check costs no query; while one is, only a change that
 * names a record costs one primary-key look-up.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { errorResponse } from '@shop/domain/schemas/wire'
import { NotFound, ShopSuspended } from '../lib/errors'
import { type SuspendedShops, createSuspendedShops } from '../lib/suspended-shops'
import { type ShopRecord, shopOfRecord, suspendedShops } from '../modules/platform/platform.service'
import { requestHost } from '../modules/shops/shop-host'

declare module 'fastify' {
  interface FastifyInstance {
    suspendedShops: SuspendedShops
  }
}

const READS = new Set(['GET', 'HEAD'])
const SHOP_KEYS = ['shop', 'shopId'] as const
/** The platform's own calls and signing in never belong to one shop. */
const UNGUARDED = ['/api/platform/', '/api/token', '/api/request-login', '/api/login-codes', '/api/user', '/api/password-reset']

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The routes whose `:id` is a record of a shop rather than the shop (each route under the prefix). */
const RECORD_ROUTES: [prefix: string, kind: ShopRecord][] = [
  ['/api/orders/:id', 'order'],
  ['/api/pay/:id', 'order'],
  ['/api/reviews/:id', 'review'],
  ['/api/transactions/:id', 'transaction'],
]
/** The body fields that name a record of a shop: the order paid, refunded or reviewed. */
const RECORD_FIELDS: [field: string, kind: ShopRecord][] = [
  ['order', 'order'],
  ['relatedOrder', 'order'],
]

/** The records (orders, reviews, payments) a call names in its path or body. */
function namedRecords(request: FastifyRequest): [ShopRecord, string][] {
  const records: [ShopRecord, string][] = []
  const url = request.routeOptions.url ?? ''
  const id = (request.params as Record<string, unknown> | undefined)?.id
  for (const [prefix, kind] of RECORD_ROUTES) {
    if ((url === prefix || url.startsWith(`${prefix}/`)) && typeof id === 'string' && UUID.test(id)) records.push([kind, id])
  }
  const body = request.body
  if (body && typeof body === 'object') {
    for (const [field, kind] of RECORD_FIELDS) {
      const value = (body as Record<string, unknown>)[field]
      if (typeof value === 'string' && UUID.test(value)) records.push([kind, value])
    }
  }
  return records
}

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
    const suspended = createSuspendedShops(() => suspendedShops(app))
    app.decorate('suspendedShops', suspended)

    // Every change a route takes may be refused this way: the document says so.
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat()
      if (!guarded(route.url) || methods.every((method) => READS.has(method)) || (route.schema)?.hide) return
      const schema = (route.schema ?? {}) as { response?: Record<string, unknown> }
      route.schema = { ...schema, response: { ...schema.response, 423: errorResponse('The shop is suspended by the platform') } }
    })

    app.addHook('preHandler', async (request) => {
      if (!guarded(request.routeOptions.url) || !(await suspended.any())) return
      const writes = !READS.has(request.method)
      if (writes) {
        const host = requestHost(request.headers.host)
        if (host && (await suspended.servesHost(host))) throw ShopSuspended()
        for (const [kind, id] of namedRecords(request)) {
          const shopId = await shopOfRecord(app, kind, id)
          if (shopId && (await suspended.has(shopId))) throw ShopSuspended()
        }
      }
      for (const shopId of namedShops(request)) {
        if (!(await suspended.has(shopId))) continue
        if (writes) throw ShopSuspended()
        if (!(await request.ctx.actor.callerRole(shopId))) throw NotFound('No shop with this id')
      }
    })
  },
  { name: 'shop-suspension' },
)
