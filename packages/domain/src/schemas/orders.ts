/**
 * Answers of checkouts and orders: priced lines, delivery, discount, totals and the order's status and
 * payment. Money on the wire is major units. The request bodies stay with the API's routes.
 */
import { type Static, Type } from 'typebox'
import { type PaymentState, paymentStates } from '../order-ledger'
import { type OrderSource, orderSources } from '../order-source'
import { type OrderStatus, orderStatuses } from '../order-status'
import { ProductImage, Variant } from './catalog'
import { DiscountType } from './discount-code'
import { AppliedPromotionsResponse } from './promotion'
import { TransactionStatus } from './payments'
import { IsoDate, Money } from './wire'

export const OrderStatusSchema = Type.Unsafe<OrderStatus>({ type: 'string', enum: [...orderStatuses] })
export const OrderSourceSchema = Type.Unsafe<OrderSource>({ type: 'string', enum: [...orderSources] })
export const PaymentStateSchema = Type.Unsafe<PaymentState>({ type: 'string', enum: [...paymentStates] })
export const DeliveryTypeSchema = Type.Union([Type.Literal('pick-up'), Type.Literal('dispatch')])

/** The payment part of an order's answer. */
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

/** A priced line of a checkout or order. */
export const OrderLineResponse = Type.Object({
  product: Type.Object({
    _id: Type.String(),
    title: Type.String(),
    price: Money,
    sellAt: Type.Number(),
    images: Type.Array(ProductImage),
  }),
  variant: Type.Union([Variant, Type.Null()]),
  count: Type.Integer(),
  /** The price of one unit the line was charged at (the sale price when on sale). */
  unitPrice: Type.Number(),
})
export type OrderLine = Static<typeof OrderLineResponse>

const RateSnapshot = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  rate: Money,
  paymentOption: Type.String(),
  estimatedDays: Type.Union([Type.Integer(), Type.Null()]),
})

export const DeliveryResponse = Type.Object({
  type: DeliveryTypeSchema,
  region: Type.Union([Type.String(), Type.Null()]),
  rate: Type.Union([RateSnapshot, Type.Null()]),
  /** Contact details: only for the creator of a checkout, the buyer and the shop's staff. */
  address: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
})
export type DeliveryDetails = Static<typeof DeliveryResponse>

export const DiscountResponse = Type.Union([
  Type.Object({
    code: Type.String(),
    type: DiscountType,
    /** Percent for percentage codes, major units for fixed ones. */
    value: Type.Number(),
  }),
  Type.Null(),
])
export type DiscountTerms = Static<typeof DiscountResponse>

export const TotalsResponse = Type.Object({
  subtotal: Type.Number(),
  tax: Type.Number(),
  /** The delivery fee of the chosen rate (0 for pick-up) less what a promotion waived, whether or not `total` includes it. */
  delivery: Type.Number(),
  /** The discount code's amount (a manual discount is the order's `adjustment`). */
  discount: Type.Number(),
  /** An automatic promotion's discount, only when there is one; its name is in `promotions.discount`. */
  promotion: Type.Optional(Type.Number()),
  /** The delivery fee a free-delivery promotion waived, only when one did: `delivery` is already without it. */
  deliveryWaived: Type.Optional(Type.Number()),
  /**
   * A checkout: what it collects (docs/product.md §9 checkout total, tax in, a fee paid to the rider out). An order:
   * docs/product.md §9's order total, subtotal + delivery − discounts, tax NOT in; `totalInclTax` is what the buyer owes.
   */
  total: Type.Number(),
  /** Everything the buyer pays, tax and any delivery fee in, less discounts. */
  totalInclTax: Type.Number(),
})
export type Totals = Static<typeof TotalsResponse>

/** What a checkout and an order both carry: the priced lines, delivery, discount and totals. */
const pricedFields = {
  items: Type.Array(OrderLineResponse),
  delivery: DeliveryResponse,
  discount: DiscountResponse,
  /** What promotions without codes gave, named, as they were then (decision 78); absent when nothing. */
  promotions: Type.Optional(AppliedPromotionsResponse),
  /** The tax amount (major units), also in totals.tax. */
  tax: Type.Number(),
  currency: Type.String(),
  totals: TotalsResponse,
}

