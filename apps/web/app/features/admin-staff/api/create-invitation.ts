import type { InvitationInput } from '@shop/domain/schemas/staff'
import { api } from '../../../lib/api'
import type { CreatedInvitation } from '../types'

/**
 * Invites an email to a role and answers its link (once: only a hash of its secret is kept). Inviting the
 * same email again while pending re-sends it with a new link, and the old one stops working.
 */
export function createInvitation(body: InvitationInput): Promise<CreatedInvitation> {
  return api.post<CreatedInvitation>('/api/shop-role-invitations/', body)
}
