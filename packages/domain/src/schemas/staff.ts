/**
 * Request bodies of staff roles and invitations: the API validates with them and the dashboard's forms
 * check the same rules in the browser before sending.
 */
import { type Static, Type } from 'typebox'
import { Uuid } from './wire'

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