export const CheckoutResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  ...pricedFields,
  createdAt: IsoDate,
  /**
   * The order placed from this checkout that is not canceled, and whether it is paid in full; null while
   * it can still be placed. A placed checkout cannot be placed again (409).
   */
  placedOrder: Type.Union([Type.Object({ orderId: Type.String(), paid: Type.Boolean() }), Type.Null()]),
  /** Creator only: their email, account, and the name and phone they gave ('' when none). */
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  profile: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  customerName: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
})
export type Checkout = Static<typeof CheckoutResponse>

/**
 * `status`: the order moved to `status`; `note`: something happened at that status (a payment received),
 * so each status shows once however many notes follow it.
 */
const TimelineEntry = Type.Object({
  type: Type.Union([Type.Literal('status'), Type.Literal('note')]),
  status: OrderStatusSchema,
  note: Type.String(),
  createdAt: IsoDate,
})
export type TimelineEntry = Static<typeof TimelineEntry>

export const OrderResponse = Type.Object({
  _id: Type.String(),
  orderId: Type.String(),
  shop: Type.String(),
  profile: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  /** The buyer's phone in international form ('' when none was given). */
  phone: Type.String(),
  /** The buyer's name as given at checkout, else on their account; '' for a guest who gave none. */
  customerName: Type.String(),
  ...pricedFields,
  /**
   * True when someone paid a shared checkout as it was: the delivery is its creator's, whose address and
   * phone only the shop's staff see (the payer sees the region and the fee).
   */
  sharedDelivery: Type.Optional(Type.Boolean()),
  /** What an instant payment provider collects up front (docs/product.md §9's checkout total). */
  amountDue: Type.Number(),
  /** Received so far: the payments providers confirmed and staff recorded (major units). */
  paid: Type.Number(),
  /** Given back or on its way back (refunds pending or done). */
  refunded: Money,
  /** Still to pay: `totals.totalInclTax` less what was paid net of refunds; 0 once paid in full and for a canceled order. */
  balance: Type.Number(),
  /** Still to give back: everything held for a canceled order, else what was paid beyond `totals.totalInclTax`. */
  refundDue: Money,
  /** Where the order's money stands, from its ledger (`balance` and `refundDue` say how much). */
  paymentState: PaymentStateSchema,
  /** A manual discount staff gave, with why; null without one. */
  adjustment: Type.Union([Type.Object({ value: Type.Number(), currency: Type.String(), reason: Type.String() }), Type.Null()]),
  status: OrderStatusSchema,
  /** Where the buyer ordered: `storefront`, or the way staff took it (WhatsApp, a phone call, the counter…). */
  source: OrderSourceSchema,
  acked: Type.Boolean(),
  /**
   * A pay-on-delivery order a shopper placed that the shop has not confirmed yet: when it is canceled and its
   * items go back on sale unless staff move it past placed or record a payment first; null otherwise.
   */
  confirmBy: Type.Union([IsoDate, Type.Null()]),
  /** The provider; in the answer that places the order also its payment attempt and where to pay. */
  payment: PaymentSummary,
  /** Oldest first; left out of list items. */
  timeline: Type.Optional(Type.Array(TimelineEntry)),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /**
   * Staff answers only, while money is due (not canceled, balance > 0): the order's pay link on the shop's
   * own host (`…/pay/{id}?key=…`), which shows the order and pays its balance online.
   */
  payLink: Type.Optional(Type.String()),
  /** Only in the 201 answer to an anonymous buyer: the secret of the private order link. */
  accessKey: Type.Optional(Type.String()),
  privateUrl: Type.Optional(Type.String()),
})
export type Order = Static<typeof OrderResponse>

/** What became of one order of a bulk move: `moved`, and where it is (`status`); `message` says why not. */
export const OrderMoveResult = Type.Object({
  _id: Type.String(),
  /** The order's number; null for an id that is no order of the shop. */
  orderId: Type.Union([Type.String(), Type.Null()]),
  from: Type.Union([OrderStatusSchema, Type.Null()]),
  status: Type.Union([OrderStatusSchema, Type.Null()]),
  moved: Type.Boolean(),
  message: Type.String(),
  /** Not moved to delivered because money is still due on it (decision 57). */
  balanceDue: Type.Optional(Type.Boolean()),
})
export type OrderMoveResult = Static<typeof OrderMoveResult>

export const OrderMovesResponse = Type.Object({ data: Type.Array(OrderMoveResult) })
export type OrderMoves = Static<typeof OrderMovesResponse>
