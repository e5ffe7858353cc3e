import type { InvitationInput } from '@shop/domain/schemas/staff'
import { api } from '../../../lib/api'
import type { Invitation } from '../types'

/** Invites an email to a role; inviting the same email again refreshes its pending invitation. */
export function createInvitation(body: InvitationInput): Promise<Invitation> {
  return api.post<Invitation>('/api/shop-role-invitations/', body)
}
