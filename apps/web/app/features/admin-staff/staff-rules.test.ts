import { describe, expect, it } from 'vitest'
import { canRemove, canRevoke, invitationLink, inviteBody, inviteChoices, roleChangeNeedsConfirm, roleChoices } from './staff-rules'

describe('roleChoices', () => {
  it('offers an owner every role for anyone else', () => {
    expect(roleChoices('owner', 'keeper', false, 2)).toEqual(['owner', 'administrator', 'manager', 'keeper'])
    expect(roleChoices('owner', 'administrator', false, 2)).toEqual(['owner', 'administrator', 'manager', 'keeper'])
  })

  it('offers an administrator only the roles below their own, for people below them', () => {
    expect(roleChoices('administrator', 'keeper', false, 2)).toEqual(['manager', 'keeper'])
    expect(roleChoices('administrator', 'manager', false, 2)).toEqual(['manager', 'keeper'])
  })

  it('leaves an administrator only the current role of an administrator or owner', () => {
    expect(roleChoices('administrator', 'administrator', false, 2)).toEqual(['administrator'])
    expect(roleChoices('administrator', 'owner', false, 2)).toEqual(['owner'])
  })

  it('lets only an owner change their own role (stepping down)', () => {
    expect(roleChoices('owner', 'owner', true, 2)).toEqual(['owner', 'administrator', 'manager', 'keeper'])
    expect(roleChoices('administrator', 'administrator', true, 2)).toEqual(['administrator'])
  })
})

describe('canRemove', () => {
  it('follows who may touch whom', () => {
    expect(canRemove('owner', 'administrator', false, 2)).toBe(true)
    expect(canRemove('owner', 'owner', false, 2)).toBe(true)
    expect(canRemove('administrator', 'manager', false, 2)).toBe(true)
    expect(canRemove('administrator', 'administrator', false, 2)).toBe(false)
    expect(canRemove('administrator', 'owner', false, 2)).toBe(false)
  })

  it('lets an owner remove themselves and nobody else', () => {
    expect(canRemove('owner', 'owner', true, 2)).toBe(true)
    expect(canRemove('administrator', 'administrator', true, 2)).toBe(false)
  })
})

describe('roleChangeNeedsConfirm', () => {
  it('asks before changing one’s own role or making someone owner', () => {
    expect(roleChangeNeedsConfirm(true, 'administrator')).toBe(true)
    expect(roleChangeNeedsConfirm(true, 'owner')).toBe(true)
    expect(roleChangeNeedsConfirm(false, 'owner')).toBe(true)
    expect(roleChangeNeedsConfirm(false, 'administrator')).toBe(false)
    expect(roleChangeNeedsConfirm(false, 'keeper')).toBe(false)
  })
})

describe('canRevoke', () => {
  it('lets an administrator revoke only invitations to roles below their own', () => {
    expect(canRevoke('administrator', 'keeper')).toBe(true)
    expect(canRevoke('administrator', 'manager')).toBe(true)
    expect(canRevoke('administrator', 'administrator')).toBe(false)
    expect(canRevoke('administrator', 'owner')).toBe(false)
  })

  it('lets an owner revoke any invitation', () => {
    expect(canRevoke('owner', 'owner')).toBe(true)
    expect(canRevoke('owner', 'administrator')).toBe(true)
  })
})

describe('inviteChoices', () => {
  it('offers roles below the caller, and everything to an owner', () => {
    expect(inviteChoices('owner')).toEqual(['owner', 'administrator', 'manager', 'keeper'])
    expect(inviteChoices('administrator')).toEqual(['manager', 'keeper'])
    expect(inviteChoices('manager')).toEqual([])
  })
})

describe('invitationLink', () => {
  it('puts the API\'s link, with its key, on the origin', () => {
    expect(invitationLink('http://demo.localhost:3000', '/invitation/abc?key=s3cret')).toBe('http://demo.localhost:3000/invitation/abc?key=s3cret')
    expect(invitationLink('https://shop.example.com/', '/invitation/abc?key=s3cret')).toBe('https://shop.example.com/invitation/abc?key=s3cret')
  })
})

describe('inviteBody', () => {
  it('trims the email', () => {
    expect(inviteBody('s1', { email: ' new@example.com ', role: 'keeper' })).toEqual({ shop: 's1', email: 'new@example.com', role: 'keeper' })
  })
})

describe('the last owner', () => {
  it('is offered neither Remove nor a role change, by anyone, themselves included', () => {
    expect(canRemove('owner', 'owner', true, 1)).toBe(false)
    expect(roleChoices('owner', 'owner', true, 1)).toEqual(['owner'])
    expect(canRemove('administrator', 'owner', false, 1)).toBe(false)
    expect(roleChoices('administrator', 'owner', false, 1)).toEqual(['owner'])
    // With a second owner, either may step down or be removed by the other.
    expect(canRemove('owner', 'owner', true, 2)).toBe(true)
    expect(canRemove('owner', 'owner', false, 2)).toBe(true)
  })
})
