/** SQL for shops: lookups by id and slug, the public profile's extras, edits and creation. */
import { SHOPPER_LINE_MAX } from '@shop/domain/schemas/shop'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { type ImageRef, type PaymentOption, type Social, shopConfigs, shopDomains, shops } from '../../db/schema'

export type ShopRow = typeof shops.$inferSelect

export async function findShopById(db: Db, id: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).limit(1)
  return row ?? null
}

export async function findShopBySlug(db: Db, slug: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.slug, slug)).limit(1)
  return row ?? null
}

/** The shop a verified custom domain serves (a pending one serves nothing). */
export async function findShopByVerifiedDomain(db: Db, domain: string): Promise<ShopRow | null> {
  const [row] = await db
    .select({ shop: shops })
    .from(shopDomains)
    .innerJoin(shops, eq(shops.id, shopDomains.shopId))
    .where(and(eq(shopDomains.domain, domain), eq(shopDomains.status, 'verified')))
    .limit(1)
  return row?.shop ?? null
}

export async function isSlugTaken(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)).limit(1)
  return !!row
}

/** The custom domains that serve the shop: verified ones only, since a pending one is just a claim. */
export async function findVerifiedShopDomains(db: Db, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: shopDomains.domain })
    .from(shopDomains)
    .where(and(eq(shopDomains.shopId, shopId), eq(shopDomains.status, 'verified')))
    .orderBy(asc(shopDomains.domain))
  return rows.map((row) => row.domain)
}

export type PublicConfig = {
  facebookMeta: string
  taxRateBps: number
  shopperLineMax: number
  offersPickup: boolean
  offersDelivery: boolean
  pickupAddress: string
  pickupDirections: string
  pickupHours: string
}

/**
 * The settings the storefront shows: the Facebook verification code, the tax rate, the most of one item per
 * order, and how orders are handed over (pick-up and its place, delivery).
 */
export async function findPublicConfig(db: Db, shopId: string): Promise<PublicConfig> {
  const [row] = await db
    .select({
      facebookMeta: shopConfigs.facebookMeta,
      taxRateBps: shopConfigs.taxRateBps,
      shopperLineMax: shopConfigs.shopperLineMax,
      offersPickup: shopConfigs.offersPickup,
      offersDelivery: shopConfigs.offersDelivery,
      pickupAddress: shopConfigs.pickupAddress,
      pickupDirections: shopConfigs.pickupDirections,
      pickupHours: shopConfigs.pickupHours,
    })
    .from(shopConfigs)
    .where(eq(shopConfigs.shopId, shopId))
    .limit(1)
  return (
    row ?? {
      facebookMeta: '',
      taxRateBps: 0,
      shopperLineMax: SHOPPER_LINE_MAX.default,
      offersPickup: true,
      offersDelivery: true,
      pickupAddress: '',
      pickupDirections: '',
      pickupHours: '',
    }
  )
}

export type ShopChanges = {
  title?: string
  tagline?: string
  about?: string
  logo?: ImageRef | null
  socials?: Social[]
  /** International form, or '' for none. */
  whatsapp?: string
  promotionalText?: string
  /** Merged into the stored sections, so editing one section never drops another. */
  aboutSections?: Partial<Record<'payments' | 'returns' | 'contact', string>>
}

export async function updateShop(db: Db, id: string, changes: ShopChanges): Promise<ShopRow | null> {
  const { aboutSections, ...plain } = changes
  const set: PgUpdateSetSource<typeof shops> = { ...plain, updatedAt: new Date() }
  if (aboutSections) set.aboutSections = sql`${shops.aboutSections} || ${JSON.stringify(aboutSections)}::jsonb`
  const [row] = await db.update(shops).set(set).where(eq(shops.id, id)).returning()
  return row ?? null
}

/** Inserts a shop and its settings row. Run inside the transaction that also makes its owner. */
export async function insertShop(
  db: Db,
  values: { slug: string; title: string; paymentOptions: PaymentOption[] },
): Promise<ShopRow> {
  const [shop] = await db.insert(shops).values({ slug: values.slug, title: values.title }).returning()
  await db.insert(shopConfigs).values({ shopId: shop!.id, paymentOptions: values.paymentOptions })
  return shop!
}
