/**
 * Wire schemas of checkouts and orders. Requests are strict (unknown fields are a 400), name things by id
 * and never carry a price: the server prices everything from the catalog. Money on the wire is major units.
 */
import { OrderSourceSchema, OrderStatusSchema } from '@shop/domain/schemas/orders'
import { Uuid } from '@shop/domain/schemas/wire'
import { DeliveryInput, Items, ManualDiscountInput, StaffNote } from '@shop/domain/schemas/order-input'
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

/** The requests' bodies live in the domain package too, where the web types what it sends from them. */
export {
  CheckoutCreateBody,
  type CheckoutCreateInput,
  DeliveryInput,
  DiscountInput,
  ItemInput,
  ManualDiscountInput,
  OrderCreateBody,
  type OrderCreateInput,
  PlaceQuery,
} from '@shop/domain/schemas/order-input'

/** The secret of an anonymous buyer's private order link. */
export const AccessKey = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })

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


export const KeyQuery = Type.Object({ key: Type.Optional(AccessKey) }, { additionalProperties: false })
export type KeyQuery = Static<typeof KeyQuery>

export const EmptyQuery = Type.Object({}, { additionalProperties: false })

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: '^[\\x21-\\x7E]{1,100}$' })),
})
