/**
 * Staff roles and what each may do (docs/architecture.md §6). The API enforces this table and the dashboard reads it
 * to decide which tabs to show, so the two can never disagree.
 */
export const staffRoles = ['keeper', 'manager', 'administrator', 'owner'] as const
export type StaffRole = (typeof staffRoles)[number]

export const permissions = [
  'dashboard.view',
  'catalog.edit',
  'orders.move',
  'orders.enter',
  'orders.refund',
  'orders.discount',
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
  'orders.enter': 'keeper',
  'orders.refund': 'manager',
  'orders.discount': 'manager',
  'reviews.moderate': 'keeper',
  'site.edit': 'keeper',
  'discounts.manage': 'manager',
  'staff.manage': 'administrator',
  'settings.manage': 'administrator',
  'owner.grant': 'owner',
}

/** What each permission lets someone do, as the end of "Only … may …". */
const permissionActions: Record<Permission, string> = {
  'dashboard.view': 'open the dashboard',
  'catalog.edit': 'edit products, categories and stock',
  'orders.move': 'move orders',
  'orders.enter': 'enter orders for buyers',
  'orders.refund': 'refund orders and take returns',
  'orders.discount': 'give an order a manual discount',
  'reviews.moderate': 'moderate reviews',
  'site.edit': 'edit the site',
  'discounts.manage': 'manage discount codes',
  'staff.manage': 'manage staff',
  'settings.manage': 'change settings',
  'owner.grant': 'make someone owner or change an administrator',
}

const rolePlurals: Record<StaffRole, string> = {
  keeper: 'keepers',
  manager: 'managers',
  administrator: 'administrators',
  owner: 'owners',
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

/** The roles that have `permission`, lowest first. */
export function rolesWith(permission: Permission): StaffRole[] {
  return staffRoles.filter((role) => can(role, permission))
}

/** ['manager', 'administrator', 'owner'] → 'managers, administrators and owners'. */
export function rolesText(roles: readonly StaffRole[]): string {
  const names = roles.map((role) => rolePlurals[role])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'nobody')
}

/** Why a role is refused, from the table above: "Only administrators and owners may change settings." */
export function refusalMessage(permission: Permission): string {
  return `Only ${rolesText(rolesWith(permission))} may ${permissionActions[permission]}.`
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

/**
 * The last owner stays (docs/architecture.md §6): while a shop has only one owner, nobody may remove them or change
 * their role, themselves included.
 */
export function isLastOwner(role: StaffRole, activeOwners: number): boolean {
  return role === 'owner' && activeOwners <= 1
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

/** The admin tabs a role sees (docs/product.md §6): keeper five, manager six, administrator and owner all eight. */
export function visibleTabs(role: string | null | undefined): AdminTab[] {
  return adminTabs.filter((tab) => can(role, tab.permission))
}

/** Which roles a tab is for, from the table above: "Settings is for administrators and owners." */
export function tabAudience(tab: AdminTab): string {
  return `${tab.label} is for ${rolesText(rolesWith(tab.permission))}.`
}
