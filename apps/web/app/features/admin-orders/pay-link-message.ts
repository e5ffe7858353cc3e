/**
 * What staff send with an order's pay link: the message a WhatsApp chat opens with, and the `wa.me` link
 * that opens it (the buyer's chat when the order has a phone, else the choice of chat).
 */
import { formatMoney } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'

export function payLinkMessage(order: Pick<Order, 'orderId' | 'customerName' | 'balance' | 'currency'>, shopTitle: string, payLink: string): string {
  const hello = order.customerName.trim() ? `Hello ${order.customerName.trim()},` : 'Hello,'
  return `${hello} here is the link to pay ${formatMoney(order.balance, order.currency)} for your ${shopTitle} order ${order.orderId}: ${payLink}`
}

/** `https://wa.me/{digits}?text=…`: wa.me takes the international number without "+" or spaces. */
export function whatsAppHref(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '')
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
}
