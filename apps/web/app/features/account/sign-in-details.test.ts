import { describe, expect, it } from 'vitest'
import { signInDetailsPatch } from './sign-in-details'

const current = 'ama@example.com'
const form = (fields: Partial<{ email: string; newPassword: string; currentPassword: string }>) => ({
  email: current,
  newPassword: '',
  currentPassword: '',
  ...fields,
})

describe('signInDetailsPatch', () => {
  it('sends only what changed, with the current password', () => {
    expect(signInDetailsPatch(form({ email: ' Kofi@Example.com ', currentPassword: 'old-secret' }), current)).toEqual({
      patch: { email: 'kofi@example.com', currentPassword: 'old-secret' },
    })
    expect(signInDetailsPatch(form({ newPassword: 'new-secret', currentPassword: 'old-secret' }), current)).toEqual({
      patch: { password: 'new-secret', currentPassword: 'old-secret' },
    })
  })

  it('treats the same address in another case as unchanged', () => {
    expect(signInDetailsPatch(form({ email: 'AMA@example.com', currentPassword: 'x' }), current)).toEqual({
      errors: { form: 'Change your email or enter a new password first' },
    })
  })

  it('asks for the current password and names each field’s problem', () => {
    expect(signInDetailsPatch(form({ email: 'not-an-email', newPassword: 'short' }), current)).toEqual({
      errors: {
        email: 'Enter a valid email address',
        password: 'Use at least 8 characters',
        currentPassword: 'Enter your current password to confirm it is you',
      },
    })
  })
})
