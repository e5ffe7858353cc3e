/**
 * Wire schemas of checkouts and orders. Requests are strict (unknown fields are a 400), name things by id
 * and never carry a price: the server prices everything from the catalog. Money on the wire is major units.
 */
import { VariantId } from '@shop/domain/schemas/catalog'
import { RegionId } from '@shop/domain/schemas/delivery'
import { DeliveryTypeSchema, OrderSourceSchema, OrderStatusSchema } from '@shop/domain/schemas/orders'
import { PaymentProvider } from '@shop/domain/schemas/payments'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

/** The answers live in the domain package, where the web derives its types from them. */
export {
  type Checkout as CheckoutDto,
  CheckoutResponse,
  type DeliveryDetails as DeliveryDto,
  type DiscountTerms as DiscountDto,
  type Order as OrderDto,
  type OrderLine as LineDto,
  type OrderMoveResult,
  OrderMovesResponse,
  OrderResponse,
  PaymentSummary,
  type Totals as TotalsDto,
} from '@shop/domain/schemas/orders'

export const MAX_LINES = 100
export const MAX_COUNT = 1000

/** Any text up to a bound: the service checks it is a phone that can be called and keeps its international form. */
const Phone = Type.String({ minLength: 1, maxLength: 40, description: 'a phone number, like 024 412 3456 or +233 24 412 3456' })
/** The buyer's name, for the shop to know whom it serves. */
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })
const Email = Type.String({ format: 'email', maxLength: 254 })
/** The secret of an anonymous buyer's private order link. */
export const AccessKey = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })

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

const Items = Type.Array(ItemInput, { minItems: 1, maxItems: MAX_LINES })

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
const StaffNote = Type.String({ maxLength: 500 })

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

/** A manual discount on an edit; null removes it. */
export const AdjustmentInput = Type.Union([ManualDiscountInput, Type.Null()])

/**
 * Either a move (`status`, with an optional `note`) or an edit of a placed or packaged order (staff): the
 * whole new list of `items` (lines already on the order keep their price), a new `delivery`, and/or a manual
 * discount (`adjustment`, null removes it). A move and an edit are not sent together.
 */
export const OrderPatchBody = Type.Object(
  {
    status: Type.Optional(OrderStatusSchema),
    note: Type.Optional(StaffNote),
    deliveredUnpaid: Type.Optional(
      Type.Boolean({
        description:
          'With status "delivered": the staff member confirms the order goes delivered with a balance still due ' +
          '(noted on its timeline). Without it, moving an order with a balance due to delivered is a 409.',
      }),
    ),
    items: Type.Optional(Items),
    delivery: Type.Optional(DeliveryInput),
    adjustment: Type.Optional(AdjustmentInput),
    preview: Type.Optional(
      Type.Boolean({ description: 'With an edit: answer the order as the edit would make it (totals, balance, refund due) and change nothing.' }),
    ),
  },
  {
    additionalProperties: false,
    anyOf: [{ required: ['status'] }, { required: ['items'] }, { required: ['delivery'] }, { required: ['adjustment'] }],
  },
)
export type OrderPatchBodyInput = Static<typeof OrderPatchBody>
/** A move: the status to reach. */
export type OrderPatchInput = OrderPatchBodyInput & { status: Static<typeof OrderStatusSchema> }
/** An edit: what changes. */
export type OrderEditInput = Omit<OrderPatchBodyInput, 'status'>

/** Staff move these orders of the shop each one step forward (POST /api/order-moves/). */
export const OrderMovesBody = Type.Object(
  { shop: Uuid, orders: Type.Array(Uuid, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
)
export type OrderMovesInput = Static<typeof OrderMovesBody>

/** `unpaid=true`: only orders with a balance still due (not canceled; delivered unpaid included). */
export const UnpaidFilter = Type.Literal('true', { description: 'only orders with a balance still due' })

/** `refundDue=true`: only orders with money to give back (canceled ones still holding some, or paid beyond what they owe). */
export const RefundDueFilter = Type.Literal('true', { description: 'only orders with money to give back' })

/** `source=whatsapp`, or `source[$in][]=…`, `source[$nin][]=…`, `source[$ne]=storefront` (staff entered it). */
export const SourceFilter = Type.Union([
  OrderSourceSchema,
  Type.Object(
    {
      $in: Type.Optional(Type.Array(OrderSourceSchema, { maxItems: 10 })),
      $nin: Type.Optional(Type.Array(OrderSourceSchema, { maxItems: 10 })),
      $ne: Type.Optional(OrderSourceSchema),
    },
    { additionalProperties: false },
  ),
])

/** Staff search: part of an order's number, the buyer's name, e-mail or phone (any form of the number). */
export const OrderSearch = Type.String({ maxLength: 100 })

export const PlaceQuery = Type.Object({ shop: Uuid, email: Type.Optional(Email) }, { additionalProperties: false })
export type PlaceQuery = Static<typeof PlaceQuery>

export const KeyQuery = Type.Object({ key: Type.Optional(AccessKey) }, { additionalProperties: false })
export type KeyQuery = Static<typeof KeyQuery>

export const EmptyQuery = Type.Object({}, { additionalProperties: false })

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: '^[\\x21-\\x7E]{1,100}$' })),
})
