/** SQL for a shop's settings row (shop_configs) and its custom domains (shop_domains). */
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { randomToken } from '../../lib/crypto'
import { type PaymentOption, shopConfigs, shopDomains } from '../../db/schema'
import { findShopDomains } from './shop.repository'

export type ShopConfigRow = typeof shopConfigs.$inferSelect
export type ShopConfigRecord = ShopConfigRow & { domains: string[] }

export async function findShopConfig(db: Db, shopId: string): Promise<ShopConfigRecord | null> {
  const [row] = await db.select().from(shopConfigs).where(eq(shopConfigs.shopId, shopId)).limit(1)
  if (!row) return null
  return { ...row, domains: await findShopDomains(db, shopId) }
}

/** Which of `domains` already belong to a shop other than `shopId`. */
export async function findDomainsOfOtherShops(db: Db, shopId: string, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return []
  const rows = await db
    .select({ domain: shopDomains.domain })
    .from(shopDomains)
    .where(and(inArray(shopDomains.domain, domains), ne(shopDomains.shopId, shopId)))
  return rows.map((row) => row.domain)
}

export type ShopConfigChanges = {
  facebookMeta?: string
  taxRateBps?: number
  paymentOptions?: PaymentOption[]
  /** When given, replaces the shop's custom domains. */
  domains?: string[]
}

/**
 * Writes the settings and, when given, replaces the domain rows, all in one transaction. A domain taken
 * meanwhile by another shop fails on shop_domains_domain_key and rolls everything back.
 */
export async function saveShopConfig(db: Db, shopId: string, changes: ShopConfigChanges): Promise<ShopConfigRecord> {
  const { domains, ...settings } = changes
  return db.transaction(async (tx) => {
    // Shops made before settings existed get their row on first save.
    await tx.insert(shopConfigs).values({ shopId }).onConflictDoNothing()
    const set: PgUpdateSetSource<typeof shopConfigs> = { ...settings, updatedAt: new Date() }
    await tx.update(shopConfigs).set(set).where(eq(shopConfigs.shopId, shopId))
    if (domains) {
      await tx.delete(shopDomains).where(eq(shopDomains.shopId, shopId))
      if (domains.length) await tx.insert(shopDomains).values(domains.map((domain) => ({ shopId, domain, verificationToken: randomToken() })))
    }
    return (await findShopConfig(tx, shopId))!
  })
}
