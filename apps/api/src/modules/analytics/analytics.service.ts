/**
 * Analytics (docs/architecture.md §10): anonymous tracking ids, the events the storefront posts with them, and the
 * dashboard's daily visits and sales charts ('dashboard.view', keeper and up). An unknown, malformed or
 * expired tracking id is a 401 so the client renews it and retries once (docs/product.md §7).
 */
import { toMajor } from '@shop/domain'
import { OVERVIEW_LIST_SIZE, REVIEW_REPLY_DAYS, type ShopOverview, type ShopOverviewQueryInput } from '@shop/domain/schemas/overview'
import type { ServiceContext } from '../../context'
import { BadRequest, NotAuthenticated, NotFound } from '../../lib/errors'
import { findShop } from '../shops/shop.service'
import { dailyVisits, insertEvent, insertTrackingId, isLiveTrackingId } from './analytics.repository'
import type { EventInput, SalesDto, SalesQueryInput, VisitsDto, VisitsQueryInput } from './analytics.schemas'
import { resolveRange } from './date-range'
import { dailySales } from './sales.repository'
import {
  type TopProductRow,
  lowStockRows,
  lowStockThreshold,
  orderTodoCounts,
  refundsDueCount,
  periodTotals,
  topProducts,
  unansweredReviewCount,
  unpaidOrdersCount,
} from './overview.repository'

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
  // Staff looking at their own shop are not visitors: their site_visit is answered as any other, and not kept.
  if (input.action === 'site_visit' && (await ctx.actor.callerRole(shopId))) return { ok: true }
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

const DAY_MS = 86_400_000

/**
 * The overview (staff with 'dashboard.view'): the period's sales, orders, average order value, visits and
 * visit-to-order conversion, its best-selling products, and what is waiting for the shop now: orders to
 * pack, to make ready and to hand over, low stock, and recent reviews without a reply. Canceled orders
 * never count as sales.
 */
export async function shopOverview(ctx: ServiceContext, shopId: string, query: ShopOverviewQueryInput): Promise<ShopOverview> {
  await ctx.actor.authorize(shopId, 'dashboard.view')
  const now = ctx.clock.now()
  const range = resolveRange(query, { from: 'from', to: 'to' }, now)
  const db = ctx.db
  const [shop, totals, sold, todos, threshold, reviewsToAnswer, refundsDue, unpaidOrders] = await Promise.all([
    findShop(ctx, shopId),
    periodTotals(db, shopId, range),
    topProducts(db, shopId, range, OVERVIEW_LIST_SIZE),
    orderTodoCounts(db, shopId),
    lowStockThreshold(db, shopId),
    unansweredReviewCount(db, shopId, new Date(now.getTime() - REVIEW_REPLY_DAYS * DAY_MS)),
    refundsDueCount(db, shopId),
    unpaidOrdersCount(db, shopId),
  ])
  if (!shop) throw NotFound('No such shop')
  const low = await lowStockRows(db, shopId, threshold, OVERVIEW_LIST_SIZE)
  const top = (rank: (row: TopProductRow) => number) =>
    sold
      .filter((row) => rank(row) <= OVERVIEW_LIST_SIZE)
      .sort((a, b) => rank(a) - rank(b))
      .map((row) => ({ product: row.product, title: row.title, units: row.units, revenue: toMajor(row.revenueMinor) }))
  return {
    shop: shopId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    currency: shop.currency,
    period: {
      sales: toMajor(totals.salesMinor),
      orders: totals.orders,
      averageOrderValue: totals.orders > 0 ? toMajor(Math.round(totals.salesMinor / totals.orders)) : null,
      visits: totals.visits,
      conversion: totals.visits > 0 ? totals.orders / totals.visits : null,
    },
    topProducts: { byUnits: top((row) => row.unitsRank), byRevenue: top((row) => row.revenueRank) },
    todo: {
      toPack: todos.placed ?? 0,
      toMakeReady: todos.packaged ?? 0,
      toHandOver: todos.ready ?? 0,
      lowStock: low[0]?.total ?? 0,
      lowStockThreshold: threshold,
      lowStockItems: low.map((row) => ({
        product: row.product,
        variant: row.variant === '' ? null : row.variant,
        title: row.title,
        features: row.features ?? {},
        quantity: row.quantity,
      })),
      reviewsToAnswer,
      refundsDue,
      unpaidOrders,
    },
  }
}
