import type { ApiClient } from '../../lib/api'
import type { InvitationDetail } from '../../features/invitations/types'

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
