/**
 * The wire shapes of pay links (`/pay/{order}?key=`): what the pay page shows (the order's lines and money,
 * never the buyer's address, phone or e-mail), starting an online payment of the balance, and staff sending
 * the link or a reminder to pay.
 */
import { type Static, Type } from 'typebox'
import { PaymentStateSchema, OrderStatusSchema } from './orders'
import { IsoDate } from './wire'

export const PayPageLine = Type.Object({
  title: Type.String(),
  /** The variant's features as words ("Size: M, Colour: Red"); '' for none. */
  variant: Type.String(),
  count: Type.Integer(),
  /** Major units of the order's currency. */
  total: Type.Number(),
})

export const PayPageResponse = Type.Object({
  _id: Type.String(),
  orderId: Type.String(),
  shop: Type.Object({ _id: Type.String(), title: Type.String() }),
  status: OrderStatusSchema,
  currency: Type.String(),
  items: Type.Array(PayPageLine),
  /** Major units, from the order's ledger; `total` is what the buyer owes in all, tax in. */
  totals: Type.Object({
    subtotal: Type.Number(),
    discount: Type.Number(),
    delivery: Type.Number(),
    tax: Type.Number(),
    total: Type.Number(),
  }),
  deliveryType: Type.Union([Type.Literal('pick-up'), Type.Literal('dispatch')]),
  paid: Type.Number(),
  balance: Type.Number(),
  paymentState: PaymentStateSchema,
  /** Whether the balance can be paid here now: something is due and the shop takes payments online. */
  canPay: Type.Boolean(),
  /** The pay link's latest online payment, when `transaction` named one of this order's: how it went. */
  payment: Type.Union([
    Type.Object({
      transaction: Type.String(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed'), Type.Literal('abandoned')]),
      error: Type.Optional(Type.String()),
    }),
    Type.Null(),
  ]),
  createdAt: IsoDate,
})
export type PayPage = Static<typeof PayPageResponse>

export const PayStartResponse = Type.Object({
  /** The provider's pay page for exactly the balance. */
  redirectUrl: Type.String(),
  transaction: Type.String(),
  /** The amount the payment collects (major units). */
  amount: Type.Number(),
})
export type PayStart = Static<typeof PayStartResponse>

export const payLinkChannels = ['sms', 'email', 'whatsapp', 'copy'] as const
export type PayLinkChannel = (typeof payLinkChannels)[number]
const PayLinkChannelSchema = Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Literal('whatsapp'), Type.Literal('copy')])

/** `sms` and `email` are sent by the shop; `whatsapp` and `copy` were done on the phone and are only noted. */
export const PayLinkBody = Type.Object(
  { channel: PayLinkChannelSchema },
  { additionalProperties: false },
)
export type PayLinkInput = Static<typeof PayLinkBody>

export const PayLinkSentResponse = Type.Object({
  channel: PayLinkChannelSchema,
  /** The phone or address it went to; null for WhatsApp and Copy. */
  recipient: Type.Union([Type.String(), Type.Null()]),
  payLink: Type.String(),
  /** What the order's timeline now says. */
  note: Type.String(),
})
export type PayLinkSent = Static<typeof PayLinkSentResponse>

export const ReminderSentResponse = Type.Object({
  /** Each message queued: by SMS to the order's phone, by e-mail to its address. */
  sent: Type.Array(Type.Object({ channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]), recipient: Type.String() })),
  note: Type.String(),
})
export type ReminderSent = Static<typeof ReminderSentResponse>
