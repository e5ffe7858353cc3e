import type { ApiClient } from '../../lib/api'
import type { Invitation } from '../../features/admin-staff/types'
import type { Page } from '../../types/api'

/** The shop's pending, unexpired invitations, newest first (`GET /api/shop-role-invitations/?shop=&status=pending`). */
export function listInvitations(client: ApiClient, shop: string): Promise<Page<Invitation>> {
  return client.get<Page<Invitation>>('/api/shop-role-invitations/', { query: { shop, status: 'pending', $limit: 100 } })
}
