/**
 * Wire schemas of shops, shop settings and shop ids. The request bodies: the API validates with them and
 * the dashboard's forms check the same rules in the browser before sending. The answers: the API's routes
 * declare them and the web derives its types from them.
 */
import { type Static, Type } from 'typebox'
import { MAX_LINE_COUNT } from '../inventory'
import { PaymentProvider } from './payments'
import { ImageIcon, StoredFileUrl, imageSizeFields } from './uploads'
import { IsoDate } from './wire'

/** Minutes an order paid online may wait for its payment (5 minutes to a week; 30 by default). */
export const UNPAID_ORDER_TIMEOUT = { min: 5, max: 10_080, default: 30 } as const
/** A tracked variant with this many or fewer left is "low" (shoppers see "Only N left"). */
export const LOW_STOCK_THRESHOLD = { min: 0, max: 1000, default: 5 } as const
/** The most of one item (a product, or one of its variants) an order may hold unless the shop's staff place it. */
export const SHOPPER_LINE_MAX = { min: 1, max: MAX_LINE_COUNT, default: 10 } as const
/** Open pay-on-delivery orders the shop has not confirmed that one phone, e-mail or delivery address may have. */
export const UNCONFIRMED_ORDERS_PER_BUYER = { min: 1, max: 100, default: 3 } as const
/** Hours a pay-on-delivery order may wait for the shop's confirmation before it is canceled (an hour to 30 days). */
export const UNCONFIRMED_ORDER_HOURS = { min: 1, max: 720, default: 48 } as const

/** A page's web address, with or without `https://` (`instagram.com/yourshop`); `socialUrl` adds it when missing. */
const webAddress = Type.String({
  maxLength: 500,
  pattern: '^(?:https?://[^\\s/?#]+|[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+)(?:[/?#]\\S*)?$',
  description: 'a web address like instagram.com/yourshop',
})

/** A social link as it is kept: trimmed, with `https://` in front when it was typed without a scheme. */
export function socialUrl(text: string): string {
  const trimmed = text.trim()
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
}
export const SocialSite = Type.Union([Type.Literal('facebook'), Type.Literal('instagram'), Type.Literal('twitter')])
export type SocialSite = Static<typeof SocialSite>
const nonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description: 'some text' })

export const TITLE_MAX = 100
/** The pick-up place: its address, how to find it and when it is open. */
export const PICKUP_ADDRESS_MAX = 300
export const PICKUP_TEXT_MAX = 500
export const LONG_TEXT_MAX = 5000

const aboutSection = Type.Optional(Type.String({ maxLength: LONG_TEXT_MAX }))

