import type { ApiClient } from '../../lib/api'
import type { StaffRole } from '../../types/api'

/** The caller's role in a shop, null for none (`GET /api/role/?shop=`). */
export async function getRole(client: ApiClient, shop: string): Promise<StaffRole | null> {
  const { role } = await client.get<{ role: StaffRole | null }>('/api/role/', { query: { shop } })
  return role
}
