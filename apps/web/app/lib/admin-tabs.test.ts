import { describe, expect, it } from 'vitest'
import { adminRedirect, refusedTab, tabOfPath } from './admin-tabs'

describe('tabOfPath', () => {
  it('reads the tab from an admin address', () => {
    expect(tabOfPath('/admin/orders/3f2a')).toBe('orders')
    expect(tabOfPath('/admin/discount-codes')).toBe('discount-codes')
    expect(tabOfPath('/admin')).toBeNull()
    expect(tabOfPath('/admin/')).toBeNull()
  })
})

describe('adminRedirect', () => {
  it('keeps a keeper out of discount codes, management and settings', () => {
    for (const tab of ['discount-codes', 'management', 'settings']) {
      expect(adminRedirect('keeper', `/admin/${tab}`)).toBe(`/admin/overview?refused=${tab}`)
    }
    expect(adminRedirect('keeper', '/admin/orders/abc')).toBeNull()
  })

  it('lets a manager use discount codes but not management or settings', () => {
    expect(adminRedirect('manager', '/admin/discount-codes')).toBeNull()
    expect(adminRedirect('manager', '/admin/management')).toBe('/admin/overview?refused=management')
    expect(adminRedirect('manager', '/admin/settings/x')).toBe('/admin/overview?refused=settings')
  })

  it('lets administrators and owners open every tab, and leaves unknown addresses to the not-found page', () => {
    for (const role of ['administrator', 'owner']) {
      expect(adminRedirect(role, '/admin/settings')).toBeNull()
      expect(adminRedirect(role, '/admin/management')).toBeNull()
      expect(adminRedirect(role, '/admin/nothing-here')).toBeNull()
    }
  })

  it('sends someone without a staff role to the storefront', () => {
    expect(adminRedirect('shopper', '/admin/overview')).toBe('/')
  })
})

describe('refusedTab', () => {
  it('names a known tab only', () => {
    expect(refusedTab(new URLSearchParams('refused=settings'))?.label).toBe('Settings')
    expect(refusedTab(new URLSearchParams('refused=nowhere'))).toBeNull()
    expect(refusedTab(new URLSearchParams(''))).toBeNull()
  })
})
