/** Wire schemas of roles, shop roles and invitations. */
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { invitationQuerySpec } from './invitation.repository'
import { shopRoleQuerySpec } from './shop-role.repository'

/**
 * The request bodies and the answers live in the domain package: the dashboard's forms validate with the
 * bodies too, and the web derives its types from the answers.
 */
export {
  type CallerRole,
  type CreatedInvitation as CreatedInvitationDto,
  CreatedInvitationResponse,
  type Invitation as InvitationDto,
  type InvitationDetail as InvitationDetailDto,
  InvitationDetailResponse,
  InvitationResponse,
  RoleResponse,
  type ShopRole as ShopRoleDto,
  ShopRoleResponse,
  invitationBody,
  invitationPatchBody,
  shopRolePatchBody,
} from '@shop/domain/schemas/staff'

// ---------------------------------------------------------------- the caller's role

export const roleQuery = Type.Object({ shop: Uuid }, { additionalProperties: false })

// ---------------------------------------------------------------- shop roles

export const shopRoleListQuery = feathersQuerySchema(shopRoleQuerySpec, { shop: Uuid }, { required: ['shop'] })

// ---------------------------------------------------------------- invitations

/** The secret of an invitation link: the invitee proves with it that the invitation reached them. */
export const invitationKeyQuery = Type.Object(
  { key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })) },
  { additionalProperties: false },
)

export const invitationListQuery = feathersQuerySchema(invitationQuerySpec, { shop: Uuid }, { required: ['shop'] })
