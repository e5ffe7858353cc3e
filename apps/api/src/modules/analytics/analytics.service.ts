/**
 * Analytics (DESIGN §10): anonymous tracking ids, the events the storefront posts with them, and the
 * dashboard's daily visits and sales charts ('dashboard.view', keeper and up). An unknown, malformed or
 * expired tracking id is a 401 so the client renews it and retries once (SPEC §7).
 */
import { toMajor } from '@shop/domain'
import type { ServiceContext } from '../../context'
import { BadRequest, NotAuthenticated, NotFound } from '../../lib/errors'
import { findShop } from '../shops/shop.service'
import { dailyVisits, insertEvent, insertTrackingId, isLiveTrackingId } from './analytics.repository'
import type { EventInput, SalesDto, SalesQueryInput, VisitsDto, VisitsQueryInput } from './analytics.schemas'
import { resolveRange } from './date-range'
import { dailySales } from './sales.repository'

export const TRACKING_ID_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function createTrackingId(ctx: ServiceContext): Promise<{ trackingId: string; maxAge: number }> {
  const createdAt = ctx.clock.now()
  const expiresAt = new Date(createdAt.getTime() + TRACKING_ID_MAX_AGE_SECONDS * 1000)
  const trackingId = await insertTrackingId(ctx.db, { createdAt, expiresAt })
  return { trackingId, maxAge: TRACKING_ID_MAX_AGE_SECONDS }
}

export async function recordEvent(ctx: ServiceContext, trackingId: string, input: EventInput): Promise<{ ok: true }> {
  const db = ctx.db
  const now = ctx.clock.now()
  if (!uuidPattern.test(trackingId) || !(await isLiveTrackingId(db, trackingId.toLowerCase(), now))) {
    throw NotAuthenticated('Unknown or expired tracking id')
  }
  // The schema requires extras.shop; whether that shop exists is known only here.
  const extras = input.extras
  const shopId = extras.shop
  if (!(await findShop(ctx, shopId))) {
    throw BadRequest('Invalid body: extras.shop is not a known shop', [{ path: 'extras.shop', message: 'is not a known shop' }])
  }
  await insertEvent(db, { shopId, trackingId: trackingId.toLowerCase(), action: input.action, category: input.category, extras, createdAt: now })
  return { ok: true }
}

export async function visitsByDay(ctx: ServiceContext, query: VisitsQueryInput): Promise<VisitsDto> {
  await ctx.actor.authorize(query.shop, 'dashboard.view')
  const range = resolveRange(
    { from: query.createdAt?.$gte, to: query.createdAt?.$lte },
    { from: 'createdAt.$gte', to: 'createdAt.$lte' },
    ctx.clock.now(),
  )
  const data = await dailyVisits(ctx.db, query.shop, range)
  return { shop: query.shop, from: range.from.toISOString(), to: range.to.toISOString(), data }
}

export async function salesByDay(ctx: ServiceContext, shopId: string, query: SalesQueryInput): Promise<SalesDto> {
  await ctx.actor.authorize(shopId, 'dashboard.view')
  const range = resolveRange(query, { from: 'from', to: 'to' }, ctx.clock.now())
  const db = ctx.db
  const [shop, days] = await Promise.all([findShop(ctx, shopId), dailySales(db, shopId, range)])
  if (!shop) throw NotFound('No such shop')
  return {
    shop: shopId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    currency: shop.currency,
    data: days.map((day) => ({ date: day.date, sales: toMajor(day.salesMinor), orders: day.orders })),
  }
}
