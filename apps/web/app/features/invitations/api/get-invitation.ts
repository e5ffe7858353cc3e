import { api } from '../../../lib/api'
import type { InvitationDetail } from '../types'

/** An invitation, for the invited user with the secret of its link (or the shop's staff managers). */
export function getInvitation(id: string, key: string): Promise<InvitationDetail> {
  return api.get<InvitationDetail>(`/api/shop-role-invitations/${encodeURIComponent(id)}`, { query: { key } })
}
