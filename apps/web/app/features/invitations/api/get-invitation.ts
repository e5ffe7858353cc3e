import { api } from '../../../lib/api'
import type { InvitationDetail } from '../types'

/** An invitation, for the invited user (or the shop's staff managers). */
export function getInvitation(id: string): Promise<InvitationDetail> {
  return api.get<InvitationDetail>(`/api/shop-role-invitations/${encodeURIComponent(id)}`)
}