export const shopPatchBody = Type.Object(
  {
    title: Type.Optional(nonBlank(TITLE_MAX)),
    tagline: Type.Optional(Type.String({ maxLength: 200 })),
    about: Type.Optional(Type.String({ maxLength: LONG_TEXT_MAX })),
    logo: Type.Optional(
      Type.Union([Type.Object({ url: StoredFileUrl, thumbnail: StoredFileUrl }, { additionalProperties: false }), Type.Null()]),
    ),
    socials: Type.Optional(
      Type.Array(Type.Object({ site: SocialSite, url: webAddress }, { additionalProperties: false }), { maxItems: 3 }),
    ),
    whatsapp: Type.Optional(
      Type.String({
        maxLength: 30,
        description: "a WhatsApp number shoppers can chat with (like 024 412 3456 or +233 24 412 3456); '' for none",
      }),
    ),
    home: Type.Optional(
      Type.Object({ promotionalText: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
    ),
    aboutSections: Type.Optional(
      Type.Object(
        { payments: aboutSection, returns: aboutSection, contact: aboutSection },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const shopConfigPatchBody = Type.Object(
  {
    facebook: Type.Optional(
      Type.Object(
        {
          meta: Type.String({
            maxLength: 500,
            description: 'the facebook-domain-verification code, or the whole <meta> tag Facebook shows',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    taxRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'percent, at most 2 decimals' })),
    unpaidOrderTimeout: Type.Optional(
      Type.Integer({
        minimum: UNPAID_ORDER_TIMEOUT.min,
        maximum: UNPAID_ORDER_TIMEOUT.max,
        description: 'minutes an order paid online may wait for its payment before it is canceled and its stock returned',
      }),
    ),
    shopperLineMax: Type.Optional(
      Type.Integer({
        minimum: SHOPPER_LINE_MAX.min,
        maximum: SHOPPER_LINE_MAX.max,
        description: "the most of one item a shopper's checkout or order may hold (the shop's staff are not limited)",
      }),
    ),
    unconfirmedOrdersPerBuyer: Type.Optional(
      Type.Integer({
        minimum: UNCONFIRMED_ORDERS_PER_BUYER.min,
        maximum: UNCONFIRMED_ORDERS_PER_BUYER.max,
        description: 'open pay-on-delivery orders not yet confirmed that one phone, e-mail or delivery address may have',
      }),
    ),
    unconfirmedOrderHours: Type.Optional(
      Type.Integer({
        minimum: UNCONFIRMED_ORDER_HOURS.min,
        maximum: UNCONFIRMED_ORDER_HOURS.max,
        description: 'hours a pay-on-delivery order may stay unconfirmed before it is canceled and its stock returned',
      }),
    ),
    paymentOptions: Type.Optional(
      Type.Array(
        Type.Object(
          { provider: PaymentProvider, enabled: Type.Boolean(), label: Type.Optional(Type.String({ maxLength: 100 })) },
          { additionalProperties: false },
        ),
        { maxItems: 3 },
      ),
    ),
    domains: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 260 }), { maxItems: 20 })),
    offersPickup: Type.Optional(
      Type.Boolean({ description: 'buyers may collect their orders (needs pickupAddress); at least one of offersPickup and offersDelivery' }),
    ),
    offersDelivery: Type.Optional(Type.Boolean({ description: 'the shop delivers at its delivery rates' })),
    pickupAddress: Type.Optional(
      Type.String({ maxLength: PICKUP_ADDRESS_MAX, description: 'where buyers collect their orders, as shown at checkout and in messages' }),
    ),
    pickupDirections: Type.Optional(Type.String({ maxLength: PICKUP_TEXT_MAX, description: 'how to find the place (a landmark, which floor)' })),
    pickupHours: Type.Optional(Type.String({ maxLength: PICKUP_TEXT_MAX, description: 'when orders can be collected, such as "Mon–Sat 9am–6pm"' })),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const shopIdBody = Type.Object(
  { slug: Type.String({ maxLength: 100 }), title: nonBlank(TITLE_MAX) },
  { additionalProperties: false },
)

// ---------------------------------------------------------------- responses

/** A shop's logo as answers show it: the two URLs, its sizes and square icons when it has them, or null. */
export const ShopLogo = Type.Union([
  Type.Object({ url: Type.String(), thumbnail: Type.String(), ...imageSizeFields, icons: Type.Optional(Type.Array(ImageIcon)) }),
  Type.Null(),
])
export type ShopLogo = Static<typeof ShopLogo>

/** How a shop hands orders over: pick-up (where, how to find it, when) and delivery; at least one is offered. */
const fulfilmentFields = {
  offersPickup: Type.Boolean({ description: 'buyers may collect their orders at pickupAddress' }),
  offersDelivery: Type.Boolean({ description: 'the shop delivers at its delivery rates' }),
  pickupAddress: Type.String({ description: "where buyers collect their orders ('' when not set)" }),
  pickupDirections: Type.String({ description: "how to find the pick-up place ('' for none)" }),
  pickupHours: Type.String({ description: "when orders can be collected ('' for none)" }),
}

/** A shop's public profile. */
export const ShopResponse = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  tagline: Type.String(),
  about: Type.String(),
  logo: ShopLogo,
  socials: Type.Array(Type.Object({ site: SocialSite, url: Type.String() })),
  whatsapp: Type.String({ description: "the shop's WhatsApp number in international form (+233…), or '' for none" }),
  home: Type.Object({ promotionalText: Type.String() }),
  aboutSections: Type.Object({ payments: Type.String(), returns: Type.String(), contact: Type.String() }),
  config: Type.Object({ facebook: Type.Object({ meta: Type.String() }) }),
  taxRate: Type.Number({ description: 'percent of the subtotal, so the checkout can show tax before ordering' }),
  shopperLineMax: Type.Integer({ description: "the most of one item a shopper's order may hold, so the storefront's quantities stop there" }),
  ...fulfilmentFields,
  domains: Type.Array(Type.String()),
  currency: Type.String(),
  createdAt: IsoDate,
  suspension: Type.Optional(
    Type.Object(
      { since: IsoDate, reason: Type.String() },
      { description: "set only while the platform has suspended the shop; only the shop's own staff can read a suspended shop" },
    ),
  ),
})
export type Shop = Static<typeof ShopResponse>

/** One way to pay as the shop's settings hold it. */
export const ShopPaymentOption = Type.Object({
  provider: PaymentProvider,
  enabled: Type.Boolean(),
  label: Type.Optional(Type.String()),
})
export type ShopPaymentOption = Static<typeof ShopPaymentOption>

/**
 * A custom domain with its verification state: it serves the shop only once verified, which its
 * administrators prove by a DNS TXT record or a file holding the token.
 */
export const ShopDomainResponse = Type.Object({
  domain: Type.String({ description: 'the host as browsers send it, port included when not the default' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified')], {
    description: 'only a verified domain serves the shop, receives logins and makes cross-origin calls',
  }),
  token: Type.String({ description: 'the verification token the TXT record or the file must hold' }),
  txtRecord: Type.Object({ name: Type.String(), value: Type.String() }, { description: 'proof by DNS: a TXT record' }),
  httpFile: Type.Object({ url: Type.String(), content: Type.String() }, { description: 'or proof by HTTP: a file' }),
  verifiedAt: Type.Union([IsoDate, Type.Null()]),
  checkedAt: Type.Union([IsoDate, Type.Null()]),
  checkError: Type.Union([Type.String(), Type.Null()], { description: 'why the last check did not verify the domain' }),
})
export type ShopDomain = Static<typeof ShopDomainResponse>

/** A shop's settings (administrators and owners). */
export const ShopConfigResponse = Type.Object({
  _id: Type.String(),
  facebook: Type.Object({ meta: Type.String() }),
  taxRate: Type.Number({ description: 'percent of the subtotal' }),
  unpaidOrderTimeout: Type.Integer({ description: 'minutes an order paid online may wait for its payment before it is canceled' }),
  shopperLineMax: Type.Integer({ description: "the most of one item a shopper's checkout or order may hold" }),
  unconfirmedOrdersPerBuyer: Type.Integer({ description: 'open pay-on-delivery orders not yet confirmed that one phone, e-mail or delivery address may have' }),
  unconfirmedOrderHours: Type.Integer({ description: 'hours a pay-on-delivery order may stay unconfirmed before it is canceled' }),
  ...fulfilmentFields,
  paymentOptions: Type.Array(ShopPaymentOption),
  /**
   * Whether the shop can turn on online payments (Paystack): `ready`, `needs-payout-account` (add the account
   * it is paid into first) or `unavailable` (this platform takes no online payments).
   */
  onlinePayments: Type.Union([Type.Literal('ready'), Type.Literal('needs-payout-account'), Type.Literal('unavailable')]),
  domains: Type.Array(Type.String(), { description: 'every custom domain, pending or verified: the list PATCH takes' }),
  customDomains: Type.Array(ShopDomainResponse, { description: 'the same domains with their verification state and instructions' }),
  updatedAt: IsoDate,
})
export type ShopConfig = Static<typeof ShopConfigResponse>

/** `POST /api/shop-ids/`: the new shop. */
export const ShopIdCreatedResponse = Type.Object({ _id: Type.String(), slug: Type.String() })
export type CreatedShop = Static<typeof ShopIdCreatedResponse>

/** `GET /api/shop-ids/{slug}`: whether the setup wizard may take the slug. */
export const SlugAvailabilityResponse = Type.Object({ slug: Type.String(), available: Type.Boolean() })
export type SlugAvailability = Static<typeof SlugAvailabilityResponse>
