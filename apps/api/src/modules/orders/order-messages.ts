/**
 * The messages an order sends (decision 38), each written to the outbox in the transaction of its event:
 * placed (the buyer's confirmation with the receipt, its SMS, and the staff's new-order alerts), a status
 * reached (ready, dispatched, delivered, canceled, and the SMS of the first three), a pay-on-delivery order
 * canceled because the shop did not confirm it in time (with its SMS), a payment received or failed, and low stock when the order took a tracked variant down to the shop's threshold.
 *
 * Events are `order:{id}:placed`, `order:{id}:status:{status}`, `order:{id}:payment:{transaction}:{outcome}`
 * and `order:{id}:resend:{message}:{at}`, so the order's timeline finds its messages by the prefix
 * `order:{id}:`. A logged-in buyer's link is their account's order page; an anonymous buyer's carries the
 * order's private key, held (`message_key`) until the order is delivered or canceled.
 */
import { type BuyerMessageKind, type OrderLedger, type OrderStatus, formatMinor as money, orderSummary as orderSummaryOf, smsMessageKinds } from '@shop/domain'
import type { Message } from '@shop/domain/schemas/messages'
import { LOW_STOCK_THRESHOLD } from '@shop/domain/schemas/shop'
import type { ServiceContext } from '../../context'
import { NotFound, Unprocessable } from '../../lib/errors'
import { findMessageAbout, messageDto, messagesAbout } from '../messages/message-history'
import { enqueueMessage, messageSettings } from '../messages/outbox'
import type { MessageData } from '../messages/templates'
import { staffAlertRecipients } from '../messages/staff-alerts.service'
import type { OrderMessageData, OrderRefundData } from '../messages/templates/order'
import { type StockTake, lowStockThreshold } from './order-stock.repository'
import { type PickupPlace, findOrderTenders, findPickupPlace } from './order.repository'
import { findCheckout } from './checkout.repository'
import { notifyUser } from '../notifications/notify'
import { type OrderRow, type OrderTenders, ledgerOf, noTenders } from './orders.dto'
import type { LineItem } from '../../db/schema'

export const orderEventPrefix = (orderId: string) => `order:${orderId}:`

const statusMessages: Partial<Record<OrderStatus, 'order-ready' | 'order-dispatched' | 'order-delivered' | 'order-canceled'>> = {
  ready: 'order-ready',
  dispatched: 'order-dispatched',
  delivered: 'order-delivered',
  canceled: 'order-canceled',
}

/** How the order stands with its payments, as the buyer reads it (from its ledger). */
function paymentStatus(order: OrderRow, ledger: OrderLedger): string {
  const { balanceMinor: balance, netPaidMinor: netPaid, refundDueMinor: refundDue } = ledger
  if (order.status === 'canceled') {
    if (refundDue > 0) return `${money(refundDue, order.currency)} paid, to be refunded`
    return ledger.refundedMinor > 0 ? `${money(ledger.refundedMinor, order.currency)} refunded` : 'Nothing to pay'
  }
  if (refundDue > 0) return `Paid in full; ${money(refundDue, order.currency)} to be refunded`
  if (ledger.totalInclTaxMinor === 0) return 'Nothing to pay'
  if (balance === 0) return 'Paid in full'
  if (netPaid > 0) return `${money(netPaid, order.currency)} paid, ${money(balance, order.currency)} still to pay`
  if (order.paymentProvider !== 'manual') return `Waiting for your payment of ${money(balance, order.currency)}`
  return `To pay ${order.delivery.type === 'pick-up' ? 'at pick-up' : 'on delivery'}: ${money(balance, order.currency)}`
}

