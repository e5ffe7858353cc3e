/**
 * Wire schemas of checkouts and orders. Requests are strict (unknown fields are a 400), name things by id
 * and never carry a price: the server prices everything from the catalog. Money on the wire is major units.
 */
import { type OrderStatus, orderStatuses } from '@shop/domain'
import { IsoDate, Money, Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

export const MAX_LINES = 100
export const MAX_COUNT = 1000

const VariantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })
const RegionId = Type.String({ pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' })
const Phone = Type.String({ pattern: '^\\+?[0-9][0-9 ()-]{2,30}$' })
const Email = Type.String({ format: 'email', maxLength: 254 })
/** The secret of an anonymous buyer's private order link. */
const AccessKey = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })
const Status = Type.Unsafe<OrderStatus>({ type: 'string', enum: [...orderStatuses] })
const Provider = Type.Union([Type.Literal('manual'), Type.Literal('test'), Type.Literal('paystack')])
const Features = Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } })

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
    type: Type.Union([Type.Literal('pick-up'), Type.Literal('dispatch')]),
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

const Items = Type.Array(ItemInput, { minItems: 1, maxItems: MAX_LINES })

export const CheckoutCreateBody = Type.Object(
  { items: Items, delivery: DeliveryInput, discount: Type.Optional(DiscountInput) },
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
    payment: Type.Optional(Type.Object({ provider: Provider }, { additionalProperties: false })),
    phone: Type.Optional(Phone),
  },
  { additionalProperties: false, anyOf: [{ required: ['checkout'] }, { required: ['items', 'delivery'] }] },
)
export type OrderCreateInput = Static<typeof OrderCreateBody>

export const OrderPatchBody = Type.Object(
  { status: Status, note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
)
export type OrderPatchInput = Static<typeof OrderPatchBody>

export const PlaceQuery = Type.Object({ shop: Uuid, email: Type.Optional(Email) }, { additionalProperties: false })
export type PlaceQuery = Static<typeof PlaceQuery>

export const KeyQuery = Type.Object({ key: Type.Optional(AccessKey) }, { additionalProperties: false })
export type KeyQuery = Static<typeof KeyQuery>

export const EmptyQuery = Type.Object({}, { additionalProperties: false })

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: '^[\\x21-\\x7E]{1,100}$' })),
})

// ---------------------------------------------------------------- responses

/** The states of a payment attempt (payments' transactions). */
export const TransactionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('success'),
  Type.Literal('failed'),
  Type.Literal('abandoned'),
])

/** The payment part of an order's answer (filled in by payments through order-payments.ts). */
export const PaymentSummary = Type.Object({
  provider: Type.String(),
  status: Type.Optional(TransactionStatus),
  /** The attempt's id, for PATCH /api/transactions/{id}. */
  transaction: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Where to send the buyer to pay (instant providers, in the answer that started the attempt). */
  redirectUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  error: Type.Optional(Type.String()),
})
export type PaymentSummary = Static<typeof PaymentSummary>

const Image = Type.Object({ url: Type.String(), thumbnail: Type.String(), alt: Type.String() })

export const LineResponse = Type.Object({
  product: Type.Object({
    _id: Type.String(),
    title: Type.String(),
    price: Money,
    sellAt: Type.Number(),
    images: Type.Array(Image),
  }),
  variant: Type.Union([Type.Object({ _id: Type.String(), features: Features }), Type.Null()]),
  count: Type.Integer(),
  /** The price of one unit the line was charged at (the sale price when on sale). */
  unitPrice: Type.Number(),
})
export type LineDto = Static<typeof LineResponse>

const RateSnapshot = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  rate: Money,
  paymentOption: Type.String(),
  estimatedDays: Type.Union([Type.Integer(), Type.Null()]),
})

export const DeliveryResponse = Type.Object({
  type: Type.Union([Type.Literal('pick-up'), Type.Literal('dispatch')]),
  region: Type.Union([Type.String(), Type.Null()]),
  rate: Type.Union([RateSnapshot, Type.Null()]),
  /** Contact details: only for the creator of a checkout, the buyer and the shop's staff. */
  address: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
})
export type DeliveryDto = Static<typeof DeliveryResponse>

export const DiscountResponse = Type.Union([
  Type.Object({
    code: Type.String(),
    type: Type.Union([Type.Literal('percentage'), Type.Literal('fixed')]),
    /** Percent for percentage codes, major units for fixed ones. */
    value: Type.Number(),
  }),
  Type.Null(),
])
export type DiscountDto = Static<typeof DiscountResponse>

export const TotalsResponse = Type.Object({
  subtotal: Type.Number(),
  tax: Type.Number(),
  /** The delivery fee of the chosen rate (0 for pick-up), whether or not `total` includes it. */
  delivery: Type.Number(),
  discount: Type.Number(),
  total: Type.Number(),
})
export type TotalsDto = Static<typeof TotalsResponse>

export const CheckoutResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  items: Type.Array(LineResponse),
  delivery: DeliveryResponse,
  discount: DiscountResponse,
  /** The tax amount (major units), also in totals.tax. */
  tax: Type.Number(),
  currency: Type.String(),
  totals: TotalsResponse,
  createdAt: IsoDate,
  /** Creator only. */
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  profile: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})
export type CheckoutDto = Static<typeof CheckoutResponse>

const TimelineEntry = Type.Object({ status: Status, note: Type.String(), createdAt: IsoDate })

export const OrderResponse = Type.Object({
  _id: Type.String(),
  orderId: Type.String(),
  shop: Type.String(),
  profile: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  phone: Type.String(),
  items: Type.Array(LineResponse),
  delivery: DeliveryResponse,
  discount: DiscountResponse,
  tax: Type.Number(),
  currency: Type.String(),
  totals: TotalsResponse,
  /** What an instant payment provider collects up front (SPEC §9's checkout total). */
  amountDue: Type.Number(),
  status: Status,
  acked: Type.Boolean(),
  /** The provider; in the answer that places the order also its payment attempt and where to pay. */
  payment: PaymentSummary,
  /** Oldest first; left out of list items. */
  timeline: Type.Optional(Type.Array(TimelineEntry)),
  /** The name on the buyer's account, in one order's answer to the shop's staff; absent for guests and in lists. */
  customerName: Type.Optional(Type.String()),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** Only in the 201 answer to an anonymous buyer: the secret of the private order link. */
  accessKey: Type.Optional(Type.String()),
  privateUrl: Type.Optional(Type.String()),
})
export type OrderDto = Static<typeof OrderResponse>
