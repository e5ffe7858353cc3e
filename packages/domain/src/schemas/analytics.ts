/** Answers of tracking ids, analytics events and the dashboard's daily visits and sales charts. */
import { type Static, Type } from 'typebox'
import { IsoDate } from './wire'

export const TrackingIdResponse = Type.Object({
  trackingId: Type.String(),
  maxAge: Type.Integer({ description: 'seconds the id stays valid' }),
})
export type TrackingId = Static<typeof TrackingIdResponse>

export const EventResponse = Type.Object({ ok: Type.Literal(true) })
export type EventRecorded = Static<typeof EventResponse>

/** Every day of the range, days without visits included. */
export const VisitsResponse = Type.Object({
  shop: Type.String(),
  from: IsoDate,
  to: IsoDate,
  data: Type.Array(Type.Object({ date: Type.String(), visits: Type.Integer(), visitors: Type.Integer() })),
})
export type VisitsByDay = Static<typeof VisitsResponse>

/** Non-canceled order totals (major units) and order counts, every day of the range. */
export const SalesResponse = Type.Object({
  shop: Type.String(),
  from: IsoDate,
  to: IsoDate,
  currency: Type.String(),
  data: Type.Array(
    Type.Object({
      date: Type.String(),
      sales: Type.Number({ description: 'major units' }),
      orders: Type.Integer(),
    }),
  ),
})
export type SalesByDay = Static<typeof SalesResponse>
