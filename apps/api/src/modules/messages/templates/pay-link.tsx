/**
 * The messages that carry an order's pay link (decision 63): the link staff send by SMS or e-mail, and the
 * reminder to pay (once automatically for an online order still unpaid, or whenever staff ask). `path` is the
 * pay link (`/pay/{id}?key=…`), a secret kept until the message is sent; the button pays the balance.
 */
import { formatMinor as money } from '@shop/domain'
import { type OrderMessageData, orderEmail, orderSms } from './order'
import type { MessageTemplate } from './template'

export type PayLinkMessageData = OrderMessageData & {
  /** What is still to pay when the message was written (minor units). */
  balanceMinor: number
}

export const orderPayLink: MessageTemplate<PayLinkMessageData> = {
  secretFields: ['path'],
  email: (data, site) =>
    orderEmail(data, site, {
      subject: `Pay for your ${site.name} order ${data.orderId}`,
      heading: 'Pay for your order',
      news: `Here is the link to pay ${money(data.balanceMinor, data.currency)} for your order ${data.orderId}. It opens the order on our shop, where you can pay online.`,
      receipt: true,
      button: `Pay ${money(data.balanceMinor, data.currency)}`,
    }),
  sms: (data, site) => orderSms(site, data, `pay ${money(data.balanceMinor, data.currency)} for your order ${data.orderId} here:`),
}

export const orderPaymentReminder: MessageTemplate<PayLinkMessageData> = {
  secretFields: ['path'],
  email: (data, site) =>
    orderEmail(data, site, {
      subject: `Reminder: order ${data.orderId} is waiting for your payment`,
      heading: 'A reminder to pay',
      news: `Your order ${data.orderId} is waiting for your payment of ${money(data.balanceMinor, data.currency)}. You can pay it online with the link below.`,
      receipt: true,
      button: `Pay ${money(data.balanceMinor, data.currency)}`,
    }),
  sms: (data, site) => orderSms(site, data, `a reminder: order ${data.orderId} is waiting for your payment of ${money(data.balanceMinor, data.currency)}. Pay here:`),
}
