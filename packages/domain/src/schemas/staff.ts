/**
 * Wire schemas of staff roles and invitations. The request bodies: the API validates with them and the
 * dashboard's forms check the same rules in the browser before sending. The answers: the API's routes
 * declare them and the web derives its types from them.
 */
import { type Static, Type } from 'typebox'
import { ShopLogo } from './shop'
import { IsoDate, Uuid } from './wire'

export const StaffRoleSchema = Type.Union([
  Type.Literal('keeper'),
  Type.Literal('manager'),
  Type.Literal('administrator'),
  Type.Literal('owner'),
])

export const shopRolePatchBody = Type.Object(
  {
    role: Type.Optional(StaffRoleSchema),
    status: Type.Optional(Type.Literal('removed')),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'either {role} or {status: "removed"}' },
)
export type ShopRolePatchInput = Static<typeof shopRolePatchBody>

export const invitationBody = Type.Object(
  { shop: Uuid, email: Type.String({ format: 'email', maxLength: 254 }), role: StaffRoleSchema },
  { additionalProperties: false },
)
export type InvitationInput = Static<typeof invitationBody>

export const invitationPatchBody = Type.Object(
  {
    status: Type.Union([Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('revoked')], {
      description: 'accepted or declined by the invited user; revoked by the shop’s staff managers',
    }),
  },
  { additionalProperties: false },
)
export type InvitationPatchInput = Static<typeof invitationPatchBody>

// ---------------------------------------------------------------- responses

/** `GET /api/role/`: the caller's role in a shop, or null. */
export const RoleResponse = Type.Object({ role: Type.Union([StaffRoleSchema, Type.Null()]) })
export type CallerRole = Static<typeof RoleResponse>

/** One member of a shop's staff. */
export const ShopRoleResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  user: Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String() }),
  role: StaffRoleSchema,
  status: Type.Union([Type.Literal('active'), Type.Literal('removed')]),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type ShopRole = Static<typeof ShopRoleResponse>

export const InvitationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('revoked'),
])
export type InvitationStatus = Static<typeof InvitationStatus>

const invitationFields = {
  _id: Type.String(),
  email: Type.String(),
  role: StaffRoleSchema,
  status: InvitationStatus,
  expiresAt: IsoDate,
  createdAt: IsoDate,
}

/** An invitation as the shop's staff list shows it. */
export const InvitationResponse = Type.Object({ ...invitationFields, shop: Type.String() })
export type Invitation = Static<typeof InvitationResponse>

/** The answer to creating (or re-sending) an invitation: the only time its link, with the secret, is shown. */
export const CreatedInvitationResponse = Type.Object({
  ...invitationFields,
  shop: Type.String(),
  link: Type.String({ description: 'The invitation page on the shop\'s host, with its secret: `/invitation/{id}?key={secret}`' }),
})
export type CreatedInvitation = Static<typeof CreatedInvitationResponse>

/** What the invitee sees: the shop by name and logo, and the role. */
export const InvitationDetailResponse = Type.Object({
  ...invitationFields,
  shop: Type.Object({
    _id: Type.String(),
    slug: Type.String(),
    title: Type.String(),
    logo: ShopLogo,
  }),
})
export type InvitationDetail = Static<typeof InvitationDetailResponse>
