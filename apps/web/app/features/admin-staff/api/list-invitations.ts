import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { Invitation } from '../types'

/** The shop's pending, unexpired invitations, newest first (`GET /api/shop-role-invitations/?shop=&status=pending`). */
export function listInvitations(shop: string): Promise<Page<Invitation>> {
  return api.get<Page<Invitation>>('/api/shop-role-invitations/', { query: { shop, status: 'pending', $limit: 100 } })
}
