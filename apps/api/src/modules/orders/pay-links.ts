/**
 * Pay links and reminders to pay (decision 63). Every order has a pay link, `/pay/{id}?key={payKey}` on the
 * shop's own host: it shows the order and pays its balance online, nothing more. Staff answers carry it
 * while money is due; staff send it by SMS or e-mail (through the outbox) or share it from their phone
 * (WhatsApp, Copy: only noted), and send a reminder to pay. An online order still unpaid halfway to its
 * shop's unpaid timeout gets one reminder by itself (the background sweep), unless the shop turned them off.
 * Every send is noted on the order's timeline.
 */
import { timingSafeEqual } from 'node:crypto'
import { formatMinor } from '@shop/domain'
import type { PayLinkChannel, PayLinkSent, ReminderSent } from '@shop/domain/schemas/pay-links'
import { type ServiceContext, inTransaction } from '../../context'
import { Conflict, NotFound, Unprocessable } from '../../lib/errors'
import { enqueueMessage, messageSettings } from '../messages/outbox'
import { orderData, orderEventPrefix } from './order-messages'
import { findOrder, findOrderForUpdate, findOrderTenders, findOrderView, insertOrderEvent } from './order.repository'
import { type OrderRow, type OrderView, ledgerOf } from './orders.dto'
import { type ShopHosts, claimDueReminders, findShopHosts } from './pay-link.repository'

/** The pay link's path on the shop's host. The key is the order's own pay secret, not its private link's. */
export const payLinkPath = (order: Pick<OrderRow, 'id' | 'payKey'>) => `/pay/${order.id}?key=${order.payKey}`

function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null
  } catch {
    return null
  }
}

function serves(ctx: ServiceContext, hosts: ShopHosts, host: string | null): boolean {
  return !!host && (host === `${hosts.slug}.${ctx.config.rootDomain}` || hosts.domains.includes(host))
}

/**
 * Where the shop's pay links point: the caller's own origin when it serves this shop (its subdomain or a
 * verified custom domain), so a shop on its own domain sends links on it; else its subdomain.
 */
export async function payLinkOrigin(ctx: ServiceContext, shopId: string): Promise<string> {
  const hosts = await findShopHosts(ctx.db, shopId)
  if (!hosts) throw NotFound('No such shop')
  for (const candidate of ctx.actor.origins) {
    if (serves(ctx, hosts, hostOf(candidate))) return new URL(candidate).origin
  }
  return `${new URL(ctx.config.platformUrl).protocol}//${hosts.slug}.${ctx.config.rootDomain}`
}

/** Whether money is due on the order, as its ledger says: not canceled, and a balance to pay. */
export function owesMoney(view: OrderView): boolean {
  return view.status !== 'canceled' && ledgerOf(view, view).balanceMinor > 0
}

/** The order's pay link at `origin`, while money is due on it; else undefined. */
export function payLinkOf(origin: string | null, view: OrderView): string | undefined {
  return origin && owesMoney(view) ? new URL(payLinkPath(view), origin).toString() : undefined
}

/** The origin of pay links for the caller when they are the shop's staff (dashboard.view), else null. */
export async function staffPayLinkOrigin(ctx: ServiceContext, shopId: string): Promise<string | null> {
  if (!(await ctx.actor.can(shopId, 'dashboard.view'))) return null
  return payLinkOrigin(ctx, shopId)
}

