import { api } from '../../../lib/api'
import type { StaffRole } from '../../../types/api'

/** The caller's role in the shop, null for none (`GET /api/role/?shop=`). */
export async function getRole(shop: string): Promise<StaffRole | null> {
  const { role } = await api.get<{ role: StaffRole | null }>('/api/role/', { query: { shop } })
  return role
}
