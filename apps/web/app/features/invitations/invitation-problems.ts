/**
 * Plain sentences for the reasons an invitation cannot be answered (docs/architecture.md §11: it expires after 7 days,
 * works once, may be revoked, is only for the email it was sent to, and only through its latest link), from
 * what the API answers, and the secret its link carries.
 */
import type { InvitationDetail } from '@shop/domain/schemas/staff'
import { ApiError } from '../../lib/api'

export const problems = {
  expired: 'This invitation has expired. Ask the shop to invite you again.',
  used: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn by the shop.',
  notYours:
    'This invitation is not for your account, or its link was replaced by a newer one. Log in with the email address it was sent to, or ask the shop for a new link.',
  missing: 'We could not find this invitation. Check the link you were sent.',
  incomplete: 'This invitation link is incomplete. Open the whole link you were sent, or ask the shop for a new one.',
} as const

const KEY = /^[A-Za-z0-9_-]{20,100}$/

/** The secret of the invitation link (`?key=`), or null when the address has none that could be one. */
export function invitationKey(search: string): string | null {
  const key = new URLSearchParams(search).get('key')
  return key && KEY.test(key) ? key : null
}

/** Why an invitation that loaded cannot be answered by this user, or null when it can. */
export function invitationProblem(invitation: InvitationDetail, userEmail: string, now = new Date()): string | null {
  // The shop's managers may look at an invitation, but only the invited email can answer it.
  if (invitation.email.trim().toLowerCase() !== userEmail.trim().toLowerCase()) return problems.notYours
  if (invitation.status === 'revoked') return problems.revoked
  if (invitation.status !== 'pending') return problems.used
  if (Date.parse(invitation.expiresAt) <= now.getTime()) return problems.expired
  return null
}

/**
 * A failed load or answer, in words: the API's 404/403 mean "not yours" (another account, or a link that is
 * no longer the invitation's), its 409s say which rule stopped it.
 */
export function answerProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.status === 403) return problems.notYours
  if (error.status === 404) return problems.notYours
  if (error.status === 400) return problems.missing
  if (error.status === 409) {
    const message = error.body?.message ?? ''
    if (/revoked/i.test(message)) return problems.revoked
    if (/expired/i.test(message)) return problems.expired
    return problems.used
  }
  return null
}

/**
 * The origin of the invitation's shop dashboard when it is not this host, else null: the shop's own
 * subdomain of the platform, where this browser has no session yet (it goes there with a login code).
 */
export function dashboardOrigin(shop: { _id: string; slug: string }, currentShopId: string | null, platformUrl: string): string | null {
  if (shop._id === currentShopId) return null
  const platform = new URL(platformUrl)
  return `${platform.protocol}//${shop.slug}.${platform.host}`
}
