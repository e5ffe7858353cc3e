import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startLoginState, takeLoginState } from './login-state'
import { decodeLoginStart, encodeLoginStart, loginStartCookie } from './login-start'

/** This tab's sessionStorage, as the browser keeps it. */
class TabStorage {
  private values = new Map<string, string>()
  getItem = (key: string) => this.values.get(key) ?? null
  setItem = (key: string, value: string) => void this.values.set(key, String(value))
  removeItem = (key: string) => void this.values.delete(key)
  clear = () => this.values.clear()
}

/** The page's `document.cookie`: reads every cookie, a write sets or (Max-Age=0) removes one. */
class CookieJar {
  values = new Map<string, string>()
  get cookie() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  set cookie(line: string) {
    const [pair] = line.split(';')
    const at = pair!.indexOf('=')
    const name = pair!.slice(0, at)
    if (/Max-Age=0(;|$)/.test(line)) this.values.delete(name)
    else this.values.set(name, pair!.slice(at + 1))
  }
}

const tab = new TabStorage()
const jar = new CookieJar()
vi.stubGlobal('window', { sessionStorage: tab, location: { protocol: 'http:' } })
vi.stubGlobal('document', jar)
afterAll(() => vi.unstubAllGlobals())

describe('login state', () => {
  beforeEach(() => {
    tab.clear()
    jar.values.clear()
  })

  it('accepts the state of the login this tab started, once', () => {
    const state = startLoginState()
    expect(state).toMatch(/^[0-9a-f]{64}$/)
    expect(takeLoginState(state)).toEqual({ returnTo: null })
    expect(takeLoginState(state)).toBeNull()
  })

  it('refuses a code that comes without a state, or with another one, and forgets its own', () => {
    expect(takeLoginState(null)).toBeNull()
    const state = startLoginState()
    expect(takeLoginState('attackers-own-state-value')).toBeNull()
    expect(takeLoginState(state)).toBeNull()
  })

  it('keeps only the newest login started', () => {
    const first = startLoginState()
    const second = startLoginState()
    expect(takeLoginState(first)).toBeNull()
    startLoginState()
    expect(takeLoginState(second)).toBeNull()
  })

  it('accepts, once, the state of a login the server started for a Log in link pressed before the scripts ran', () => {
    const state = 'a'.repeat(64)
    jar.cookie = loginStartCookie({ state, returnTo: '/products/?q=tea' }, false)
    expect(takeLoginState(state)).toEqual({ returnTo: '/products/?q=tea' })
    expect(jar.values.has('loginStart')).toBe(false)
    expect(takeLoginState(state)).toBeNull()
  })

  it('refuses a code with another state than the server-started one, and forgets that login', () => {
    jar.cookie = loginStartCookie({ state: 'b'.repeat(64), returnTo: '/' }, false)
    expect(takeLoginState('attackers-own-state-value')).toBeNull()
    expect(jar.values.has('loginStart')).toBe(false)
    expect(takeLoginState('b'.repeat(64))).toBeNull()
  })
})

describe('the cookie of a server-started login', () => {
  it('keeps the state and a same-site return path, and reads anything else as no login', () => {
    const state = 'c'.repeat(32)
    expect(decodeLoginStart(encodeLoginStart({ state, returnTo: '/checkout?x=1&y=ü#top' }))).toEqual({ state, returnTo: '/checkout?x=1&y=ü#top' })
    for (const value of [null, '', 'short./', `${state}`, `${state}.${encodeURIComponent('https://elsewhere.example/')}`, `${state}.${encodeURIComponent('//elsewhere.example')}`, `${state}.%E0%A4%A`, `bad state!${'x'.repeat(20)}./`]) {
      expect(decodeLoginStart(value), String(value)).toBeNull()
    }
    expect(loginStartCookie({ state, returnTo: '/' }, true)).toBe(`loginStart=${state}.%2F; Max-Age=3600; Path=/; SameSite=Lax; Secure`)
    expect(loginStartCookie(null, false)).toBe('loginStart=; Max-Age=0; Path=/; SameSite=Lax')
  })
})
