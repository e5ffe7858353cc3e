import type { InvitationDetail } from '@shop/domain/schemas/staff'
import type { ApiClient } from '../../lib/api'

/** An invitation, for the invited user with the secret of its link (or the shop's staff managers) (`GET /api/shop-role-invitations/{id}?key=`). */
export function getInvitation(client: ApiClient, id: string, key: string): Promise<InvitationDetail> {
  return client.get<InvitationDetail>(`/api/shop-role-invitations/${encodeURIComponent(id)}`, { query: { key } })
}
