/**
 * Staff roles and what each may do (DESIGN §6). The API enforces this table and the dashboard reads it
 * to decide which tabs to show, so the two can never disagree.
 */
export const staffRoles = ['keeper', 'manager', 'administrator', 'owner'] as const
export type StaffRole = (typeof staffRoles)[number]

export const permissions = [
  'dashboard.view',
  'catalog.edit',
  'orders.move',
  'reviews.moderate',
  'site.edit',
  'discounts.manage',
  'staff.manage',
  'settings.manage',
  'owner.grant',
] as const
export type Permission = (typeof permissions)[number]

const minimumRole: Record<Permission, StaffRole> = {
  'dashboard.view': 'keeper',
  'catalog.edit': 'keeper',
  'orders.move': 'keeper',
  'reviews.moderate': 'keeper',
  'site.edit': 'keeper',
  'discounts.manage': 'manager',
  'staff.manage': 'administrator',
  'settings.manage': 'administrator',
  'owner.grant': 'owner',
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (staffRoles as readonly string[]).includes(value)
}

/** Rank of a role: keeper 1 … owner 4; anything else 0. */
export function roleRank(role: string | null | undefined): number {
  return isStaffRole(role) ? staffRoles.indexOf(role) + 1 : 0
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  return roleRank(role) >= roleRank(minimumRole[permission])
}

/**
 * Whether `actor` may give `target` the role `next` (or remove them when `next` is null).
 * Nobody grants a role above their own; only an owner makes owners or touches administrators and owners;
 * an administrator manages roles below their own.
 */
export function canChangeRole(actor: StaffRole, target: StaffRole, next: StaffRole | null): boolean {
  if (!can(actor, 'staff.manage')) return false
  if (actor === 'owner') return true
  if (roleRank(target) >= roleRank(actor)) return false
  return next === null || roleRank(next) < roleRank(actor)
}

/** Whether `actor` may invite someone as `role`. */
export function canInvite(actor: StaffRole, role: StaffRole): boolean {
  if (!can(actor, 'staff.manage')) return false
  return actor === 'owner' || roleRank(role) < roleRank(actor)
}

export const adminTabs = [
  { path: 'overview', label: 'Overview', permission: 'dashboard.view' },
  { path: 'products', label: 'Products', permission: 'dashboard.view' },
  { path: 'orders', label: 'Orders', permission: 'dashboard.view' },
  { path: 'site', label: 'Site', permission: 'dashboard.view' },
  { path: 'reviews', label: 'Reviews', permission: 'dashboard.view' },
  { path: 'discount-codes', label: 'Discount Codes', permission: 'discounts.manage' },
  { path: 'management', label: 'Management', permission: 'staff.manage' },
  { path: 'settings', label: 'Settings', permission: 'settings.manage' },
] as const satisfies readonly { path: string; label: string; permission: Permission }[]

export type AdminTab = (typeof adminTabs)[number]

/** The admin tabs a role sees (SPEC §6): keeper five, manager six, administrator and owner all eight. */
export function visibleTabs(role: string | null | undefined): AdminTab[] {
  return adminTabs.filter((tab) => can(role, tab.permission))
}
