/**
 * What the Management tab offers each caller, from the domain's role rules (docs/architecture.md §6), so the dashboard
 * shows exactly the choices the API accepts. The API still decides; these only hide what it would refuse.
 */
import { type StaffRole, canChangeRole, canInvite, isLastOwner, staffRoles } from '@shop/domain'

/** Highest first: the order a person reads a role list in. */
const byRankDescending = [...staffRoles].reverse()

/**
 * The roles a staff member's select offers, their current role included. Someone may not change their own
 * role, except an owner stepping down while another owner stays; the last owner's role is never offered
 * for change (`owners`: how many active owners the shop has).
 */
export function roleChoices(actor: StaffRole, target: StaffRole, isSelf: boolean, owners: number): StaffRole[] {
  if (isLastOwner(target, owners)) return [target]
  if (isSelf) return actor === 'owner' ? byRankDescending : [target]
  return byRankDescending.filter((role) => role === target || canChangeRole(actor, target, role))
}

/** Whether the caller may remove this member: never the last owner; an owner may remove themselves otherwise. */
export function canRemove(actor: StaffRole, target: StaffRole, isSelf: boolean, owners: number): boolean {
  if (isLastOwner(target, owners)) return false
  return isSelf ? actor === 'owner' : canChangeRole(actor, target, null)
}

/**
 * Whether saving a role change asks first: a change of one's own role may take away this very tab, and a
 * new owner can change or remove everyone, the caller included.
 */
export function roleChangeNeedsConfirm(isSelf: boolean, next: StaffRole): boolean {
  return isSelf || next === 'owner'
}

/** Whether the caller may revoke a pending invitation: only someone who could have sent it (as the API rules). */
export function canRevoke(actor: StaffRole, invitedRole: StaffRole): boolean {
  return canInvite(actor, invitedRole)
}

/** The roles the caller may invite someone as, highest first. */
export function inviteChoices(actor: StaffRole): StaffRole[] {
  return byRankDescending.filter((role) => canInvite(actor, role))
}

/** `keeper` → `Keeper`. */
export function roleLabel(role: StaffRole): string {
  return role.charAt(0).toUpperCase() + role.slice(1)
}

/**
 * The address the invitee opens (docs/architecture.md §11): the API's `link` (`/invitation/{id}?key={secret}`) on the
 * shop's own origin.
 */
export function invitationLink(origin: string, link: string): string {
  return `${origin.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`
}

export type InviteForm = { email: string; role: StaffRole }

/** The form as `POST /api/shop-role-invitations/` takes it. */
export function inviteBody(shop: string, form: InviteForm) {
  return { shop, email: form.email.trim(), role: form.role }
}