function payKeyMatches(stored: string, given: string | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(stored)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The order a pay link opens, with its shop's title: its key must be the order's pay key, and the request
 * must come from the shop's own host (every origin it names serves the shop). Anything else is a 404, as if
 * there were no such order.
 */
export async function findPayLinkOrder(ctx: ServiceContext, id: string, key: string | undefined): Promise<{ view: OrderView; shopTitle: string }> {
  const view = await findOrderView(ctx.db, id)
  if (!view || !payKeyMatches(view.payKey, key)) throw NotFound('No such order')
  const hosts = await findShopHosts(ctx.db, view.shopId)
  const origins = ctx.actor.origins
  if (!hosts || !origins.length || !origins.every((origin) => serves(ctx, hosts, hostOf(origin)))) throw NotFound('No such order')
  return { view, shopTitle: hosts.title }
}

const isPhone = (phone: string) => /^\+\d{8,15}$/.test(phone)
const isEmail = (email: string) => /^[^\s@]+@[^\s@]+$/.test(email.trim())

/** Locks an order with money due, for a staff member who may move orders; 409 when nothing is due. */
async function lockOwingOrder(tx: ServiceContext, id: string): Promise<{ order: OrderRow; balanceMinor: number }> {
  const order = await findOrderForUpdate(tx.db, id)
  if (!order) throw NotFound('No such order')
  if (order.status === 'canceled') throw Conflict(`Order ${order.orderId} is canceled: there is nothing to pay`, [{ path: 'order', message: 'is canceled' }])
  const { balanceMinor } = ledgerOf(order, await findOrderTenders(tx.db, order.id))
  if (balanceMinor <= 0) throw Conflict(`Order ${order.orderId} is paid in full: there is nothing to pay`, [{ path: 'order', message: 'nothing is due on this order' }])
  return { order, balanceMinor }
}

async function staffOrder(ctx: ServiceContext, id: string): Promise<{ order: OrderRow; by: string; actorId: string }> {
  const user = ctx.actor.requireUser()
  const order = await findOrder(ctx.db, id)
  if (!order) throw NotFound('No such order')
  await ctx.actor.authorize(order.shopId, 'orders.move')
  return { order, by: user.name.trim() || user.email, actorId: user.id }
}

type Kind = 'order-pay-link' | 'order-payment-reminder'

/** Writes one pay-link message (SMS or e-mail) to the outbox; null when that channel is off on this server. */
async function queue(tx: ServiceContext, order: OrderRow, balanceMinor: number, kind: Kind, channel: 'sms' | 'email', recipient: string, event: string) {
  const data = { ...(await orderData(tx, order, '')), path: payLinkPath(order), balanceMinor }
  return enqueueMessage(tx, { shopId: order.shopId, event, recipient, kind, channel, data })
}

async function note(tx: ServiceContext, order: OrderRow, text: string, actorId: string | null) {
  await insertOrderEvent(tx.db, { shopId: order.shopId, orderId: order.id, status: order.status, kind: 'note', note: text, actorId, createdAt: tx.clock.now() })
}

const channelWords = { sms: 'SMS', email: 'e-mail' } as const

/**
 * Staff send the order's pay link (orders.move). `sms` and `email` are queued to the order's phone or
 * address; `whatsapp` and `copy` were done on the staff member's phone, so they are only noted.
 */
export async function sendPayLink(ctx: ServiceContext, id: string, channel: PayLinkChannel): Promise<PayLinkSent> {
  const { order: found, by, actorId } = await staffOrder(ctx, id)
  const origin = await payLinkOrigin(ctx, found.shopId)
  return inTransaction(ctx, async (tx) => {
    const { order, balanceMinor } = await lockOwingOrder(tx, found.id)
    const amount = formatMinor(balanceMinor, order.currency)
    let recipient: string | null = null
    let text: string
    if (channel === 'sms' || channel === 'email') {
      recipient = channel === 'sms' ? order.phone : order.email.trim()
      if (channel === 'sms' && !isPhone(recipient)) {
        throw Unprocessable(`Order ${order.orderId} has no phone number to send an SMS to`, [{ path: 'channel', message: 'the order has no phone number' }])
      }
      if (channel === 'email' && !isEmail(recipient)) {
        throw Unprocessable(`Order ${order.orderId} has no e-mail address`, [{ path: 'channel', message: 'the order has no e-mail address' }])
      }
      const event = `${orderEventPrefix(order.id)}pay-link:${channel}:${tx.clock.now().getTime()}`
      if (!(await queue(tx, order, balanceMinor, 'order-pay-link', channel, recipient, event))) {
        throw Unprocessable('SMS is not set up on this server: send the link by WhatsApp or copy it', [{ path: 'channel', message: 'SMS is not available' }])
      }
      text = `Pay link for ${amount} sent by ${channelWords[channel]} to ${recipient} by ${by}`
    } else {
      text = channel === 'whatsapp' ? `Pay link for ${amount} sent by WhatsApp by ${by}` : `Pay link for ${amount} copied to share by ${by}`
    }
    await note(tx, order, text, actorId)
    return { channel, recipient, payLink: new URL(payLinkPath(order), origin).toString(), note: text }
  })
}

/**
 * Queues a reminder to pay by SMS (to a phone in international form, when SMS is on here and `sms` allows)
 * and by e-mail (to an address); answers what was queued.
 */
async function queueReminders(tx: ServiceContext, order: OrderRow, balanceMinor: number, event: string, sms: boolean) {
  const sent: ReminderSent['sent'] = []
  if (sms && isPhone(order.phone) && (await queue(tx, order, balanceMinor, 'order-payment-reminder', 'sms', order.phone, event))) {
    sent.push({ channel: 'sms', recipient: order.phone })
  }
  const email = order.email.trim()
  if (isEmail(email) && (await queue(tx, order, balanceMinor, 'order-payment-reminder', 'email', email, event))) {
    sent.push({ channel: 'email', recipient: email.toLowerCase() })
  }
  return sent
}

const sentWords = (sent: ReminderSent['sent']) => sent.map((one) => `by ${channelWords[one.channel]} to ${one.recipient}`).join(' and ')

/**
 * Staff remind the buyer to pay what is due (orders.move), by SMS and e-mail, whatever the shop's automatic
 * reminders are set to: it is their own act (decision 63). Pay-on-delivery debts included.
 */
export async function remindToPay(ctx: ServiceContext, id: string): Promise<ReminderSent> {
  const { order: found, by, actorId } = await staffOrder(ctx, id)
  return inTransaction(ctx, async (tx) => {
    const { order, balanceMinor } = await lockOwingOrder(tx, found.id)
    const sent = await queueReminders(tx, order, balanceMinor, `${orderEventPrefix(order.id)}reminder:${tx.clock.now().getTime()}`, true)
    if (!sent.length) {
      throw Unprocessable(
        isPhone(order.phone)
          ? 'SMS is not set up on this server and the order has no e-mail address: send the pay link by WhatsApp instead'
          : `Order ${order.orderId} has no phone number or e-mail address to send a reminder to`,
        [{ path: 'order', message: 'has no way to reach the buyer' }],
      )
    }
    const text = `Reminder to pay ${formatMinor(balanceMinor, order.currency)} sent ${sentWords(sent)} by ${by}`
    await note(tx, order, text, actorId)
    return { sent, note: text }
  })
}

/**
 * The background sweep's reminders: claims up to `limit` of the unpaid online orders due one and sends each
 * its reminder with the pay link (SMS when the shop sends SMS and the order has a phone, e-mail when it has
 * an address), noted on its timeline. Answers how many orders it claimed and how many were reminded.
 */
export async function remindUnpaidOrders(ctx: ServiceContext, limit: number): Promise<{ claimed: number; reminded: number }> {
  return inTransaction(ctx, async (tx) => {
    const claimed = await claimDueReminders(tx.db, tx.clock.now(), limit)
    let reminded = 0
    for (const order of claimed) {
      const { balanceMinor } = ledgerOf(order, await findOrderTenders(tx.db, order.id))
      if (balanceMinor <= 0) continue
      const settings = await messageSettings(tx, order.shopId)
      const sent = await queueReminders(tx, order, balanceMinor, `${orderEventPrefix(order.id)}reminder:auto`, settings.orderSms)
      if (!sent.length) continue
      await note(tx, order, `Reminder to pay ${formatMinor(balanceMinor, order.currency)} sent automatically ${sentWords(sent)}`, null)
      reminded++
    }
    return { claimed: claimed.length, reminded }
  })
}