const featuresText = (line: LineItem) =>
  Object.entries(line.features ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')

/** Where the buyer follows the order, on the shop's host. */
function buyerPath(order: OrderRow): string {
  if (order.profileId) return `/account/orders/${order.id}`
  return order.messageKey ? `/orders/${order.id}?key=${order.messageKey}` : `/orders/${order.id}`
}

/**
 * A snapshot of the order for its messages: what was true when the event happened, its money from its ledger.
 * `pickup`: the pick-up place when the caller already read it in its transaction (placing reads it with the terms).
 */
export async function orderData(tx: ServiceContext, order: OrderRow, note: string, tenders?: OrderTenders, pickup?: PickupPlace): Promise<OrderMessageData> {
  const ledger = ledgerOf(order, tenders ?? (await findOrderTenders(tx.db, order.id)))
  return {
    orderId: order.orderId,
    customerName: order.customerName,
    placedAt: order.createdAt.toISOString(),
    currency: order.currency,
    lines: order.items.map((line) => ({ title: line.title, features: featuresText(line), count: line.count, totalMinor: line.unitPriceMinor * line.count })),
    subtotalMinor: ledger.subtotalMinor,
    discountMinor: ledger.discountMinor,
    adjustmentMinor: ledger.adjustmentMinor,
    ...(ledger.promotionMinor > 0 && order.promotions?.discount
      ? { promotion: { label: order.promotions.discount.label, amountMinor: ledger.promotionMinor } }
      : {}),
    ...(ledger.deliveryWaivedMinor > 0 && order.promotions?.freeDelivery
      ? { freeDelivery: { label: order.promotions.freeDelivery.label, amountMinor: ledger.deliveryWaivedMinor } }
      : {}),
    discountCode: order.discount?.code ?? null,
    deliveryType: order.delivery.type,
    deliveryName: order.delivery.rate?.name ?? '',
    deliveryMinor: ledger.deliveryMinor,
    address: order.delivery.address ?? '',
    ...(order.delivery.type === 'pick-up' ? { pickup: pickup ?? (await findPickupPlace(tx.db, order.shopId)) } : {}),
    taxMinor: ledger.taxMinor,
    totalMinor: ledger.totalInclTaxMinor,
    paidMinor: ledger.netPaidMinor,
    paymentStatus: paymentStatus(order, ledger),
    note,
    path: buyerPath(order),
  }
}

/**
 * The buyer's e-mail of `kind` (unless the shop turned it off) and, for the SMS kinds, its SMS when SMS is on.
 * A buyer with no e-mail (decision 62) gets every message the shop sends by SMS instead, its link included:
 * it is their only way to hear of the order.
 */
async function toBuyer<K extends BuyerMessageKind>(tx: ServiceContext, order: OrderRow, event: string, kind: K, data: MessageData<K>): Promise<void> {
  const settings = await messageSettings(tx, order.shopId)
  const hasEmail = order.email.trim() !== ''
  const sent = !settings.buyerEmailsOff.includes(kind)
  if (hasEmail && sent) {
    await enqueueMessage(tx, { shopId: order.shopId, event, recipient: order.email, kind, channel: 'email', data })
  }
  const bySms = hasEmail ? settings.orderSms && smsMessageKinds.includes(kind) : sent
  if (bySms && /^\+\d{8,15}$/.test(order.phone)) {
    await enqueueMessage(tx, { shopId: order.shopId, event, recipient: order.phone, kind, channel: 'sms', data })
  }
}

/** In the placing transaction: the buyer's confirmation (and SMS), and a new-order alert to each staff member who wants one. */
export async function sendOrderPlacedMessages(tx: ServiceContext, order: OrderRow, pickup: PickupPlace): Promise<void> {
  const event = `${orderEventPrefix(order.id)}placed`
  const data = await orderData(tx, order, '', noTenders, pickup)
  await toBuyer(tx, order, event, 'order-confirmation', data)
  const staffData = { ...data, path: `/admin/orders/${order.id}`, email: order.email, phone: order.phone }
  for (const recipient of await staffAlertRecipients(tx, order.shopId, 'newOrders')) {
    await enqueueMessage(tx, { shopId: order.shopId, event, recipient, kind: 'staff-new-order', channel: 'email', data: staffData })
  }
}

/**
 * In the canceling transaction: the staff who get new-order alerts hear that the buyer canceled, with what
 * was paid (so what is to refund). `order` is the row canceled.
 */
export async function sendBuyerCanceledAlert(tx: ServiceContext, order: OrderRow): Promise<void> {
  const data = { ...(await orderData(tx, order, '')), path: `/admin/orders/${order.id}`, email: order.email, phone: order.phone }
  const event = `${orderEventPrefix(order.id)}buyer-canceled`
  for (const recipient of await staffAlertRecipients(tx, order.shopId, 'newOrders')) {
    await enqueueMessage(tx, { shopId: order.shopId, event, recipient, kind: 'staff-order-canceled', channel: 'email', data })
  }
}

/** In the moving transaction: the buyer's message of the status reached (packaged has none). `order` is the row as it was, with its key. */
export async function sendStatusMessage(tx: ServiceContext, order: OrderRow, status: OrderStatus, note: string): Promise<void> {
  const kind = statusMessages[status]
  // Ready means "come and collect it" only for a pick-up; a delivery hears next when it is dispatched.
  if (!kind || (status === 'ready' && order.delivery.type !== 'pick-up')) return
  const data = await orderData(tx, { ...order, status }, note)
  await toBuyer(tx, order, `${orderEventPrefix(order.id)}status:${status}`, kind, data)
}

/**
 * In the canceling transaction: the buyer of a pay-on-delivery order the shop did not confirm in time hears
 * why it is canceled and what to do (decision 52), in place of the plain canceled message.
 */
export async function sendNotConfirmedMessage(tx: ServiceContext, order: OrderRow): Promise<void> {
  const data = await orderData(tx, { ...order, status: 'canceled' }, '')
  await toBuyer(tx, order, `${orderEventPrefix(order.id)}status:canceled`, 'order-not-confirmed', data)
}

/** In the settling transaction: the buyer hears that a payment arrived, or that it did not go through. */
export async function sendPaymentMessage(
  tx: ServiceContext,
  order: OrderRow,
  payment: { transactionId: string; outcome: 'received' | 'failed'; note: string },
): Promise<void> {
  const kind = payment.outcome === 'received' ? 'order-payment-received' : 'order-payment-failed'
  const data = await orderData(tx, order, payment.note)
  await toBuyer(tx, order, `${orderEventPrefix(order.id)}payment:${payment.transactionId}:${payment.outcome}`, kind, data)
}

/**
 * In the refunding transaction (decision 59): the buyer hears how much comes back, how, why, and what they
 * returned; the receipt below shows the order's money after it. `refund.id` names the event, so each refund
 * is one message.
 */
export async function sendRefundMessage(tx: ServiceContext, order: OrderRow, refund: { id: string } & OrderRefundData['refund']): Promise<void> {
  const { id, ...details } = refund
  const data: OrderRefundData = { ...(await orderData(tx, order, '')), refund: details }
  await toBuyer(tx, order, `${orderEventPrefix(order.id)}refund:${id}`, 'order-refunded', data)
}

/**
 * In the editing transaction (decision 60): the buyer's updated receipt, with what changed as its note.
 * `at` names the event, so each edit is one message.
 */
export async function sendOrderUpdatedMessage(tx: ServiceContext, order: OrderRow, note: string, at: Date): Promise<void> {
  const data = await orderData(tx, order, note)
  await toBuyer(tx, order, `${orderEventPrefix(order.id)}edit:${at.getTime()}`, 'order-updated', data)
}

/**
 * In the placing transaction: one alert for each tracked variant this order took from above the shop's
 * threshold to at or below it. Restocked above and fallen again is a new crossing, by another order.
 */
export async function alertLowStock(tx: ServiceContext, order: OrderRow, taken: StockTake[]): Promise<void> {
  // No threshold can be crossed by a take that leaves more than the highest one: no statement to read it.
  if (!taken.some((row) => row.remaining !== null && row.remaining <= LOW_STOCK_THRESHOLD.max)) return
  const threshold = await lowStockThreshold(tx.db, order.shopId)
  const crossed = taken.filter((row) => row.remaining !== null && row.available > threshold && row.remaining <= threshold)
  if (!crossed.length) return
  const recipients = await staffAlertRecipients(tx, order.shopId, 'lowStock')
  for (const row of crossed) {
    const line = order.items.find((item) => item.product === row.productId && (item.variant ?? '') === row.variantId)
    const data = {
      title: line?.title ?? 'A product',
      features: line ? featuresText(line) : '',
      left: row.remaining!,
      threshold,
      path: `/admin/products/${row.productId}`,
    }
    const event = `low-stock:${row.productId}/${row.variantId}:order:${order.id}`
    for (const recipient of recipients) {
      await enqueueMessage(tx, { shopId: order.shopId, event, recipient, kind: 'staff-low-stock', channel: 'email', data })
    }
  }
}

/** The order's messages, newest first (the caller checked who may see them). */
export async function orderMessages(ctx: ServiceContext, order: OrderRow): Promise<Message[]> {
  return (await messagesAbout(ctx, order.shopId, orderEventPrefix(order.id))).map(messageDto)
}

/**
 * Sends one of the order's messages again, to the same recipient by the same channel, made from the order
 * as it is now (so a changed address or payment shows). A new message of its own on the timeline.
 */
export async function resendMessage(tx: ServiceContext, order: OrderRow, messageId: string): Promise<Message> {
  const original = await findMessageAbout(tx, order.shopId, orderEventPrefix(order.id), messageId)
  if (!original) throw NotFound('No such message of this order')
  const event = `${orderEventPrefix(order.id)}resend:${original.id}:${tx.clock.now().getTime()}`
  const base = { shopId: order.shopId, event, recipient: original.recipient, channel: original.channel }
  const note = typeof original.data.note === 'string' ? original.data.note : ''
  const data = await orderData(tx, order, note)
  let queued: { id: string } | null
  switch (original.kind) {
    case 'staff-new-order':
      queued = await enqueueMessage(tx, { ...base, kind: 'staff-new-order', data: { ...data, path: `/admin/orders/${order.id}`, email: order.email, phone: order.phone } })
      break
    case 'staff-order-canceled':
      queued = await enqueueMessage(tx, { ...base, kind: 'staff-order-canceled', data: { ...data, path: `/admin/orders/${order.id}`, email: order.email, phone: order.phone } })
      break
    case 'order-confirmation':
    case 'order-ready':
    case 'order-dispatched':
    case 'order-delivered':
    case 'order-canceled':
    case 'order-not-confirmed':
    case 'order-payment-received':
    case 'order-payment-failed':
    case 'order-updated':
      queued = await enqueueMessage(tx, { ...base, kind: original.kind, data })
      break
    case 'order-refunded':
      // The refund it told of stays what it was; the order's money below it is today's.
      queued = await enqueueMessage(tx, { ...base, kind: 'order-refunded', data: { ...data, refund: original.data.refund as OrderRefundData['refund'] } })
      break
    default:
      throw Unprocessable(`A ${original.kind} message cannot be sent again`, [{ path: 'message', message: 'is not a message this order can send again' }])
  }
  if (!queued) throw Unprocessable('SMS is not configured on this server', [{ path: 'message', message: 'its channel is off' }])
  return messageDto((await findMessageAbout(tx, order.shopId, orderEventPrefix(order.id), queued.id))!)
}

/**
 * In the transaction of the payment that paid `order` in full: when it was placed from a checkout someone
 * else shared, that person hears it is paid (decision 68): a notification on their account if they have
 * one, and a message to the e-mail and phone they gave the checkout, linking to the checkout's page (never
 * the payer's order link). Once per order: the outbox keeps one message per event and recipient.
 */
export async function sendCheckoutPaidMessages(tx: ServiceContext, order: OrderRow): Promise<void> {
  if (!order.checkoutId) return
  const checkout = await findCheckout(tx.db, order.checkoutId)
  if (!checkout) return
  const sameAccount = !!checkout.profileId && checkout.profileId === order.profileId
  const sameEmail = !!checkout.email && checkout.email.toLowerCase() === order.email.toLowerCase()
  if (sameAccount || sameEmail) return
  const event = `${orderEventPrefix(order.id)}checkout-paid`
  const data = { ...(await orderData(tx, order, '')), customerName: checkout.customerName ?? '', path: `/checkout/${checkout.id}` }
  if (checkout.profileId) {
    await notifyUser(tx, order.shopId, checkout.profileId, {
      type: 'checkout-paid',
      title: `Your shared checkout is paid: order ${order.orderId}`,
      body: orderSummaryOf(order.items),
      link: `/checkout/${checkout.id}`,
    })
  }
  const settings = await messageSettings(tx, order.shopId)
  if (checkout.email && /^[^\s@]+@[^\s@]+$/.test(checkout.email)) {
    await enqueueMessage(tx, { shopId: order.shopId, event, recipient: checkout.email, kind: 'checkout-paid', channel: 'email', data })
  }
  if (settings.orderSms && checkout.phone && /^\+\d{8,15}$/.test(checkout.phone)) {
    await enqueueMessage(tx, { shopId: order.shopId, event, recipient: checkout.phone, kind: 'checkout-paid', channel: 'sms', data })
  }
}
