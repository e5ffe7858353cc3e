/** Row → response mappers for shop roles and invitations. */
import { toLogo } from '../../lib/logo'
import type { InvitationRow, InvitationWithShop } from './invitation.repository'
import type { ShopRoleWithUser } from './shop-role.repository'
import type { CreatedInvitationDto, InvitationDetailDto, InvitationDto, ShopRoleDto } from './staff.schemas'

export function toShopRole(row: ShopRoleWithUser): ShopRoleDto {
  return {
    _id: row.id,
    shop: row.shopId,
    user: { _id: row.user.id, name: row.user.name, email: row.user.email },
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function invitationFields(row: InvitationRow) {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

export function toInvitation(row: InvitationRow): InvitationDto {
  return { ...invitationFields(row), shop: row.shopId }
}

/** Once, to the staff member who created or re-sent it: the link that carries the secret. */
export function toCreatedInvitation(row: InvitationRow, secret: string): CreatedInvitationDto {
  return { ...toInvitation(row), link: `/invitation/${row.id}?key=${encodeURIComponent(secret)}` }
}

/** What the invitee's screen shows: the shop by name and logo as well as the role. */
export function toInvitationDetail(row: InvitationWithShop): InvitationDetailDto {
  return {
    ...invitationFields(row),
    shop: { _id: row.shop.id, slug: row.shop.slug, title: row.shop.title, logo: toLogo(row.shop.logo) },
  }
}
