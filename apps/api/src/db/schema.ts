/**
 * The whole relational model. Every tenant table carries `shop_id`, every index a tenant query uses starts
 * with it, and every unique key includes it, so the data can later be distributed by shop.
 * Money is stored in integer minor units (pesewas for GHS). Unit prices fit 32 bits (GHS 10,000,000 at most);
 * what adds prices up (totals, payments) is 64-bit, read as a JS number: exact up to 2^53 pesewas.
 */
import type { AppliedPromotion, OrderSource, OrderStatus, PromotionKind } from '@shop/domain'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
/** A sum of money in minor units: 64-bit in the database, a (safe) JS number in the app. */
const money = (name: string) => bigint(name, { mode: 'number' })
const shopId = () =>
  uuid('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' })

/**
 * An image as products and logos keep it: its URLs, and for uploads made with variants the original's
 * size, the variants' URLs and (logos) the icons' (docs/decisions/0042).
 */
export type ImageRef = {
  url: string
  thumbnail: string
  alt?: string
  width?: number
  height?: number
  variants?: { width: number; avif: string; webp: string }[]
  icons?: { size: number; url: string }[]
}
export type Social = { site: 'facebook' | 'instagram' | 'twitter'; url: string }
/**
 * A product's variant. Its own price and sale price (minor units, the product's currency), SKU and picture
 * are optional: the product's apply without them (`variantPriceMinor` in the domain).
 */
export type Variant = {
  _id: string
  features: Record<string, string>
  priceMinor?: number
  sellAtMinor?: number
  sku?: string
  image?: ImageRef
}

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // The platform console finds shops by a part of their owner's e-mail (decision 99).
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
)

/** One-time codes handed back to a shop after /login; stored hashed, single use, short-lived. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redir: text('redir').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_codes_code_hash_key').on(t.codeHash)],
)

/**
 * Bearer tokens. A token issued to a shop's site (`shop_id` set) acts only in that shop and on the user's
 * own profile; one issued on the platform's origin or for email and password (`shop_id` null) acts everywhere.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
)

// ---------------------------------------------------------------- shops and staff

export const shops = pgTable(
  'shops',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    tagline: text('tagline').notNull().default(''),
    about: text('about').notNull().default(''),
    logo: jsonb('logo').$type<ImageRef | null>(),
    socials: jsonb('socials').$type<Social[]>().notNull().default([]),
    promotionalText: text('promotional_text').notNull().default(''),
    /** About-page sections: #payments, #returns, #contact. */
    aboutSections: jsonb('about_sections')
      .$type<{ payments: string; returns: string; contact: string }>()
      .notNull()
      .default({ payments: '', returns: '', contact: '' }),
    currency: text('currency').notNull().default('GHS'),
    /** A WhatsApp number in international form (`+233…`), shown to shoppers as "chat with us"; '' = none. */
    whatsapp: text('whatsapp').notNull().default(''),
    /**
     * Bumped (by triggers, migration 0010) whenever something the shop's public pages show changes: the
     * server's page cache keys on it, so a staff edit is on the next page load.
     */
    pageVersion: integer('page_version').notNull().default(0),
    /**
     * Set while a platform operator has suspended the shop (decision 98): its storefront, public API and
     * custom domains stop, writes are refused, its staff still read and export. Null when it trades.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_slug_key').on(t.slug),
    // The console's default order, and its search by name or address (decision 99).
    index('shops_created_idx').on(t.createdAt, t.id),
    index('shops_search_trgm_idx').using('gin', sql`lower(${t.title} || ' ' || ${t.slug}) gin_trgm_ops`),
    // Every process's list of suspended shops reads this small index (decision 98).
    index('shops_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
    check('shops_suspension_check', sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null)`),
  ],
)

/**
 * Custom domains. A domain is `pending` until the shop proves control of it (a DNS TXT record or an HTTP
 * file holding `verification_token`); only a `verified` domain serves the shop, and a domain is verified
 * for one shop at most, though several shops may have it pending.
 */
export const shopDomains = pgTable(
  'shop_domains',
  {
    id: id(),
    shopId: shopId(),
    domain: text('domain').notNull(),
    status: text('status').$type<'pending' | 'verified'>().notNull().default('pending'),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The last "Check now" and why it did not verify, for the dashboard. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkError: text('check_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_domains_verified_domain_key').on(t.domain).where(sql`${t.status} = 'verified'`),
    uniqueIndex('shop_domains_shop_domain_key').on(t.shopId, t.domain),
    index('shop_domains_domain_trgm_idx').using('gin', sql`${t.domain} gin_trgm_ops`),
    check('shop_domains_status_check', sql`${t.status} in ('pending', 'verified')`),
  ],
)

