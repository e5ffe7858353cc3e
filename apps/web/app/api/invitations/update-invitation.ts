import type { InvitationDetail } from '@shop/domain/schemas/staff'
import type { ApiClient } from '../../lib/api'

/**
 * `PATCH /api/shop-role-invitations/{id} {status}`: staff take back a pending invitation (`revoked`); the
 * invitee answers it (`accepted`, `declined`) with the secret `key` of the link.
 */
export function updateInvitation(
  client: ApiClient,
  id: string,
  status: 'accepted' | 'declined' | 'revoked',
  key?: string,
): Promise<InvitationDetail> {
  return client.patch<InvitationDetail>(`/api/shop-role-invitations/${encodeURIComponent(id)}`, { status }, { query: { key } })
}
