/**
 * Login limits: wrong passwords are limited per (IP, address) and login calls per IP, while a flood of
 * wrong passwords for one address from many IPs only slows it down and never locks the right password
 * out. RATE_LIMITS=off lifts them.
 */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { memoryCounters } from '../src/lib/counters'
import { slowDown, slowdownMs } from '../src/lib/limits'
import { TEST_PASSWORD, createUser, errorBody, productionLimits as defaults, setupApp } from './helpers'

// Delays of a few milliseconds, so the flood below stays quick; their growth is tested on its own.
const ctx = await setupApp({ limits: { ...defaults, loginSlowdown: { ...defaults.loginSlowdown, baseDelayMs: 1, maxDelayMs: 4 } } })

const signIn = (email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, payload: { email, password } })

const signInOnPage = (email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ intent: 'signin', email, password, redir: 'http://shops.test' }).toString(),
  })

describe('wrong passwords', () => {
  it('never lock the right password out, however many come from however many addresses', async () => {
    const victim = await createUser(ctx)
    for (let i = 0; i < 40; i++) {
      const response = await signIn(victim.email, `guess-${i}`, `10.20.${i}.1`)
      expect(response.statusCode).toBe(401)
    }
    expect((await signIn(victim.email, TEST_PASSWORD, '10.20.200.1')).statusCode).toBe(201)
    expect((await signInOnPage(victim.email, TEST_PASSWORD, '10.20.201.1')).statusCode).toBe(303)
  })

  it('are limited per IP and address: that pair gets 429, the owner elsewhere still signs in', async () => {
    const target = await createUser(ctx)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await signIn(target.email, `guess-${i}`, '10.21.0.1')).statusCode)
    expect(statuses.every((status) => status === 401)).toBe(true)
    const blocked = await signIn(target.email, TEST_PASSWORD, '10.21.0.1')
    expect(blocked.statusCode).toBe(429)
    errorBody(blocked)
    const page = await signInOnPage(target.email, TEST_PASSWORD, '10.21.0.1')
    expect(page.statusCode).toBe(429)
    expect(page.body).toContain('Too many wrong passwords')
    expect((await signIn(target.email, TEST_PASSWORD, '10.21.0.2')).statusCode).toBe(201)
  })

  it('count a wrong current password when changing the email or password', async () => {
    const owner = await createUser(ctx)
    const change = (currentPassword: string) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/user/', remoteAddress: '10.22.0.1', headers: owner.headers, payload: { password: 'new-password-1', currentPassword } })
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400)
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429)
  })
})

describe('wrong passwords sent all at once', () => {
  it('are refused past the limit: each takes its place in the count before its password is checked', async () => {
    const target = await createUser(ctx)
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(target.email, `guess-${i}`, '10.25.0.1')))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
    expect((await signIn(target.email, TEST_PASSWORD, '10.25.0.1')).statusCode).toBe(429)
  })

  it('count no right password: its place is given back once it is checked', async () => {
    const target = await createUser(ctx)
    for (let i = 0; i < 12; i++) expect((await signIn(target.email, TEST_PASSWORD, '10.26.0.1')).statusCode).toBe(201)
    for (let i = 0; i < 10; i++) expect((await signIn(target.email, `guess-${i}`, '10.26.0.1')).statusCode).toBe(401)
    expect((await signIn(target.email, 'guess-10', '10.26.0.1')).statusCode).toBe(429)
  })
})

describe('login calls per IP', () => {
  it('answer 429 past the limit, whatever the call', async () => {
    const user = await createUser(ctx)
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await signIn(user.email, TEST_PASSWORD, '10.23.0.1')).statusCode)
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true)
    expect(statuses[60]).toBe(429)
    // 61 logins each hash a password (scrypt): time enough for a busy machine running other files beside it.
  }, 120_000)
})

describe('RATE_LIMITS=off', () => {
  it('lifts the login limits', async () => {
    const unlimited = await setupApp({ limits: { ...defaults, enabled: false } })
    const user = await createUser(unlimited)
    for (let i = 0; i < 12; i++) {
      const response = await unlimited.app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '10.24.0.1', payload: { email: user.email, password: 'wrong-guess' } })
      expect(response.statusCode).toBe(401)
    }
    const right = await unlimited.app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '10.24.0.1', payload: { email: user.email, password: TEST_PASSWORD } })
    expect(right.statusCode).toBe(201)
    expect(loadConfig({ RATE_LIMITS: 'off' }).limits.enabled).toBe(false)
    expect(() => loadConfig({ RATE_LIMITS: 'maybe' })).toThrow(/RATE_LIMITS/)
  })
})

describe('the slowdown for a flooded address', () => {
  const rule = { max: 5, windowMs: 900_000, baseDelayMs: 500, maxDelayMs: 8000 }

  it('waits nothing up to the limit, then doubles from the base to the cap', () => {
    expect([0, 5, 6, 7, 8, 9, 10, 11, 50, 1e6].map((failures) => slowdownMs(failures, rule))).toEqual([
      0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000,
    ])
  })

  it('makes an attempt wait by the failures counted for the address', async () => {
    const counters = memoryCounters()
    const waits: number[] = []
    const wait = async (ms: number) => void waits.push(ms)
    // Eight attempts, each failing: the seventh waits 500 ms, the eighth 1 s.
    for (let i = 0; i < 8; i++) await slowDown(counters, 'someone@example.com', rule, wait)
    expect(waits).toEqual([500, 1000])
  })

  it('delays attempts that arrive together by their place among them', async () => {
    const counters = memoryCounters()
    const waits: number[] = []
    const wait = async (ms: number) => void waits.push(ms)
    // Ten at once, none counted as failed yet: the seventh to arrive waits 500 ms, the tenth 4 s.
    await Promise.all(Array.from({ length: 10 }, () => slowDown(counters, 'flooded@example.com', rule, wait)))
    expect(waits.sort((a, b) => a - b)).toEqual([500, 1000, 2000, 4000])
  })
})

describe('limit rules from the environment', () => {
  it('reads COUNT/WINDOW and refuses anything else', () => {
    const config = loadConfig({ LIMIT_ORDERS_PER_IP: '50/1h', LOGIN_SLOWDOWN_AFTER: '3/30s' })
    expect(config.limits.ordersPerIp).toEqual({ max: 50, windowMs: 3_600_000 })
    expect(config.limits.loginSlowdown).toMatchObject({ max: 3, windowMs: 30_000 })
    for (const bad of ['10', '0/1m', '10/0m', '10/1d', 'ten/1m']) {
      expect(() => loadConfig({ LIMIT_ORDERS_PER_IP: bad })).toThrow(/LIMIT_ORDERS_PER_IP/)
    }
  })
})
