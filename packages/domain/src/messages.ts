/**
 * The e-mails a shop sends its buyers, each of which it may turn off (Settings → Notifications), and the
 * ones that also go by SMS when SMS is on. The dashboard and the API read the same list.
 */
export const buyerMessageKinds = [
  'order-confirmation',
  'order-ready',
  'order-dispatched',
  'order-delivered',
  'order-canceled',
  'order-not-confirmed',
  'order-payment-received',
  'order-payment-failed',
  'order-refunded',
  'order-updated',
] as const
export type BuyerMessageKind = (typeof buyerMessageKinds)[number]

export const buyerMessageLabels: Record<BuyerMessageKind, string> = {
  'order-confirmation': 'Order confirmation with the receipt',
  'order-ready': 'Ready for pick-up',
  'order-dispatched': 'Dispatched',
  'order-delivered': 'Delivered',
  'order-canceled': 'Canceled',
  'order-not-confirmed': 'Canceled: not confirmed in time',
  'order-payment-received': 'Payment received',
  'order-payment-failed': 'Payment failed',
  'order-refunded': 'Refund or return',
  'order-updated': 'Order changed, with the new receipt',
}

/** The buyer messages that also go by SMS to the phone given at checkout. */
export const smsMessageKinds: readonly BuyerMessageKind[] = [
  'order-confirmation',
  'order-ready',
  'order-dispatched',
  'order-delivered',
  'order-not-confirmed',
  'order-refunded',
  'order-updated',
]

/** Every kind of message, as the order's timeline names it. */
export const messageKindLabels: Record<string, string> = {
  ...buyerMessageLabels,
  'order-pay-link': 'Pay link',
  'order-payment-reminder': 'Reminder to pay',
  'checkout-paid': 'Shared checkout paid (to whoever shared it)',
  'staff-new-order': 'New order (staff alert)',
  'staff-order-canceled': 'Canceled by the buyer (staff alert)',
  'staff-low-stock': 'Low stock (staff alert)',
  'stock-back': 'Back in stock (to a shopper who asked)',
}

export function isBuyerMessageKind(kind: string): kind is BuyerMessageKind {
  return (buyerMessageKinds as readonly string[]).includes(kind)
}
