/** Shapes of the API's responses, as the web app uses them (DESIGN §3–§5, SPEC §3). */
import type { ErrorDocument, Money, Page } from '@shop/domain/schemas/wire'

/** The error document, the list page and money are the API's own wire schemas (type-only: no TypeBox here). */
export type { Money, Page }
export type FeathersError = ErrorDocument

export type ImageRef = { url: string; thumbnail: string }

export type SocialSite = 'facebook' | 'instagram' | 'twitter'

/** Public shop profile: `GET /api/shops/{id}` (id or slug). */
export type Shop = {
  _id: string
  slug: string
  title: string
  tagline: string
  about: string
  logo: ImageRef | null
  socials: { site: SocialSite; url: string }[]
  home: { promotionalText: string }
  aboutSections: { payments: string; returns: string; contact: string }
  config: { facebook: { meta: string } }
  currency: string
  /** Percent of the subtotal. Not in the public profile yet (see checkout totals): absent means unknown. */
  taxRate?: number
}

/** `GET /api/user/`. */
export type User = {
  _id: string
  email: string
  name: string
  phone: string
  createdAt: string
}

/** What `POST /api/token/` answers; only `access_token` and `token_type` are kept (SPEC §3). */
export type TokenData = { access_token: string; token_type: string; expires_in: number }

export type StaffRole = 'owner' | 'administrator' | 'manager' | 'keeper'


export type ProductImage = { url: string; thumbnail: string; alt: string }

export type Variant = { _id: string; features: Record<string, string> }

/** `GET /api/products/{id}` (DESIGN §7). `sellAt` is a plain number in the price's currency; 0 = not on sale. */
export type Product = {
  _id: string
  shop: string
  title: string
  description: string
  price: Money
  sellAt: number
  images: ProductImage[]
  variants: Variant[]
  categories: string[]
  available: boolean
  inStock: boolean
  createdAt: string
}

export type Category = { _id: string; name: string }

export type Region = { _id: string; country: string; name: string; capital: string }

/** One rate of `POST /delivery/calculate`. */
export type DeliveryRateOption = {
  _id: string
  name: string
  fee: Money
  paymentOption: 'instant' | 'on-delivery'
  estimatedDays: number | null
}

/** The public lookup of one code: fixed values and minSubtotal in major units. */
export type DiscountCode = {
  _id: string
  code: string
  type: 'percentage' | 'fixed'
  value: number
  minSubtotal: number
  /** Null: the code never expires. */
  expiresAt: string | null
}

export type DeliveryType = 'pick-up' | 'dispatch'

/** A priced line of a checkout or order. */
export type OrderLine = {
  product: { _id: string; title: string; price: Money; sellAt: number; images: ProductImage[] }
  variant: Variant | null
  count: number
  unitPrice: number
}

export type DeliveryDetails = {
  type: DeliveryType
  region: string | null
  rate: { _id: string; name: string; rate: Money; paymentOption: string; estimatedDays: number | null } | null
  /** Only for whoever may see the contact details. */
  address?: string
  phone?: string
}

export type Totals = { subtotal: number; tax: number; delivery: number; discount: number; total: number }

export type DiscountTermsDto = { code: string; type: 'percentage' | 'fixed'; value: number } | null

export type Checkout = {
  _id: string
  shop: string
  items: OrderLine[]
  delivery: DeliveryDetails
  discount: DiscountTermsDto
  tax: number
  currency: string
  totals: Totals
  createdAt: string
  email?: string | null
  profile?: string | null
}

export type OrderStatus = 'placed' | 'packaged' | 'ready' | 'dispatched' | 'delivered' | 'canceled'

export type Order = {
  _id: string
  orderId: string
  shop: string
  profile: string | null
  email: string
  phone: string
  items: OrderLine[]
  delivery: DeliveryDetails
  discount: DiscountTermsDto
  tax: number
  currency: string
  totals: Totals
  amountDue: number
  status: OrderStatus
  acked: boolean
  /** The attempt and where to pay come only in the answer that placed the order. */
  payment: { provider: string; status?: string; transaction?: string | null; redirectUrl?: string | null; error?: string }
  timeline?: { status: OrderStatus; note: string; createdAt: string }[]
  createdAt: string
  updatedAt: string
  accessKey?: string
  privateUrl?: string
}

export type Review = {
  _id: string
  relatedOrder: string
  rating: number
  text: string
  reply: string | null
  repliedAt: string | null
  createdAt: string
  author: { name: string }
}

export type ReviewPage = Page<Review> & { average: number | null }

export type Notification = {
  _id: string
  shop: string
  type: string
  title: string
  body: string
  link: string
  read: boolean
  createdAt: string
}

/** A way to pay the shop accepts; `instant` ones are paid on a pay page when the order is placed. */
export type PaymentOption = { provider: string; label: string; instant: boolean }

export type TrackingId = { trackingId: string; maxAge: number }
