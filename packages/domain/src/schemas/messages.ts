/**
 * The wire shapes of messages: a shop's notification settings, a staff member's alert switches, and the
 * messages about an order as its timeline shows them. The API validates with these; the dashboard reads them.
 */
import { type Static, Type } from 'typebox'
import { emailPattern } from '../account'
import { buyerMessageKinds } from '../messages'
import { IsoDate, Uuid } from './wire'

const BuyerEmails = Type.Object(
  Object.fromEntries(buyerMessageKinds.map((kind) => [kind, Type.Boolean()])) as Record<(typeof buyerMessageKinds)[number], ReturnType<typeof Type.Boolean>>,
  { additionalProperties: false },
)

export const MessageSettingsResponse = Type.Object({
  shop: Type.String(),
  /** Where replies to the shop's e-mail go; null: the owner's login address. */
  replyTo: Type.Union([Type.String(), Type.Null()]),
  buyerEmails: BuyerEmails,
  sms: Type.Boolean({ description: 'order confirmation, ready, dispatched, delivered and canceled as not confirmed in time also by SMS to the checkout phone' }),
  paymentReminders: Type.Boolean({
    description: "one reminder with the pay link to an online order still unpaid halfway to the shop's unpaid timeout (SMS and e-mail)",
  }),
  smsAvailable: Type.Boolean({ description: 'whether this server has an SMS provider configured (ARKESEL_API_KEY)' }),
  emailTransport: Type.Union([Type.Literal('smtp'), Type.Literal('mailbox')], { description: 'mailbox: no SMTP_URL, e-mail kept at /dev/mailbox' }),
})
export type MessageSettings = Static<typeof MessageSettingsResponse>

export const MessageSettingsBody = Type.Object(
  {
    replyTo: Type.Optional(Type.Union([Type.String({ maxLength: 254, pattern: emailPattern }), Type.Null()])),
    buyerEmails: Type.Optional(Type.Partial(BuyerEmails)),
    sms: Type.Optional(Type.Boolean()),
    paymentReminders: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type MessageSettingsInput = Static<typeof MessageSettingsBody>

export const ShopParams = Type.Object({ shop: Uuid }, { additionalProperties: false })

export const TestEmailResponse = Type.Object({ recipient: Type.String(), message: Type.String() })

export const StaffAlertsResponse = Type.Object({
  shop: Type.String(),
  newOrders: Type.Boolean({ description: 'an e-mail for each new order' }),
  lowStock: Type.Boolean({ description: "an e-mail when a tracked variant falls to the shop's low-stock threshold" }),
})
export type StaffAlerts = Static<typeof StaffAlertsResponse>

export const StaffAlertsBody = Type.Object(
  { newOrders: Type.Optional(Type.Boolean()), lowStock: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type StaffAlertsInput = Static<typeof StaffAlertsBody>

export const MessageResponse = Type.Object({
  _id: Type.String(),
  kind: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  recipient: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  /** Why the last attempt failed (kept when the message failed for good). */
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoDate,
  sentAt: Type.Union([IsoDate, Type.Null()]),
})
export type Message = Static<typeof MessageResponse>

export const MessageListResponse = Type.Object({ data: Type.Array(MessageResponse) })

export const OrderMessageParams = Type.Object({ id: Uuid, message: Uuid }, { additionalProperties: false })
