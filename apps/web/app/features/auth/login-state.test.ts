import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startLoginState, takeLoginState } from './login-state'

/** This tab's sessionStorage, as the browser keeps it. */
class TabStorage {
  private values = new Map<string, string>()
  getItem = (key: string) => this.values.get(key) ?? null
  setItem = (key: string, value: string) => void this.values.set(key, String(value))
  removeItem = (key: string) => void this.values.delete(key)
  clear = () => this.values.clear()
}

const tab = new TabStorage()
vi.stubGlobal('window', { sessionStorage: tab })
afterAll(() => vi.unstubAllGlobals())

describe('login state', () => {
  beforeEach(() => tab.clear())

  it('accepts the state of the login this tab started, once', () => {
    const state = startLoginState()
    expect(state).toMatch(/^[0-9a-f]{64}$/)
    expect(takeLoginState(state)).toBe(true)
    expect(takeLoginState(state)).toBe(false)
  })

  it('refuses a code that comes without a state, or with another one, and forgets its own', () => {
    expect(takeLoginState(null)).toBe(false)
    const state = startLoginState()
    expect(takeLoginState('attackers-own-state-value')).toBe(false)
    expect(takeLoginState(state)).toBe(false)
  })

  it('keeps only the newest login started', () => {
    const first = startLoginState()
    const second = startLoginState()
    expect(takeLoginState(first)).toBe(false)
    startLoginState()
    expect(takeLoginState(second)).toBe(false)
  })
})
