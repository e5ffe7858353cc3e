/** How an order reads to its buyer: its delivery and its payment, in the glossary's words (docs/glossary.md). */
import { deliveryWords, payOnDeliveryWords } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'

/** "Pick-up at 14 Oxford Street, Osu", or "Pick-up at the shop" while the shop has not said where. */
export function pickupWords(pickupAddress?: string | null): string {
  const address = pickupAddress?.trim()
  return address ? `Pick-up at ${address}` : 'Pick-up at the shop'
}

/**
 * Pick-up at the shop's pick-up place (`pickupWords`), or the rate and the region with the region said once
 * ("Delivery to Northern").
 */
export function buyerDeliveryWords(order: Pick<Order, 'delivery'>, regionName: string | null | undefined, pickupAddress?: string | null): string {
  return order.delivery.type === 'pick-up' ? pickupWords(pickupAddress) : deliveryWords(order.delivery.rate?.name, regionName)
}

/** What a shopper sees for an online way to pay: never a provider's code name ("test"). */
const onlineNames: Record<string, string> = { test: 'Demonstration payment', paystack: 'Mobile money or card (Paystack)' }

/** "Pay on delivery", "Pay at pick-up", or the online way to pay and where the payment stands. */
export function buyerPaymentWords(order: Pick<Order, 'payment' | 'delivery' | 'status' | 'paid' | 'acked'>): string {
  if (order.payment.provider === 'manual') return payOnDeliveryWords(order.delivery.type)
  const name = onlineNames[order.payment.provider] ?? 'Paid online'
  if (order.status === 'canceled') return `${name}: ${order.paid > 0 ? 'paid, see above' : 'not paid'}`
  return `${name}: ${order.acked ? 'paid' : 'waiting for payment'}`
}
