import { describe, expect, it } from 'vitest'
import {
  adminTabs,
  can,
  canChangeRole,
  canInvite,
  isLastOwner,
  isStaffRole,
  permissions,
  refusalMessage,
  roleRank,
  rolesText,
  rolesWith,
  staffRoles,
  tabAudience,
  visibleTabs,
} from './roles'

describe('roles', () => {
  it('ranks keeper < manager < administrator < owner and anything else 0', () => {
    expect(staffRoles.map(roleRank)).toEqual([1, 2, 3, 4])
    expect(roleRank(null)).toBe(0)
    expect(roleRank('shopper')).toBe(0)
    expect(isStaffRole('owner')).toBe(true)
    expect(isStaffRole('root')).toBe(false)
  })

  it('follows the permission table', () => {
    const table = {
      'catalog.edit': [true, true, true, true],
      'orders.move': [true, true, true, true],
      'orders.enter': [true, true, true, true],
      'orders.refund': [false, true, true, true],
      'orders.discount': [false, true, true, true],
      'site.edit': [true, true, true, true],
      'discounts.manage': [false, true, true, true],
      'staff.manage': [false, false, true, true],
      'settings.manage': [false, false, true, true],
      'owner.grant': [false, false, false, true],
    } as const
    for (const [permission, expected] of Object.entries(table)) {
      expect(staffRoles.map((role) => can(role, permission as keyof typeof table))).toEqual(expected)
    }
    expect(can(null, 'dashboard.view')).toBe(false)
  })

  it('shows keepers five tabs, managers six and the rest all eight (docs/product.md §6)', () => {
    const labels = (role: string | null) => visibleTabs(role).map((tab) => tab.path)
    expect(labels('keeper')).toEqual(['overview', 'products', 'orders', 'site', 'reviews'])
    expect(labels('manager')).toEqual(['overview', 'products', 'orders', 'site', 'reviews', 'discount-codes'])
    expect(labels('administrator')).toHaveLength(8)
    expect(labels('owner')).toHaveLength(8)
    expect(labels(null)).toEqual([])
  })

  it('lets nobody grant a role above their own', () => {
    expect(canInvite('administrator', 'manager')).toBe(true)
    expect(canInvite('administrator', 'administrator')).toBe(false)
    expect(canInvite('administrator', 'owner')).toBe(false)
    expect(canInvite('owner', 'owner')).toBe(true)
    expect(canInvite('manager', 'keeper')).toBe(false)
  })

  it('lets administrators change only roles below their own, to roles below their own', () => {
    expect(canChangeRole('administrator', 'keeper', 'manager')).toBe(true)
    expect(canChangeRole('administrator', 'manager', null)).toBe(true)
    expect(canChangeRole('administrator', 'keeper', 'administrator')).toBe(false)
    expect(canChangeRole('administrator', 'administrator', null)).toBe(false)
    expect(canChangeRole('administrator', 'owner', 'keeper')).toBe(false)
    expect(canChangeRole('owner', 'administrator', null)).toBe(true)
    expect(canChangeRole('owner', 'keeper', 'owner')).toBe(true)
    expect(canChangeRole('manager', 'keeper', null)).toBe(false)
  })
})

describe('who a permission or tab is for', () => {
  it('names the roles from the table, lowest first', () => {
    expect(rolesWith('settings.manage')).toEqual(['administrator', 'owner'])
    expect(rolesWith('discounts.manage')).toEqual(['manager', 'administrator', 'owner'])
    expect(rolesText(['owner'])).toBe('owners')
    expect(rolesText(['manager', 'administrator', 'owner'])).toBe('managers, administrators and owners')
  })

  it('says which roles a refused action or a hidden tab needs', () => {
    expect(refusalMessage('settings.manage')).toBe('Only administrators and owners may change settings.')
    expect(refusalMessage('owner.grant')).toBe('Only owners may make someone owner or change an administrator.')
    expect(refusalMessage('orders.refund')).toBe('Only managers, administrators and owners may refund orders and take returns.')
    expect(refusalMessage('orders.discount')).toBe('Only managers, administrators and owners may give an order a manual discount.')
    const tab = (path: string) => adminTabs.find((known) => known.path === path)!
    expect(tabAudience(tab('settings'))).toBe('Settings is for administrators and owners.')
    expect(tabAudience(tab('management'))).toBe('Management is for administrators and owners.')
    expect(tabAudience(tab('discount-codes'))).toBe('Discount Codes is for managers, administrators and owners.')
    for (const permission of permissions) expect(refusalMessage(permission)).toMatch(/^Only [a-z, ]+ may [a-z, ]+\.$/)
  })

  it('keeps the last owner', () => {
    expect(isLastOwner('owner', 1)).toBe(true)
    expect(isLastOwner('owner', 2)).toBe(false)
    expect(isLastOwner('administrator', 1)).toBe(false)
  })
})
