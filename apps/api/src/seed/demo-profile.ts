/** The demo shop's own words, its people, its delivery rates and its discount codes. */
import type { NewDeliveryRate, NewDiscountCode, NewShop } from './factories'

export const demoShopProfile = {
  slug: 'demo',
  title: 'Demo Shop',
  tagline: 'Made in Ghana, picked with care',
  about:
    'Demo Shop is a small shop on Oxford Street in Osu, Accra. We started in 2019 selling kente print shirts ' +
    'from a market stall and now carry clothing, accessories, home goods, body care and food from makers ' +
    'across Ghana — weavers in Bonwire and Bolgatanga, tailors in Kantamanto, shea butter cooperatives near ' +
    'Tamale and a family kitchen in Teshie that makes our shito.\n\n' +
    'Everything is checked by hand before it leaves the shop. Come and see us Monday to Saturday, 9 am to 7 pm.',
  promotionalText: 'Free pick-up in Osu · Delivery to all 16 regions',
  socials: [
    { site: 'facebook', url: 'https://facebook.com/demoshopgh' },
    { site: 'instagram', url: 'https://instagram.com/demoshopgh' },
    { site: 'twitter', url: 'https://twitter.com/demoshopgh' },
  ],
  whatsapp: '+233245550142',
  aboutSections: {
    payments:
      'Pay when your order arrives or when you pick it up in Osu — cash or mobile money (MTN MoMo, Telecel Cash, ' +
      'AirtelTigo Money). Orders with express delivery in Greater Accra are paid online when you order.',
    returns:
      'Changed your mind? Bring or send items back unused, with their tags, within 7 days of delivery for an ' +
      'exchange or a refund to your mobile money wallet. Food and body care cannot be returned once opened. ' +
      'If something arrives damaged, message us within 48 hours and we will replace it at our cost.',
    contact:
      'Demo Shop, 14 Oxford Street, Osu, Accra (opposite the Koala supermarket). Phone and WhatsApp: ' +
      '+233 24 555 0142. Email: hello@demo.shop. Open Monday to Saturday, 9 am to 7 pm.',
  },
  currency: 'GHS',
} satisfies Partial<NewShop>

/** Where buyers collect their orders: the shop itself, as its About page's contact section says. */
export const demoPickup = {
  offersPickup: true,
  offersDelivery: true,
  pickupAddress: '14 Oxford Street, Osu, Accra',
  pickupDirections: 'Opposite the Koala supermarket, above the phone shop. Ask for Ama at the counter.',
  pickupHours: 'Monday to Saturday, 9 am to 7 pm',
}

export const demoPeople: Record<string, { name: string; phone: string }> = {
  'owner@demo.shop': { name: 'Ama Owusu', phone: '+233 24 555 0142' },
  'admin@demo.shop': { name: 'Kwame Mensah', phone: '+233 24 318 2290' },
  'manager@demo.shop': { name: 'Efua Asante', phone: '+233 20 771 4036' },
  'keeper@demo.shop': { name: 'Kofi Boateng', phone: '+233 54 902 6611' },
  'shopper@demo.shop': { name: 'Akosua Darko', phone: '+233 26 448 7305' },
}

export const demoPaymentOptions = [
  { provider: 'manual' as const, enabled: true, label: 'Pay on delivery or at pick-up' },
  { provider: 'test' as const, enabled: true, label: 'Demonstration payment (no money moves)' },
]

/** Together the rates cover all 16 regions of Ghana (delivery_regions ids). */
export const demoDeliveryRates: Omit<NewDeliveryRate, 'shopId'>[] = [
  { name: 'Greater Accra express', regions: ['GH-AA'], rateMinor: 2_500, paymentOption: 'instant', estimatedDays: 1 },
  { name: 'Greater Accra standard', regions: ['GH-AA'], rateMinor: 1_500, paymentOption: 'on-delivery', estimatedDays: 2 },
  {
    name: 'Southern regions',
    regions: ['GH-AH', 'GH-CP', 'GH-EP', 'GH-TV', 'GH-WP', 'GH-WN', 'GH-AF', 'GH-BO', 'GH-BE'],
    rateMinor: 4_500,
    paymentOption: 'instant',
    estimatedDays: 3,
  },
  {
    name: 'Northern regions',
    regions: ['GH-NP', 'GH-NE', 'GH-SV', 'GH-UE', 'GH-UW', 'GH-OT'],
    rateMinor: 6_000,
    paymentOption: 'on-delivery',
    estimatedDays: 4,
  },
]

export const demoDiscountCodes: Omit<NewDiscountCode, 'shopId' | 'expiresAt'>[] = [
  { code: 'WELCOME10', type: 'percentage', value: 10 },
  { code: 'GHS20', type: 'fixed', value: 2_000 },
]

/** The demo shop's logins, all with one password (the server prints them when it starts). */
export const demoLogins = {
  password: 'demo1234',
  users: [
    { email: 'owner@demo.shop', role: 'owner' },
    { email: 'admin@demo.shop', role: 'administrator' },
    { email: 'manager@demo.shop', role: 'manager' },
    { email: 'keeper@demo.shop', role: 'keeper' },
    { email: 'shopper@demo.shop', role: 'shopper' },
  ],
} as const
