import type { StaffRole } from '@shop/domain'
import type { ImageRef } from '../../types/api'

/** What the invitee sees (`GET /api/shop-role-invitations/{id}`): the shop by name and logo, and the role. */
export type InvitationDetail = {
  _id: string
  email: string
  role: StaffRole
  status: 'pending' | 'accepted' | 'declined' | 'revoked'
  expiresAt: string
  createdAt: string
  shop: { _id: string; slug: string; title: string; logo: ImageRef | null }
}
