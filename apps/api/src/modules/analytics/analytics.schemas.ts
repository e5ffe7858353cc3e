/** Wire schemas of tracking ids, analytics events and the dashboard's daily charts. */
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

/** The answers live in the domain package, where the web derives its types from them. */
export {
  EventResponse,
  SalesResponse,
  type SalesByDay as SalesDto,
  TrackingIdResponse,
  VisitsResponse,
  type VisitsByDay as VisitsDto,
} from '@shop/domain/schemas/analytics'

export const MAX_EVENT_BODY_BYTES = 2048
export const MAX_EXTRAS = 10

/** A chart bound: 'YYYY-MM-DD', an ISO-8601 date-time or milliseconds; the service parses it. */
const Bound = Type.String({ minLength: 1, maxLength: 40, description: 'YYYY-MM-DD, ISO-8601 date-time or milliseconds' })

// ---------------------------------------------------------------- tracking ids and events

/** Exactly `{}`: the tracking id carries nothing about the visitor. */
export const TrackingIdBody = Type.Object({}, { additionalProperties: false })

/** Any string: a malformed id is treated as unknown (401), so the client renews it. */
export const EventQuery = Type.Object({ trackingId: Type.String({ maxLength: 100 }) }, { additionalProperties: false })

/** `shop` names the shop the event belongs to; any other entry is a short string. */
const Extras = Type.Unsafe<Record<string, string> & { shop: string }>({
  type: 'object',
  required: ['shop'],
  maxProperties: MAX_EXTRAS,
  propertyNames: { minLength: 1, maxLength: 50 },
  properties: {
    shop: { type: 'string', format: 'uuid', description: 'the shop the event belongs to' },
    origin: { type: 'string', maxLength: 200 },
  },
  additionalProperties: { type: 'string', maxLength: 200 },
})

export const EventBody = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 50 }),
    category: Type.String({ minLength: 1, maxLength: 50 }),
    extras: Extras,
  },
  { additionalProperties: false },
)
export type EventInput = Static<typeof EventBody>

// ---------------------------------------------------------------- charts

export const VisitsQuery = Type.Object(
  {
    shop: Uuid,
    createdAt: Type.Optional(
      Type.Object({ $gte: Type.Optional(Bound), $lte: Type.Optional(Bound) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
)
export type VisitsQueryInput = Static<typeof VisitsQuery>

export const SalesParams = Type.Object({ shopId: Uuid }, { additionalProperties: false })
export const SalesQuery = Type.Object({ from: Type.Optional(Bound), to: Type.Optional(Bound) }, { additionalProperties: false })
export type SalesQueryInput = Static<typeof SalesQuery>
