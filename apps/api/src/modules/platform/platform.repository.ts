/**
 * The only SQL of the platform console (decision 99): the page of shops an operator looks at, with each
 * shop's figures read for that page alone, suspending and restoring, and the audit log. Every figure is
 * one index range scan per shop on an index that starts with shop_id.
 */
import type { PlatformShopSort } from '@shop/domain/schemas/platform'
import { type SQL, and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { orders, platformAuditEvents, products, reviews, shopDomains, shopRoles, shops, transactions, uploads, users } from '../../db/schema'
import { escapeLike } from '../../lib/feathers-query'

export type ShopFilter = { q?: string; status?: 'active' | 'suspended' }

/** Orders of the last 30 days that count as sales: those not canceled (orders_shop_created_idx). */
function recentOrders(since: Date) {
  return sql`${orders.shopId} = ${shops.id} and ${orders.createdAt} >= ${since.toISOString()}::timestamptz and ${orders.status} <> 'canceled'`
}

function whereOf(filter: ShopFilter): SQL | undefined {
  const parts: SQL[] = []
  if (filter.status === 'suspended') parts.push(isNotNull(shops.suspendedAt))
  if (filter.status === 'active') parts.push(isNull(shops.suspendedAt))
  const q = filter.q?.trim().toLowerCase()
  if (q) {
    const pattern = `%${escapeLike(q)}%`
    // Each side has its own trigram index: shops_search_trgm_idx, users_email_trgm_idx, shop_domains_domain_trgm_idx.
    parts.push(sql`(
      lower(${shops.title} || ' ' || ${shops.slug}) like ${pattern}
      or ${shops.id} in (select ${shopRoles.shopId} from ${shopRoles} join ${users} on ${users.id} = ${shopRoles.userId}
        where ${shopRoles.role} = 'owner' and ${shopRoles.status} = 'active' and lower(${users.email}) like ${pattern})
      or ${shops.id} in (select ${shopDomains.shopId} from ${shopDomains} where ${shopDomains.domain} like ${pattern}))`)
  }
  return parts.length ? and(...parts) : undefined
}

function orderOf(sort: PlatformShopSort, since: Date): SQL {
  switch (sort) {
    case 'oldest':
      return sql`${shops.createdAt} asc, ${shops.id} asc`
    case 'name':
      return sql`lower(${shops.title}) asc, ${shops.id} asc`
    case 'sales':
      return sql`(select coalesce(sum(${orders.totalMinor}), 0) from ${orders} where ${recentOrders(since)}) desc, ${shops.createdAt} desc, ${shops.id} desc`
    case 'orders':
      return sql`(select count(*) from ${orders} where ${recentOrders(since)}) desc, ${shops.createdAt} desc, ${shops.id} desc`
    case 'storage':
      return sql`(select coalesce(sum(${uploads.size}), 0) from ${uploads} where ${uploads.shopId} = ${shops.id}) desc, ${shops.createdAt} desc, ${shops.id} desc`
    default:
      return sql`${shops.createdAt} desc, ${shops.id} desc`
  }
}

/** The ids of one page of shops, in order, and how many match. */
export async function findShopPage(
  db: Db,
  filter: ShopFilter,
  sort: PlatformShopSort,
  page: { limit: number; skip: number; since: Date },
): Promise<{ ids: string[]; total: number }> {
  const where = whereOf(filter)
  const [rows, [count]] = await Promise.all([
    db.select({ id: shops.id }).from(shops).where(where).orderBy(orderOf(sort, page.since)).limit(page.limit).offset(page.skip),
    db.select({ total: sql<number>`count(*)::int` }).from(shops).where(where),
  ])
  return { ids: rows.map((row) => row.id), total: Number(count?.total ?? 0) }
}

export type ShopSummaryRow = {
  id: string
  slug: string
  title: string
  currency: string
  created_at: Date | string
  suspended_at: Date | string | null
  suspension_reason: string | null
  owner_id: string | null
  owner_email: string | null
  owner_name: string | null
  products: number
  orders: number
  sales_minor: number
  storage_bytes: number
  domains: { domain: string; status: 'pending' | 'verified' }[] | string
}

/** The console's figures for the given shops (one page of them). */
export async function findShopSummaries(db: Db, ids: string[], since: Date): Promise<ShopSummaryRow[]> {
  if (ids.length === 0) return []
  return queryRows<ShopSummaryRow>(
    db,
    sql`
      select ${shops.id} as id, ${shops.slug} as slug, ${shops.title} as title, ${shops.currency} as currency,
        ${shops.createdAt} as created_at, ${shops.suspendedAt} as suspended_at, ${shops.suspensionReason} as suspension_reason,
        owner.id as owner_id, owner.email as owner_email, owner.name as owner_name,
        (select count(*)::int from ${products} where ${products.shopId} = ${shops.id}) as products,
        recent.orders, recent.sales_minor,
        (select coalesce(sum(${uploads.size}), 0)::float8 from ${uploads} where ${uploads.shopId} = ${shops.id}) as storage_bytes,
        (select coalesce(jsonb_agg(jsonb_build_object('domain', ${shopDomains.domain}, 'status', ${shopDomains.status}) order by ${shopDomains.domain}), '[]'::jsonb)
          from ${shopDomains} where ${shopDomains.shopId} = ${shops.id}) as domains
      from ${shops}
      left join lateral (
        select ${users.id} as id, ${users.email} as email, ${users.name} as name from ${shopRoles}
        join ${users} on ${users.id} = ${shopRoles.userId}
        where ${shopRoles.shopId} = ${shops.id} and ${shopRoles.role} = 'owner' and ${shopRoles.status} = 'active'
        order by ${shopRoles.createdAt} asc limit 1
      ) owner on true
      cross join lateral (
        select count(*)::int as orders, coalesce(sum(${orders.totalMinor}), 0)::float8 as sales_minor
        from ${orders} where ${recentOrders(since)}
      ) recent
      where ${shops.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  )
}

export type SuspendableShop = { id: string; slug: string; suspendedAt: Date | null }

/** The shop, locked for the change (suspend and restore of one shop run one after the other). */
export async function lockShop(db: Db, id: string): Promise<SuspendableShop | null> {
  const [row] = await db
    .select({ id: shops.id, slug: shops.slug, suspendedAt: shops.suspendedAt })
    .from(shops)
    .where(eq(shops.id, id))
    .for('update')
  return row ?? null
}

export async function setSuspension(db: Db, id: string, suspension: { at: Date; reason: string } | null): Promise<void> {
  await db
    .update(shops)
    .set({ suspendedAt: suspension?.at ?? null, suspensionReason: suspension?.reason ?? null })
    .where(eq(shops.id, id))
}

/** The ids of every suspended shop (shops_suspended_idx): each process keeps this list (decision 98). */
/** Every suspended shop with its slug and verified domains (shops_suspended_idx, the partial index of the few suspended shops). */
export async function findSuspendedShops(db: Db): Promise<{ id: string; slug: string; domains: string[] }[]> {
  const rows = await db
    .select({ id: shops.id, slug: shops.slug, domain: shopDomains.domain })
    .from(shops)
    .leftJoin(shopDomains, and(eq(shopDomains.shopId, shops.id), eq(shopDomains.status, 'verified')))
    .where(isNotNull(shops.suspendedAt))
  const byId = new Map<string, { id: string; slug: string; domains: string[] }>()
  for (const row of rows) {
    const shop = byId.get(row.id) ?? { id: row.id, slug: row.slug, domains: [] }
    if (row.domain) shop.domains.push(row.domain)
    byId.set(row.id, shop)
  }
  return [...byId.values()]
}

/** What a call can name instead of its shop: an order (by id or as a review's order), a review, a payment. */
export type ShopRecord = 'order' | 'review' | 'transaction'

/** The shop of an order, a review or a payment, by primary key; null when there is none. */
export async function findShopOfRecord(db: Db, kind: ShopRecord, id: string): Promise<string | null> {
  const table = { order: orders, review: reviews, transaction: transactions }[kind]
  const [row] = await db.select({ shopId: table.shopId }).from(table).where(eq(table.id, id)).limit(1)
  return row?.shopId ?? null
}

export type AuditRow = typeof platformAuditEvents.$inferSelect

export async function insertAuditEvent(db: Db, event: typeof platformAuditEvents.$inferInsert): Promise<AuditRow> {
  const [row] = await db.insert(platformAuditEvents).values(event).returning()
  return row!
}

/** Newest first, for one shop (platform_audit_events_shop_idx) or all (platform_audit_events_created_idx). */
export async function findAuditEvents(
  db: Db,
  shopId: string | undefined,
  page: { limit: number; skip: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = shopId ? eq(platformAuditEvents.shopId, shopId) : undefined
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(platformAuditEvents)
      .where(where)
      .orderBy(desc(platformAuditEvents.createdAt), desc(platformAuditEvents.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ total: sql<number>`count(*)::int` }).from(platformAuditEvents).where(where),
  ])
  return { rows, total: Number(count?.total ?? 0) }
}
