/** The only SQL for stock alerts ("tell me when it's back"). Variant '' is the row of a product without variants. */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { type Variant, stockAlerts } from '../../db/schema'

export type StockAlertRow = typeof stockAlerts.$inferSelect

export type NewStockAlert = { shopId: string; productId: string; variantId: string; channel: 'email' | 'sms'; contact: string; createdAt: Date }

/** Creates the alert, or answers the one already waiting for the same variant and contact. */
export async function insertStockAlert(db: Db, values: NewStockAlert): Promise<StockAlertRow> {
  const [created] = await db
    .insert(stockAlerts)
    .values({ ...values, keyHash: null })
    .onConflictDoNothing({ target: [stockAlerts.productId, stockAlerts.variantId, stockAlerts.contact], where: sql`${stockAlerts.sentAt} is null` })
    .returning()
  if (created) return created
  const [waiting] = await db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, values.productId), eq(stockAlerts.variantId, values.variantId), eq(stockAlerts.contact, values.contact), isNull(stockAlerts.sentAt)))
    .limit(1)
  return waiting!
}

export async function findStockAlert(db: Db, id: string): Promise<StockAlertRow | null> {
  const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, id)).limit(1)
  return row ?? null
}

/** Removes the alert and every other alert of the same contact still waiting in its shop. */
export async function deleteStockAlertsOf(db: Db, alert: Pick<StockAlertRow, 'id' | 'shopId' | 'contact'>): Promise<void> {
  await db.execute(sql`
    delete from ${stockAlerts}
    where ${stockAlerts.id} = ${alert.id}::uuid
       or (${stockAlerts.shopId} = ${alert.shopId}::uuid and ${stockAlerts.contact} = ${alert.contact} and ${stockAlerts.sentAt} is null)`)
}

/** Shoppers waiting per variant of a product. */
export async function countWaiting(db: Db, shopId: string, productId: string): Promise<{ variantId: string; waiting: number }[]> {
  const rows = await db
    .select({ variantId: stockAlerts.variantId, waiting: count() })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.shopId, shopId), eq(stockAlerts.productId, productId), isNull(stockAlerts.sentAt)))
    .groupBy(stockAlerts.variantId)
    .orderBy(asc(stockAlerts.variantId))
  return rows.map((row) => ({ variantId: row.variantId, waiting: Number(row.waiting) }))
}

export type DueStockAlert = {
  id: string
  productId: string
  variantId: string
  channel: 'email' | 'sms'
  contact: string
  title: string
  variants: Variant[]
}

/**
 * Locks (in id order) the waiting alerts of `productIds` whose variant is in stock now: a tracked row above
 * 0, or a row no longer tracked. Called after the stock change, in its transaction, which already holds the
 * inventory rows' locks: a second writer waits for it, then finds these alerts sent.
 */
export async function lockDueStockAlerts(tx: Db, shopId: string, productIds: string[]): Promise<DueStockAlert[]> {
  if (productIds.length === 0) return []
  const rows = await queryRows<{ id: string; product_id: string; variant_id: string; channel: 'email' | 'sms'; contact: string; title: string; variants: Variant[] }>(
    tx,
    sql`
      select a.id, a.product_id, a.variant_id, a.channel, a.contact, p.title, p.variants
      from stock_alerts a
      join inventory i on i.shop_id = a.shop_id and i.product_id = a.product_id and i.variant_id = a.variant_id
      join products p on p.id = a.product_id
      where a.shop_id = ${shopId}::uuid and a.product_id = any(${sql.param(productIds)}::uuid[]) and a.sent_at is null
        and (not i.tracked or i.quantity > 0)
      order by a.id
      for update of a`,
  )
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    channel: row.channel,
    contact: row.contact,
    title: row.title,
    variants: typeof row.variants === 'string' ? (JSON.parse(row.variants) as Variant[]) : row.variants,
  }))
}

/** Marks alerts sent, each with the hash of the key its unsubscribe link carries. */
export async function markStockAlertsSent(tx: Db, sent: { id: string; keyHash: string }[], at: Date): Promise<void> {
  if (sent.length === 0) return
  await tx.execute(sql`
    update ${stockAlerts} as a
    set sent_at = ${at.toISOString()}::timestamptz, key_hash = r.key_hash
    from jsonb_to_recordset(${JSON.stringify(sent.map((row) => ({ id: row.id, key_hash: row.keyHash })))}::jsonb) as r(id uuid, key_hash text)
    where a.id = r.id`)
}
