/** Wire schemas of roles, shop roles and invitations. */
import { StaffRoleSchema as staffRole } from '@shop/domain/schemas/staff'
import { IsoDate, Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { invitationQuerySpec } from './invitation.repository'
import { shopRoleQuerySpec } from './shop-role.repository'

/** The request bodies live in the domain package, where the dashboard's forms validate with them too. */
export { invitationBody, invitationPatchBody, shopRolePatchBody } from '@shop/domain/schemas/staff'

// ---------------------------------------------------------------- the caller's role

export const roleQuery = Type.Object({ shop: Uuid }, { additionalProperties: false })
export const roleSchema = Type.Object({ role: Type.Union([staffRole, Type.Null()]) })

// ---------------------------------------------------------------- shop roles

export const shopRoleSchema = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  user: Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String() }),
  role: staffRole,
  status: Type.Union([Type.Literal('active'), Type.Literal('removed')]),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})

export const shopRoleListQuery = feathersQuerySchema(shopRoleQuerySpec, { shop: Uuid }, { required: ['shop'] })

// ---------------------------------------------------------------- invitations

const invitationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('revoked'),
])

const invitationFields = {
  _id: Type.String(),
  email: Type.String(),
  role: staffRole,
  status: invitationStatus,
  expiresAt: IsoDate,
  createdAt: IsoDate,
}

export const invitationSchema = Type.Object({ ...invitationFields, shop: Type.String() })

/** The answer to creating (or re-sending) an invitation: the only time its link, with the secret, is shown. */
export const createdInvitationSchema = Type.Object({
  ...invitationFields,
  shop: Type.String(),
  link: Type.String({ description: 'The invitation page on the shop\'s host, with its secret: `/invitation/{id}?key={secret}`' }),
})

/** The secret of an invitation link: the invitee proves with it that the invitation reached them. */
export const invitationKeyQuery = Type.Object(
  { key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })) },
  { additionalProperties: false },
)

export const invitationDetailSchema = Type.Object({
  ...invitationFields,
  shop: Type.Object({
    _id: Type.String(),
    slug: Type.String(),
    title: Type.String(),
    logo: Type.Union([Type.Object({ url: Type.String(), thumbnail: Type.String() }), Type.Null()]),
  }),
})

export const invitationListQuery = feathersQuerySchema(invitationQuerySpec, { shop: Uuid }, { required: ['shop'] })
