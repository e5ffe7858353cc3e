/**
 * What checkouts and orders are made of on the wire: ids and counts, never prices (the server prices
 * everything from the catalog). Requests are strict: unknown fields are a 400. The API validates with these
 * schemas and the web types its bodies from them, so the two cannot drift.
 */
import { type Static, Type } from 'typebox'
import { VariantId } from './catalog'
import { RegionId } from './delivery'
import { DeliveryTypeSchema, OrderSourceSchema } from './orders'
import { PaymentProvider } from './payments'
import { Uuid } from './wire'

export const MAX_LINES = 100
export const MAX_COUNT = 1000

/** Any text up to a bound: the service checks it is a phone that can be called and keeps its international form. */
export const Phone = Type.String({ minLength: 1, maxLength: 40, description: 'a phone number, like 024 412 3456 or +233 24 412 3456' })
/** The buyer's name, for the shop to know whom it serves. */
export const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })
export const Email = Type.String({ format: 'email', maxLength: 254 })

// ---------------------------------------------------------------- requests

export const ItemInput = Type.Object(
  {
    product: Uuid,
    /** Required when the product has variants; omitted (or null) when it has none. */
    variant: Type.Optional(Type.Union([VariantId, Type.Null()])),
    count: Type.Integer({ minimum: 1, maximum: MAX_COUNT }),
  },
  { additionalProperties: false },
)
export type ItemInput = Static<typeof ItemInput>

export const DeliveryInput = Type.Object(
  {
    type: DeliveryTypeSchema,
    /** Dispatch only: the region, a rate id of the shop that covers it, and the address. */
    region: Type.Optional(RegionId),
    address: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
    phone: Type.Optional(Phone),
    rate: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type DeliveryInput = Static<typeof DeliveryInput>

export const DiscountInput = Type.Union([
  Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
  Type.Null(),
])
export type DiscountInput = Static<typeof DiscountInput>

export const Items = Type.Array(ItemInput, { minItems: 1, maxItems: MAX_LINES })

/** The most a manual discount may be (major units); an order's own amounts bound it further. */
export const MAX_ADJUSTMENT = 10_000_000

/** A manual discount staff give an order (managers and up), with the reason the buyer and the timeline see. */
export const ManualDiscountInput = Type.Object(
  {
    amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_ADJUSTMENT, description: 'major units, at most 2 decimals' }),
    reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  },
  { additionalProperties: false },
)
export type ManualDiscountInput = Static<typeof ManualDiscountInput>

/** A note staff keep on an order's timeline. */
export const StaffNote = Type.String({ maxLength: 500 })

export const CheckoutCreateBody = Type.Object(
  {
    items: Items,
    delivery: DeliveryInput,
    discount: Type.Optional(DiscountInput),
    /** The buyer's name and phone; only the checkout's creator ever sees them again. */
    name: Type.Optional(Name),
    phone: Type.Optional(Phone),
  },
  { additionalProperties: false },
)
export type CheckoutCreateInput = Static<typeof CheckoutCreateBody>

/**
 * Either `checkout` (a checkout id, with its items and discount) or `items` + `delivery` (+ `discount`). The
 * schema says so (`anyOf`, so the OpenAPI document does too); the service also refuses items or a discount
 * sent with a checkout. With `checkout`, `delivery` is the buyer's own: required unless the caller created
 * the checkout (whose stored delivery is used when none is sent).
 */
export const OrderCreateBody = Type.Object(
  {
    checkout: Type.Optional(Uuid),
    items: Type.Optional(Items),
    delivery: Type.Optional(DeliveryInput),
    discount: Type.Optional(DiscountInput),
    payment: Type.Optional(Type.Object({ provider: PaymentProvider }, { additionalProperties: false })),
    /** The buyer's name and phone (the rider's too, for a delivery without `delivery.phone`). */
    name: Type.Optional(Name),
    phone: Type.Optional(Phone),
    /**
     * Where the buyer ordered: `storefront` (the default, and the only one a shopper may send), or staff
     * entering an order a buyer sent by WhatsApp, phone, at the counter or on social media (decision 61).
     */
    source: Type.Optional(OrderSourceSchema),
    /** Staff entering an order: a manual discount with its reason (managers and up). */
    adjustment: Type.Optional(ManualDiscountInput),
    /** Staff entering an order: a note for the timeline, by them. */
    note: Type.Optional(StaffNote),
  },
  { additionalProperties: false, anyOf: [{ required: ['checkout'] }, { required: ['items', 'delivery'] }] },
)
export type OrderCreateInput = Static<typeof OrderCreateBody>

/** `email` for the query: when not logged in, an e-mail or a phone in the body is required (decision 62). */
export const PlaceQuery = Type.Object({ shop: Uuid, email: Type.Optional(Email) }, { additionalProperties: false })
export type PlaceQuery = Static<typeof PlaceQuery>
