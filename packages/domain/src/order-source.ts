/**
 * Where an order came from: the shop's storefront, or staff entering one a buyer sent another way (a
 * WhatsApp chat, a phone call, the counter, a social inbox). Staff choose it; the storefront is the rest.
 */
export const orderSources = ['storefront', 'whatsapp', 'phone', 'walk-in', 'instagram', 'facebook', 'other'] as const
export type OrderSource = (typeof orderSources)[number]

/** How the dashboard names each source. */
export const orderSourceLabels: Record<OrderSource, string> = {
  storefront: 'Online shop',
  whatsapp: 'WhatsApp',
  phone: 'Phone call',
  'walk-in': 'Walk-in',
  instagram: 'Instagram',
  facebook: 'Facebook',
  other: 'Other',
}
