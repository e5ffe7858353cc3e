import { api } from '../../../lib/api'
import type { InvitationDetail } from '../types'

/** The invitee accepts or declines (`PATCH /api/shop-role-invitations/{id} {status}`). */
export function answerInvitation(id: string, status: 'accepted' | 'declined'): Promise<InvitationDetail> {
  return api.patch<InvitationDetail>(`/api/shop-role-invitations/${encodeURIComponent(id)}`, { status })
}
