import { describe, expect, it } from 'vitest'
import { acceptedMessage, article } from './accepted-message'

describe('acceptedMessage', () => {
  it('names the role the API granted', () => {
    expect(acceptedMessage('keeper', 'keeper', 'Demo Shop')).toBe('You are now a keeper of Demo Shop.')
    expect(acceptedMessage('administrator', 'administrator', 'Demo Shop')).toBe('You are now an administrator of Demo Shop.')
  })

  it('says so when an existing higher role was kept instead of the invited one', () => {
    expect(acceptedMessage('keeper', 'manager', 'Demo Shop')).toBe('You stay a manager of Demo Shop, a higher role than keeper.')
  })

  it('names no role when it could not be read', () => {
    expect(acceptedMessage('keeper', null, 'Demo Shop')).toBe('You are now on the staff of Demo Shop.')
  })
})

describe('article', () => {
  it('picks a or an', () => {
    expect(article('owner')).toBe('an')
    expect(article('manager')).toBe('a')
  })
})