export type PaymentOption = { provider: 'manual' | 'test' | 'paystack'; enabled: boolean; label?: string }

/** Settings edited by administrators and owners; one row per shop, its id is the shop's id. */
export const shopConfigs = pgTable('shop_configs', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  facebookMeta: text('facebook_meta').notNull().default(''),
  /** Tax as basis points of the subtotal (1250 = 12.5 %). */
  taxRateBps: integer('tax_rate_bps').notNull().default(0),
  paymentOptions: jsonb('payment_options').$type<PaymentOption[]>().notNull().default([]),
  /** An order paid online and still unpaid this long after it was placed is canceled and restocked. */
  unpaidOrderTimeoutMinutes: integer('unpaid_order_timeout_minutes').notNull().default(30),
  /** A variant with this many or fewer left is "low": shoppers see "Only N left", staff a low-stock badge. */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  /** The most of one item a checkout or order may hold unless the shop's staff place it (decision 52). */
  shopperLineMax: integer('shopper_line_max').notNull().default(10),
  /** Open pay-on-delivery orders not yet confirmed that one phone, e-mail or delivery address may have. */
  unconfirmedOrdersPerBuyer: integer('unconfirmed_orders_per_buyer').notNull().default(3),
  /** A pay-on-delivery order still unconfirmed this long after it was placed is canceled and restocked. */
  unconfirmedOrderHours: integer('unconfirmed_order_hours').notNull().default(48),
  /** How buyers may receive orders: at least one of the two is on (decision 61). */
  offersPickup: boolean('offers_pickup').notNull().default(true),
  offersDelivery: boolean('offers_delivery').notNull().default(true),
  /** Where and when buyers collect a pick-up order ('' until the shop says). */
  pickupAddress: text('pickup_address').notNull().default(''),
  pickupDirections: text('pickup_directions').notNull().default(''),
  pickupHours: text('pickup_hours').notNull().default(''),
  /** Promotions add to a discount code's discount; off: the buyer gets the better of the two (decision 79). */
  promotionsStackWithCodes: boolean('promotions_stack_with_codes').notNull().default(false),
  updatedAt: updatedAt(),
}, (t) => [
  check('shop_configs_fulfilment_check', sql`${t.offersPickup} or ${t.offersDelivery}`),
  check('shop_configs_unpaid_timeout_check', sql`${t.unpaidOrderTimeoutMinutes} between 5 and 10080`),
  check('shop_configs_low_stock_threshold_check', sql`${t.lowStockThreshold} between 0 and 1000`),
  check('shop_configs_shopper_line_max_check', sql`${t.shopperLineMax} between 1 and 1000`),
  check('shop_configs_unconfirmed_orders_per_buyer_check', sql`${t.unconfirmedOrdersPerBuyer} between 1 and 100`),
  check('shop_configs_unconfirmed_order_hours_check', sql`${t.unconfirmedOrderHours} between 1 and 720`),
])

export const shopRoles = pgTable(
  'shop_roles',
  {
    id: id(),
    shopId: shopId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'administrator' | 'manager' | 'keeper'>().notNull(),
    status: text('status').$type<'active' | 'removed'>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shop_roles_shop_user_key').on(t.shopId, t.userId),
    index('shop_roles_user_idx').on(t.userId),
    check('shop_roles_role_check', sql`${t.role} in ('owner', 'administrator', 'manager', 'keeper')`),
    check('shop_roles_status_check', sql`${t.status} in ('active', 'removed')`),
  ],
)

