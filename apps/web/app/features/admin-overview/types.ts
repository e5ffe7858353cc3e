/** `GET /api/analytics-aggregator/`: every day of the range, days without visits included. */
export type VisitsByDay = {
  shop: string
  from: string
  to: string
  data: { date: string; visits: number; visitors: number }[]
}

/** `GET /api/sales/{shopId}`: non-canceled order totals (major units) and order counts per day. */
export type SalesByDay = {
  shop: string
  from: string
  to: string
  currency: string
  data: { date: string; sales: number; orders: number }[]
}

/** `GET /api/shop-overview/{shopId}`: the period's figures, top products and the to-do list. */
export type { ShopOverview } from '@shop/domain/schemas/overview'
