import { and, eq } from 'drizzle-orm'
import type { StaffRole } from '@shop/domain'
import type { Db } from '../../db/client'
import { shopRoles } from '../../db/schema'

/** The caller's active role in a shop, or null. Uses the (shop_id, user_id) unique index. */
export async function findActiveRole(db: Db, shopId: string, userId: string): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: shopRoles.role })
    .from(shopRoles)
    .where(and(eq(shopRoles.shopId, shopId), eq(shopRoles.userId, userId), eq(shopRoles.status, 'active')))
    .limit(1)
  return row?.role ?? null
}