export const shopRoleInvitations = pgTable(
  'shop_role_invitations',
  {
    id: id(),
    shopId: shopId(),
    email: text('email').notNull(),
    role: text('role').$type<'owner' | 'administrator' | 'manager' | 'keeper'>().notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'declined' | 'revoked'>().notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Hash of the secret in the invitation link; accepting needs it. */
    secretHash: text('secret_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_role_invitations_shop_status_idx').on(t.shopId, t.status, t.createdAt),
    index('shop_role_invitations_email_idx').on(sql`lower(${t.email})`),
    check('shop_role_invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'revoked')`),
  ],
)

// ---------------------------------------------------------------- catalog

export const categories = pgTable(
  'categories',
  {
    id: id(),
    shopId: shopId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_shop_name_key').on(t.shopId, sql`lower(${t.name})`)],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    shopId: shopId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('GHS'),
    /** Sale price in minor units; 0 = not on sale. */
    sellAtMinor: integer('sell_at_minor').notNull().default(0),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
    variants: jsonb('variants').$type<Variant[]>().notNull().default([]),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    available: boolean('available').notNull().default(true),
    inStock: boolean('in_stock').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_shop_created_idx').on(t.shopId, t.createdAt),
    index('products_shop_price_idx').on(t.shopId, t.priceMinor),
    // A shopper's product count reads this index alone (an index-only scan): without it the count visits
    // every product row of the shop, which in a large catalog sit on as many different pages.
    index('products_shop_available_idx').on(t.shopId).where(sql`${t.available}`),
    // Title search: a GiST tree ordered by shop first (btree_gist), so a search descends to its own shop's
    // pages and costs the same on a platform of a thousand shops as of ten. A GIN index's trigram lists
    // would span every shop's products and grow with the platform (decision 50).
    index('products_shop_title_trgm_idx').using('gist', t.shopId, sql`${t.title} gist_trgm_ops(siglen=48)`),
    index('products_categories_idx').using('gin', t.categoryIds),
    check('products_price_check', sql`${t.priceMinor} >= 0 and ${t.sellAtMinor} >= 0`),
  ],
)

/**
 * Every SKU of a shop once, without case (decision 96): one row per variant with a SKU, kept by a trigger on
 * `products` from its `variants` (the migration's end), so two writes racing for one SKU cannot both win.
 * SKUs live on variants only; a product without variants has none. Written by the trigger alone.
 */
export const productSkus = pgTable(
  'product_skus',
  {
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    /** The SKU trimmed and in lower case. */
    sku: text('sku').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.variantId] }),
    uniqueIndex('product_skus_shop_sku_key').on(t.shopId, t.sku),
  ],
)

/** Stock per (product, variant); variant '' stands for a product without variants. */
export const inventory = pgTable(
  'inventory',
  {
    id: id(),
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    tracked: boolean('tracked').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inventory_shop_product_variant_key').on(t.shopId, t.productId, t.variantId),
    index('inventory_product_idx').on(t.productId),
    check('inventory_quantity_check', sql`${t.quantity} >= 0`),
  ],
)

/**
 * "Tell me when it's back": a shopper waiting for a sold-out variant (variant '' for a product without
 * variants), by e-mail or phone (international form). One alert per (variant, contact) while it waits.
 * `sentAt` is set in the transaction that puts the variant back in stock, together with its outbox
 * message, and with it `keyHash`: the SHA-256 of the key the message's unsubscribe link carries.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull().default(''),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    contact: text('contact').notNull(),
    keyHash: text('key_hash'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting_key').on(t.productId, t.variantId, t.contact).where(sql`${t.sentAt} is null`),
    index('stock_alerts_shop_product_idx').on(t.shopId, t.productId),
    check('stock_alerts_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
)

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    shopId: shopId(),
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The widths stored in AVIF and WebP beside the original (empty for uploads made before variants). */
    variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_shop_idx').on(t.shopId, t.createdAt), index('uploads_key_idx').on(t.key)],
)

// ---------------------------------------------------------------- delivery

/** Reference data shared by all shops (docs/product.md: regions of country GH). */
export const deliveryRegions = pgTable(
  'delivery_regions',
  {
    id: text('id').primaryKey(),
    country: text('country').notNull(),
    name: text('name').notNull(),
    capital: text('capital').notNull().default(''),
  },
  (t) => [index('delivery_regions_country_idx').on(t.country)],
)

