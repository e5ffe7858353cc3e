/** SQL for a shop's settings row (shop_configs) and its custom domains (shop_domains). */
import { and, asc, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { randomToken } from '../../lib/crypto'
import { type PaymentOption, financialAccounts, shopConfigs, shopDomains } from '../../db/schema'

export type ShopConfigRow = typeof shopConfigs.$inferSelect
export type ShopDomainRow = typeof shopDomains.$inferSelect
export type ShopConfigRecord = ShopConfigRow & { domains: ShopDomainRow[] }

/** Every custom domain of a shop, pending or verified, by name. */
export async function findShopDomainRows(db: Db, shopId: string): Promise<ShopDomainRow[]> {
  return db.select().from(shopDomains).where(eq(shopDomains.shopId, shopId)).orderBy(asc(shopDomains.domain))
}

export async function findShopDomainRow(db: Db, shopId: string, domain: string): Promise<ShopDomainRow | null> {
  const [row] = await db
    .select()
    .from(shopDomains)
    .where(and(eq(shopDomains.shopId, shopId), eq(shopDomains.domain, domain)))
    .limit(1)
  return row ?? null
}

export async function findShopConfig(db: Db, shopId: string): Promise<ShopConfigRecord | null> {
  const [row] = await db.select().from(shopConfigs).where(eq(shopConfigs.shopId, shopId)).limit(1)
  if (!row) return null
  return { ...row, domains: await findShopDomainRows(db, shopId) }
}

/**
 * Whether the shop has a payout account Paystack verified (decision 58): online payments may be turned on
 * only then. Read here, not through payments, which depends on shops.
 */
export async function hasVerifiedPayoutAccount(db: Db, shopId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: financialAccounts.id })
    .from(financialAccounts)
    .where(and(eq(financialAccounts.shopId, shopId), eq(financialAccounts.payout, true), isNotNull(financialAccounts.subaccountCode), isNotNull(financialAccounts.verifiedAt)))
    .limit(1)
  return !!row
}

/** Which of `domains` a shop other than `shopId` has verified (pending claims elsewhere do not count). */
export async function findDomainsVerifiedByOtherShops(db: Db, shopId: string, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return []
  const rows = await db
    .select({ domain: shopDomains.domain })
    .from(shopDomains)
    .where(and(inArray(shopDomains.domain, domains), ne(shopDomains.shopId, shopId), eq(shopDomains.status, 'verified')))
  return rows.map((row) => row.domain)
}

export type ShopConfigChanges = {
  facebookMeta?: string
  taxRateBps?: number
  unpaidOrderTimeoutMinutes?: number
  shopperLineMax?: number
  unconfirmedOrdersPerBuyer?: number
  unconfirmedOrderHours?: number
  paymentOptions?: PaymentOption[]
  offersPickup?: boolean
  offersDelivery?: boolean
  pickupAddress?: string
  pickupDirections?: string
  pickupHours?: string
  /**
   * When given, the shop's custom domains become this list: domains that stay keep their verification
   * state, new ones start pending with a fresh token, the others are removed.
   */
  domains?: string[]
}

/** Writes the settings and, when given, the domain list, all in one transaction. */
export async function saveShopConfig(db: Db, shopId: string, changes: ShopConfigChanges): Promise<ShopConfigRecord> {
  const { domains, ...settings } = changes
  return db.transaction(async (tx) => {
    // Shops made before settings existed get their row on first save.
    await tx.insert(shopConfigs).values({ shopId }).onConflictDoNothing()
    const set: PgUpdateSetSource<typeof shopConfigs> = { ...settings, updatedAt: new Date() }
    await tx.update(shopConfigs).set(set).where(eq(shopConfigs.shopId, shopId))
    if (domains) {
      const dropped = domains.length ? and(eq(shopDomains.shopId, shopId), notInArray(shopDomains.domain, domains)) : eq(shopDomains.shopId, shopId)
      await tx.delete(shopDomains).where(dropped)
      if (domains.length) {
        await tx
          .insert(shopDomains)
          .values(domains.map((domain) => ({ shopId, domain, status: 'pending' as const, verificationToken: randomToken() })))
          .onConflictDoNothing({ target: [shopDomains.shopId, shopDomains.domain] })
      }
    }
    return (await findShopConfig(tx, shopId))!
  })
}

/**
 * Records a check of a pending domain: when it proved control, the domain becomes verified (a domain that
 * another shop verified meanwhile fails on shop_domains_verified_domain_key). Answers the row as stored.
 */
export async function recordDomainCheck(
  db: Db,
  id: string,
  result: { verified: true } | { verified: false; error: string },
): Promise<ShopDomainRow | null> {
  const now = new Date()
  const set: PgUpdateSetSource<typeof shopDomains> = result.verified
    ? { status: 'verified', verifiedAt: now, checkedAt: now, checkError: null }
    : { checkedAt: now, checkError: result.error }
  const [row] = await db
    .update(shopDomains)
    .set(set)
    .where(and(eq(shopDomains.id, id), eq(shopDomains.status, 'pending')))
    .returning()
  if (row) return row
  // Verified (or removed) by a concurrent request: answer what is stored now.
  const [current] = await db.select().from(shopDomains).where(eq(shopDomains.id, id)).limit(1)
  return current ?? null
}
