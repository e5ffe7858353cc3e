import type { Invitation } from '@shop/domain/schemas/staff'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** The shop's pending, unexpired invitations, newest first (`GET /api/shop-role-invitations/?shop=&status=pending`). */
export function listInvitations(client: ApiClient, shop: string): Promise<Page<Invitation>> {
  return client.get<Page<Invitation>>('/api/shop-role-invitations/', { query: { shop, status: 'pending', $limit: 100 } })
}
