/**
 * What the orders screens' forms submit to their routes' clientActions (docs/decisions/0112-typed-submissions.md),
 * one schema per intent, built from the domain's request schemas so a form, its action and the API check
 * the same rules. The actions parse with these first; the forms type what they send from them.
 */
import { type OrderSource, orderSources } from '@shop/domain'
import { OrderMessageParams } from '@shop/domain/schemas/messages'
import { DeliveryInput, Email, Items, ManualDiscountInput, OrderCreateBody, StaffNote } from '@shop/domain/schemas/order-input'
import { OrderStatusSchema } from '@shop/domain/schemas/orders'
import { PayLinkBody } from '@shop/domain/schemas/pay-links'
import { PaymentMethodSchema, TransactionCreateBody } from '@shop/domain/schemas/payments'
import { RefundCreateBody } from '@shop/domain/schemas/refunds'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, type TObject, type TProperties, type TSchema, Type } from 'typebox'

/** Where an order staff enter came from: anywhere but the storefront, WhatsApp first (decision 61). */
export const enteredSources = orderSources.filter((source): source is Exclude<OrderSource, 'storefront'> => source !== 'storefront')
export type EnteredSource = (typeof enteredSources)[number]
const EnteredSourceSchema = Type.Unsafe<EnteredSource>({ type: 'string', enum: [...enteredSources] })

/** A request body without its `order`, which the page's address names; other fields are still refused. */
function withoutOrder<P extends TProperties & { order: TSchema }>(body: TObject<P>) {
  const { order: _order, ...properties } = body.properties
  return Type.Object(properties, { additionalProperties: false })
}

/** A refund as the forms send it: the API's refund body without the order. */
export const RefundSubmission = withoutOrder(RefundCreateBody)
export type RefundSubmission = Static<typeof RefundSubmission>

/**
 * `move`: the status to reach; `deliveredUnpaid` confirms delivered with money still due; a cancel may carry
 * the refund of what was paid, made in the same step.
 */
export const MoveSubmission = Type.Object(
  { status: OrderStatusSchema, deliveredUnpaid: Type.Optional(Type.Boolean()), refund: Type.Optional(RefundSubmission) },
  { additionalProperties: false },
)

/** `record-payment`: the API's recorded payment without the order. */
export const RecordPaymentSubmission = withoutOrder(TransactionCreateBody)
export type RecordPaymentSubmission = Static<typeof RecordPaymentSubmission>

/**
 * `edit-order`: the whole new list of lines, a new delivery when it changed, the manual discount when it
 * changed (null removes it), and `preview` to see the order as the edit would make it, nothing changed.
 */
export const EditOrderSubmission = Type.Object(
  {
    items: Items,
    delivery: Type.Optional(DeliveryInput),
    adjustment: Type.Optional(Type.Union([ManualDiscountInput, Type.Null()])),
    preview: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type EditOrderSubmission = Static<typeof EditOrderSubmission>

/** The intents of an order's page (`routes/admin-order.tsx`). */
export const orderPageIntents = {
  move: MoveSubmission,
  refund: RefundSubmission,
  'record-payment': RecordPaymentSubmission,
  resend: Type.Object({ message: OrderMessageParams.properties.message }, { additionalProperties: false }),
  'pay-link': PayLinkBody,
  remind: Type.Object({}, { additionalProperties: false }),
  'edit-order': EditOrderSubmission,
}

/** The key that makes a retried placing answer the first order (the API's Idempotency-Key header). */
const IdempotencyKey = Type.String({ pattern: '^[\\x21-\\x7E]{1,100}$' })

/**
 * `place-order` on the New order page: the order as the API takes it from staff (its source required), the
 * buyer's e-mail when given, the retry key, and a payment received now (its amount null for the whole
 * balance). Field paths are the API's, so its refusals and these land on the same fields.
 */
export const PlaceOrderSubmission = Type.Object(
  {
    source: EnteredSourceSchema,
    items: Items,
    delivery: DeliveryInput,
    discount: OrderCreateBody.properties.discount,
    name: OrderCreateBody.properties.name,
    phone: OrderCreateBody.properties.phone,
    adjustment: Type.Optional(ManualDiscountInput),
    note: Type.Optional(StaffNote),
    email: Type.Optional(Email),
    idempotencyKey: IdempotencyKey,
    paidNow: Type.Union([
      Type.Object({ method: PaymentMethodSchema, amount: Type.Union([TransactionCreateBody.properties.amount, Type.Null()]) }, { additionalProperties: false }),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
)
export type PlaceOrderSubmission = Static<typeof PlaceOrderSubmission>

/** `move-forward` on the orders list: the ticked orders, as many as the API moves at once. */
export const MoveForwardSubmission = Type.Object({ orders: Type.Array(Uuid, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false })
