import { api } from '../../../lib/api'
import type { InvitationDetail } from '../types'

/** The invitee accepts or declines (`PATCH /api/shop-role-invitations/{id}?key= {status}`), with the link's secret. */
export function answerInvitation(id: string, key: string, status: 'accepted' | 'declined'): Promise<InvitationDetail> {
  return api.patch<InvitationDetail>(`/api/shop-role-invitations/${encodeURIComponent(id)}`, { status }, { query: { key } })
}
