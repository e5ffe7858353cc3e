import type { ApiClient } from '../../lib/api'
import type { CreatedInvitation, InvitationInput } from '@shop/domain/schemas/staff'

/**
 * Invites an email to a role and answers its link (once: only a hash of its secret is kept). Inviting the
 * same email again while pending re-sends it with a new link, and the old one stops working
 * (`POST /api/shop-role-invitations/`).
 */
export function createInvitation(client: ApiClient, body: InvitationInput): Promise<CreatedInvitation> {
  return client.post<CreatedInvitation>('/api/shop-role-invitations/', body)
}
