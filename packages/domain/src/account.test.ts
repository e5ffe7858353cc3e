import { describe, expect, it } from 'vitest'
import { accountRules, loginProblems } from './account'

describe('loginProblems', () => {
  it('asks for both fields, by name', () => {
    expect(loginProblems('signin', { email: '', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    })
    expect(loginProblems('signup', { email: '', password: '' }).password).toBe('Choose a password.')
  })

  it('checks the address and the password length', () => {
    expect(loginProblems('signin', { email: 'ama@', password: 'x' })).toEqual({ email: 'Enter a valid email address, like name@example.com.' })
    expect(loginProblems('signup', { email: 'ama@example.com', password: 'short' })).toEqual({
      password: `Choose a password of at least ${accountRules.passwordMinLength} characters.`,
    })
    // Signing in does not judge an old password's length, only an absurd one.
    expect(loginProblems('signin', { email: 'ama@example.com', password: 'short' })).toEqual({})
    expect(loginProblems('signin', { email: 'ama@example.com', password: 'x'.repeat(201) })).toEqual({ password: 'That password is too long.' })
  })

  it('finds nothing wrong with a good form', () => {
    expect(loginProblems('signup', { email: 'ama@example.com', password: 'long enough' })).toEqual({})
  })
})
