/**
 * The dashboard overview's figures for a period and its to-do list (`GET /api/shop-overview/{shopId}`):
 * what a merchant checks first on their phone. Money is in major units of the shop's currency.
 */
import { type Static, Type } from 'typebox'
import { Uuid } from './wire'

/** A bound of the period: 'YYYY-MM-DD', an ISO-8601 date-time or milliseconds, as the charts take. */
const Bound = Type.String({ minLength: 1, maxLength: 40, description: 'YYYY-MM-DD, ISO-8601 date-time or milliseconds' })

/** How many products each top list and the low-stock list show. */
export const OVERVIEW_LIST_SIZE = 5
/** Reviews newer than this many days without a reply are on the to-do list. */
export const REVIEW_REPLY_DAYS = 30

export const ShopOverviewParams = Type.Object({ shopId: Uuid }, { additionalProperties: false })
export const ShopOverviewQuery = Type.Object({ from: Type.Optional(Bound), to: Type.Optional(Bound) }, { additionalProperties: false })
export type ShopOverviewQueryInput = Static<typeof ShopOverviewQuery>

const TopProduct = Type.Object({
  product: Type.String({ description: 'product id' }),
  title: Type.String({ description: 'the title on its most recent order' }),
  units: Type.Integer({ description: 'units sold in the period' }),
  revenue: Type.Number({ description: 'what those units sold for, before order discounts, delivery and tax' }),
})

const LowStockItem = Type.Object({
  product: Type.String(),
  variant: Type.Union([Type.String(), Type.Null()], { description: 'variant id; null for a product without variants' }),
  title: Type.String(),
  features: Type.Record(Type.String(), Type.String(), { description: "the variant's features; empty without one" }),
  quantity: Type.Integer(),
})

export const ShopOverviewResponse = Type.Object({
  shop: Type.String(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  currency: Type.String(),
  period: Type.Object({
    sales: Type.Number({ description: 'totals of the orders placed in the period that were not canceled, net of their refunds' }),
    orders: Type.Integer({ description: 'orders placed in the period that were not canceled' }),
    averageOrderValue: Type.Union([Type.Number(), Type.Null()], { description: 'sales ÷ orders; null without orders' }),
    visits: Type.Integer({ description: 'site_visit events in the period' }),
    conversion: Type.Union([Type.Number(), Type.Null()], { description: 'orders ÷ visits (0–1, may pass 1); null without visits' }),
  }),
  topProducts: Type.Object({
    byUnits: Type.Array(TopProduct),
    byRevenue: Type.Array(TopProduct),
  }),
  todo: Type.Object({
    toPack: Type.Integer({ description: 'acked orders placed and not yet packaged' }),
    toMakeReady: Type.Integer({ description: 'acked orders packaged and not yet ready' }),
    toHandOver: Type.Integer({ description: 'acked orders ready to dispatch or to hand over at pick-up' }),
    lowStock: Type.Integer({ description: 'tracked inventory rows at or below the low-stock threshold' }),
    lowStockThreshold: Type.Integer(),
    lowStockItems: Type.Array(LowStockItem, { description: 'the lowest few, fewest left first' }),
    reviewsToAnswer: Type.Integer({ description: `visible reviews of the last ${REVIEW_REPLY_DAYS} days without a reply` }),
    unpaidOrders: Type.Integer({ description: 'orders with a balance still due, not canceled (delivered unpaid included)' }),
    refundsDue: Type.Integer({ description: 'orders with money to give back: canceled ones still holding a payment, standing ones paid beyond what they owe' }),
  }),
})
export type ShopOverview = Static<typeof ShopOverviewResponse>