export const deliveryRates = pgTable(
  'delivery_rates',
  {
    id: id(),
    shopId: shopId(),
    name: text('name').notNull(),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    rateMinor: integer('rate_minor').notNull(),
    currency: text('currency').notNull().default('GHS'),
    paymentOption: text('payment_option').$type<'instant' | 'on-delivery'>().notNull().default('instant'),
    estimatedDays: integer('estimated_days'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('delivery_rates_shop_idx').on(t.shopId, t.createdAt),
    check('delivery_rates_rate_check', sql`${t.rateMinor} >= 0`),
  ],
)

// ---------------------------------------------------------------- checkout and orders

/** A priced line as an order or checkout keeps it: what the product was when it was bought. */
export type LineItem = {
  product: string
  variant?: string
  features?: Record<string, string>
  /** The variant's SKU when it had one. */
  sku?: string
  count: number
  title: string
  /** The price paid: the sale price when the product was on sale. */
  unitPriceMinor: number
  priceMinor: number
  sellAtMinor: number
  currency: string
  images: ImageRef[]
  /** Orders only: a tracked inventory row was decremented, so a cancel gives the count back. */
  stockTaken?: boolean
}
export type DeliveryDetails = {
  type: 'pick-up' | 'dispatch'
  region?: string
  address?: string
  phone?: string
  rate?: { id: string; name: string; rateMinor: number; currency: string; paymentOption: string; estimatedDays: number | null }
  /**
   * The address and phone are those of the shared checkout's creator, kept when someone else paid it as it
   * was (decision 68): the shop's staff see them, the payer only the region and the fee.
   */
  fromSharer?: boolean
}
export type DiscountTerms = { code: string; type: 'percentage' | 'fixed'; value: number }
/** The promotions a checkout or order got, as they were then (never recomputed). */
export type AppliedPromotions = { discount: AppliedPromotion | null; freeDelivery: AppliedPromotion | null }

/** What promotions gave a checkout or an order: their names and amounts, the discount and the delivery fee waived. */
const promotionColumns = () => ({
  promotions: jsonb('promotions').$type<AppliedPromotions | null>(),
  promotionMinor: money('promotion_minor').notNull().default(0),
  deliveryWaivedMinor: money('delivery_waived_minor').notNull().default(0),
})

export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    shopId: shopId(),
    profileId: uuid('profile_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    /** The buyer's name and phone (international form), when the checkout's creator gave them. */
    customerName: text('customer_name'),
    phone: text('phone'),
    items: jsonb('items').$type<LineItem[]>().notNull(),
    delivery: jsonb('delivery').$type<DeliveryDetails>().notNull(),
    discount: jsonb('discount').$type<DiscountTerms | null>(),
    currency: text('currency').notNull(),
    subtotalMinor: money('subtotal_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    deliveryMinor: money('delivery_minor').notNull(),
    discountMinor: money('discount_minor').notNull(),
    ...promotionColumns(),
    totalMinor: money('total_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checkouts_shop_profile_idx').on(t.shopId, t.profileId, t.createdAt)],
)

/**
 * A shop's customers: one per phone (international form), or per e-mail for a buyer without one, per shop
 * (`key`: the phone, or `email:` and the lower-cased address). The figures are kept up to date from the
 * customer's orders whenever one is placed, paid, refunded, edited or canceled.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    shopId: shopId(),
    key: text('key').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    note: text('note').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Orders not canceled. */
    orders: integer('orders').notNull().default(0),
    currency: text('currency').notNull().default('GHS'),
    /** Paid less refunded, over all their orders. */
    spentMinor: money('spent_minor').notNull().default(0),
    /** Still due on their orders that are not canceled. */
    balanceMinor: money('balance_minor').notNull().default(0),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_shop_key_key').on(t.shopId, t.key),
    index('customers_shop_last_order_idx').on(t.shopId, t.lastOrderAt),
    index('customers_shop_owing_idx').on(t.shopId, t.lastOrderAt).where(sql`${t.balanceMinor} > 0`),
    index('customers_shop_search_trgm_idx').using(
      'gin',
      t.shopId,
      sql`lower(${t.name} || ' ' || ${t.phone} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    shopId: shopId(),
    /** Short human code, unique within the shop. */
    orderId: text('order_id').notNull(),
    profileId: uuid('profile_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The buyer's name as given at checkout ('' for orders placed before it was asked). */
    customerName: text('customer_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<LineItem[]>().notNull(),
    delivery: jsonb('delivery').$type<DeliveryDetails>().notNull(),
    discount: jsonb('discount').$type<DiscountTerms | null>(),
    discountCodeId: uuid('discount_code_id'),
    currency: text('currency').notNull(),
    subtotalMinor: money('subtotal_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    deliveryMinor: money('delivery_minor').notNull(),
    discountMinor: money('discount_minor').notNull(),
    ...promotionColumns(),
    totalMinor: money('total_minor').notNull(),
    /** A manual discount staff gave when editing the order (decision 60), and why; 0 and null without one. */
    adjustmentMinor: money('adjustment_minor').notNull().default(0),
    adjustmentReason: text('adjustment_reason'),
    status: text('status').$type<OrderStatus>().notNull().default('placed'),
    paymentProvider: text('payment_provider').notNull().default('manual'),
    acked: boolean('acked').notNull().default(false),
    /**
     * A pay-on-delivery order a shopper placed: when it is canceled and restocked unless the shop has
     * confirmed it by then (moved it past placed, or recorded a payment). Null when it needs no confirmation
     * (paid online, or placed by the shop's staff). Decision 52.
     */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    /** Hash of the secret in an anonymous buyer's private order link. */
    accessKeyHash: text('access_key_hash'),
    /**
     * An anonymous buyer's private key itself, kept only while the order is open so each message about it
     * can link to the order's page (decision 38); cleared once the order is delivered or canceled.
     */
    messageKey: text('message_key'),
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request an Idempotency-Key was first used with; a replay with another body is refused. */
    idempotencyHash: text('idempotency_hash'),
    /** Where the order came from: the storefront, or staff entering one from WhatsApp, the phone, the counter… */
    source: text('source').$type<OrderSource>().notNull().default('storefront'),
    /** The shop's customer this order belongs to (one per phone, or e-mail without one, per shop). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The secret of the order's pay link (`/pay/{id}?key=`): it shows the order and pays its balance, nothing more. */
    payKey: text('pay_key').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When the one automatic reminder to pay online was sent (null: not yet). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_shop_order_id_key').on(t.shopId, t.orderId),
    uniqueIndex('orders_shop_idempotency_key').on(t.shopId, t.idempotencyKey),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt),
    index('orders_shop_status_idx').on(t.shopId, t.status, t.createdAt),
    index('orders_profile_idx').on(t.profileId, t.shopId, t.createdAt),
    // Staff search by number, name, e-mail or phone (`q`): one trigram index over the four, per shop.
    index('orders_shop_search_trgm_idx').using(
      'gin',
      t.shopId,
      sql`lower(${t.orderId} || ' ' || ${t.customerName} || ' ' || ${t.email} || ' ' || ${t.phone}) gin_trgm_ops`,
    ),
    // The background worker's scan for online payments left unpaid.
    index('orders_unpaid_idx').on(t.createdAt).where(sql`${t.status} = 'placed' and not ${t.acked}`),
    // The background worker's scan for pay-on-delivery orders the shop has not confirmed in time (decision 52).
    index('orders_unconfirmed_idx').on(t.confirmBy).where(sql`${t.status} = 'placed' and ${t.confirmBy} is not null`),
    index('orders_shop_source_idx').on(t.shopId, t.source, t.createdAt),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_checkout_idx').on(t.checkoutId),
    // A discount code's "once per customer" and "first order only" look a buyer's earlier orders up by these.
    index('orders_shop_phone_idx').on(t.shopId, t.phone),
    index('orders_shop_email_idx').on(t.shopId, sql`lower(${t.email})`),
    check('orders_status_check', sql`${t.status} in ('placed','packaged','ready','dispatched','delivered','canceled')`),
    check('orders_source_check', sql`${t.source} in ('storefront','whatsapp','phone','walk-in','instagram','facebook','other')`),
    check('orders_totals_check', sql`${t.totalMinor} >= 0 and ${t.discountMinor} >= 0`),
  ],
)

/**
 * The order's timeline: one row per status change (`kind` 'status'), and notes at the status the order
 * had then (`kind` 'note': a payment received, say), so a status shows once however many notes follow it.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    kind: text('kind').$type<'status' | 'note'>().notNull().default('status'),
    note: text('note').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check('order_events_kind_check', sql`${t.kind} in ('status', 'note')`),
  ],
)

/** Promotions without codes (decision 78): free delivery over an amount, automatic discounts. */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    shopId: shopId(),
    /** The merchant's name for it; '' shows what it gives ("Free delivery over GHS 300"). */
    name: text('name').notNull().default(''),
    kind: text('kind').$type<PromotionKind>().notNull(),
    /** Percent (1–100) for percentage, minor units for fixed, 0 for free delivery. */
    value: integer('value').notNull().default(0),
    minSubtotalMinor: money('min_subtotal_minor').notNull().default(0),
    /** Free delivery only: the delivery regions it is for; empty for all. */
    regions: jsonb('regions').$type<string[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotions_shop_created_idx').on(t.shopId, t.createdAt),
    check('promotions_kind_check', sql`${t.kind} in ('free-delivery', 'percentage', 'fixed')`),
    check('promotions_value_check', sql`${t.value} >= 0 and ${t.minSubtotalMinor} >= 0`),
    check('promotions_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
)

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    shopId: shopId(),
    code: text('code').notNull(),
    type: text('type').$type<'percentage' | 'fixed'>().notNull(),
    /** Percent (1–100) for percentage codes, minor units for fixed ones. */
    value: integer('value').notNull(),
    /** Null: the code never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    minSubtotalMinor: integer('min_subtotal_minor').notNull().default(0),
    /** A customer (phone or e-mail) may use the code on one order only. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Only on a customer's first order (none before that is not canceled). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_shop_code_key').on(t.shopId, sql`lower(${t.code})`),
    index('discount_codes_shop_created_idx').on(t.shopId, t.createdAt),
    check('discount_codes_type_check', sql`${t.type} in ('percentage', 'fixed')`),
    check('discount_codes_usage_check', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
)

// ---------------------------------------------------------------- payments

export const financialAccounts = pgTable(
  'financial_accounts',
  {
    id: id(),
    shopId: shopId(),
    kind: text('kind').$type<'mobile-money' | 'bank'>().notNull(),
    provider: text('provider').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** The bank's or mobile money operator's code in Paystack's list for GHS (e.g. `MTN`); null for old rows. */
    bankCode: text('bank_code'),
    /** The one account the shop is paid into online (decision 58): at most one per shop. */
    payout: boolean('payout').notNull().default(false),
    /** Paystack's subaccount for this payout account (`ACCT_…`), once created. */
    subaccountCode: text('subaccount_code'),
    /** When Paystack resolved the account's name and the subaccount was created or updated with it. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('financial_accounts_shop_idx').on(t.shopId),
    uniqueIndex('financial_accounts_shop_payout_key').on(t.shopId).where(sql`${t.payout}`),
  ],
)

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'success' | 'failed' | 'abandoned'>().notNull().default('pending'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** `test` provider: hash of the secret in the pay page's address, as a real gateway's access code. */
    accessCodeHash: text('access_code_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transactions_provider_reference_key').on(t.provider, t.reference),
    index('transactions_order_idx').on(t.orderId),
  ],
)

/** Units a refund puts back on sale (decision 59). */
export type RestockLine = { product: string; variant: string | null; count: number }
export type RefundMethod = 'paystack' | 'cash' | 'mobile-money' | 'bank-transfer'

/**
 * Money given back on an order (decision 59): one row per refund, a return without money back being a
 * refund of 0 with `restock`. A Paystack refund is `pending` until its webhook says processed or failed;
 * the others are recorded as staff paid them (`succeeded`). Pending and succeeded rows count as refunded.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The online payment a Paystack refund reverses. */
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    method: text('method').$type<RefundMethod>().notNull(),
    reason: text('reason').notNull(),
    /** What staff wrote down (a mobile money transaction id, a bank reference). */
    reference: text('reference'),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('succeeded'),
    /** Paystack's refund id, which its refund webhooks name. */
    providerReference: text('provider_reference'),
    restock: jsonb('restock').$type<RestockLine[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_shop_created_idx').on(t.shopId, t.createdAt),
    uniqueIndex('refunds_provider_reference_key').on(t.providerReference).where(sql`${t.providerReference} is not null`),
    check('refunds_amount_check', sql`${t.amountMinor} >= 0`),
  ],
)

// ---------------------------------------------------------------- reviews, notifications, analytics

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    shopId: shopId(),
    relatedOrder: uuid('related_order')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The item of the order reviewed; null for a review of the whole order (docs/product.md's). Like an order's
     * items it names the product without a foreign key: the review outlives a deleted product (decision 81).
     */
    productId: uuid('product_id'),
    profileId: uuid('profile_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review of the whole order (product null: nulls count as equal here) and one per item of it.
    unique('reviews_shop_order_product_key').on(t.shopId, t.relatedOrder, t.productId).nullsNotDistinct(),
    index('reviews_shop_created_idx').on(t.shopId, t.createdAt),
    // A product's visible reviews, newest first, and their average and count (product pages and lists).
    index('reviews_shop_product_visible_idx').on(t.shopId, t.productId, t.createdAt).where(sql`not ${t.hidden}`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    shopId: shopId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_shop_idx').on(t.userId, t.shopId, t.createdAt),
    index('notifications_unread_idx').on(t.userId, t.shopId).where(sql`not ${t.read}`),
  ],
)

export const trackingIds = pgTable('tracking_ids', {
  id: id(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    shopId: shopId(),
    trackingId: uuid('tracking_id').notNull(),
    action: text('action').notNull(),
    category: text('category').notNull(),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_shop_created_idx').on(t.shopId, t.createdAt)],
)

// ---------------------------------------------------------------- messages (docs/decisions/0031-outbox.md)

/**
 * The outbox: every e-mail and SMS the platform sends, written in the same transaction as the event that
 * causes it and sent by the worker of any app process. One row per (event, recipient, kind): inserting
 * the same message again does nothing. A platform queue rather than a tenant table (password resets have
 * no shop; the worker claims across shops); `shop_id` says whose message it is.
 *
 * `next_attempt_at` is when the row is next due: claiming a row moves it to the end of the claim's lease,
 * so a process that dies while sending leaves the row to be claimed again once the lease is over.
 * `secrets` holds what only the message may carry (an invitation's or a reset's link) and is cleared
 * once the message is sent or has failed for good.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    secrets: jsonb('secrets').$type<Record<string, string> | null>(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The id the SMTP server or the SMS provider gave the message. */
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_messages_event_recipient_kind_key').on(t.event, t.recipient, t.kind),
    index('outbox_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The few that failed for good, counted at every metrics scrape (plugins/metrics.ts).
    index('outbox_messages_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    index('outbox_messages_shop_idx').on(t.shopId, t.createdAt),
    // A shop's messages about one thing (an order's `order:{id}:…`), by event prefix.
    index('outbox_messages_shop_event_idx').on(t.shopId, t.event.op('text_pattern_ops')),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check('outbox_messages_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
)

/** E-mail kept instead of sent when no SMTP_URL is configured: the development mailbox (/dev/mailbox). */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: id(),
    outboxId: uuid('outbox_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    from: text('from').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_messages_created_idx').on(t.createdAt)],
)

/**
 * Per-shop message settings, read when messages are written. A shop without a row has the defaults:
 * every buyer e-mail and SMS on, replies going to the shop's owner.
 */
export const shopMessageSettings = pgTable('shop_message_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** Where replies to the shop's e-mail go; null: the owner's login address. */
  replyTo: text('reply_to'),
  /** The buyer e-mails the shop turned off, by kind (`order-ready`…); none by default. */
  buyerEmailsOff: jsonb('buyer_emails_off').$type<string[]>().notNull().default([]),
  orderSms: boolean('order_sms').notNull().default(true),
  /** Remind buyers of unpaid orders: once automatically for online payments, and when staff ask. */
  paymentReminders: boolean('payment_reminders').notNull().default(true),
  updatedAt: updatedAt(),
})

/**
 * One staff member's alert switches in one shop; null means the default for their role (on for owners
 * and administrators, off for the others).
 */
export const staffAlertSettings = pgTable(
  'staff_alert_settings',
  {
    shopId: shopId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newOrders: boolean('new_orders'),
    lowStock: boolean('low_stock'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId] })],
)

/** "Forgot password?": a random token, stored hashed, single use, valid 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The site (origin) the reset was asked from: where the person is signed in afterwards. */
    redir: text('redir').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
)

// ---------------------------------------------------------------- platform

/**
 * What the platform's operators did (decision 98): who, when, to which shop, what and why. Rows are only
 * ever added; a deleted shop or operator leaves its rows, with the slug and e-mail as they were.
 */
export const platformAuditEvents = pgTable(
  'platform_audit_events',
  {
    id: id(),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').$type<'suspend' | 'restore'>().notNull(),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    shopSlug: text('shop_slug').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('platform_audit_events_created_idx').on(t.createdAt, t.id),
    index('platform_audit_events_shop_idx').on(t.shopId, t.createdAt, t.id),
    check('platform_audit_events_action_check', sql`${t.action} in ('suspend', 'restore')`),
  ],
)
