import { api } from '../../../lib/api'
import type { StaffRole } from '../../../types/api'

/** The user's role in a shop, or null (`GET /api/role/?shop=`). */
export async function getRole(shop: string): Promise<StaffRole | null> {
  const { role } = await api.get<{ role: StaffRole | null }>('/api/role/', { query: { shop } })
  return role
}
