import type { StaffRole } from '@shop/domain'

/** One member of a shop's staff (`GET /api/shop-roles/`). */
export type ShopRole = {
  _id: string
  shop: string
  user: { _id: string; name: string; email: string }
  role: StaffRole
  status: 'active' | 'removed'
  createdAt: string
  updatedAt: string
}

/** A role invitation as the shop's staff list shows it (`GET /api/shop-role-invitations/`). */
export type Invitation = {
  _id: string
  shop: string
  email: string
  role: StaffRole
  status: 'pending' | 'accepted' | 'declined' | 'revoked'
  expiresAt: string
  createdAt: string
}

/** The answer to inviting (or re-sending): the only time the link with its secret is shown. */
export type CreatedInvitation = Invitation & {
  /** `/invitation/{id}?key={secret}`, on the shop's own host. */
  link: string
}
