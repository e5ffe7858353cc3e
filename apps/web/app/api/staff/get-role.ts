import type { StaffRole } from '@shop/domain'
import type { CallerRole } from '@shop/domain/schemas/staff'
import type { ApiClient } from '../../lib/api'

/** The caller's role in a shop, null for none (`GET /api/role/?shop=`). */
export async function getRole(client: ApiClient, shop: string): Promise<StaffRole | null> {
  const { role } = await client.get<CallerRole>('/api/role/', { query: { shop } })
  return role
}
