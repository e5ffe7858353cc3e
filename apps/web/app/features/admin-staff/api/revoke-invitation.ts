import { api } from '../../../lib/api'

/** Takes back a pending invitation (`PATCH /api/shop-role-invitations/{id} {status: 'revoked'}`). */
export async function revokeInvitation(id: string): Promise<void> {
  await api.patch(`/api/shop-role-invitations/${encodeURIComponent(id)}`, { status: 'revoked' })
}
