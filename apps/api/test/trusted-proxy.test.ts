/**
 * TRUST_PROXY believes only the proxies it names (a hop count or their addresses): the client's address is
 * the one the nearest trusted proxy saw, so a client writing its own X-Forwarded-For cannot pick a new
 * address for every attempt. The development mailbox judges the connection itself, and is not served in
 * production unless DEV_MAILBOX says so.
 */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { TEST_PASSWORD, createUser, productionLimits as defaults, setupApp } from './helpers'

// The production limits, with the slowdown's delays cut to milliseconds so many wrong passwords stay quick.
const productionLimits = { ...defaults, loginSlowdown: { ...defaults.loginSlowdown, baseDelayMs: 1, maxDelayMs: 4 } }

describe('TRUST_PROXY', () => {
  it('takes nothing, a hop count, or proxies’ addresses and CIDRs, and never "everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24,loopback, fd00::/8' }).trustProxy).toEqual(['10.0.0.2', '10.0.1.0/24', 'loopback', 'fd00::/8'])
    for (const bad of ['true', 'yes', 'all', '11', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1', 'proxy.example.com', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError)
    }
  })
})

// HAProxy's `option forwardfor` appends the address it saw to what the client sent.
const forwarded = (forged: string, real: string) => ({ 'x-forwarded-for': `${forged}, ${real}` })

describe.each([
  { trust: '1', proxy: '10.9.0.1' },
  { trust: '10.9.0.0/24', proxy: '10.9.0.7' },
])('behind a proxy trusted as TRUST_PROXY=$trust', ({ trust, proxy }) => {
  it('counts wrong passwords against the address the proxy saw, whatever the client forges before it', async () => {
    const test = await setupApp({ trustProxy: loadConfig({ TRUST_PROXY: trust }).trustProxy, limits: productionLimits })
    const victim = await createUser(test)
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress: proxy,
        headers: forwarded(`198.51.100.${i + 1}`, '203.0.113.9'),
        payload: { email: victim.email, password: `guess-${i}` },
      })
      statuses.push(response.statusCode)
    }
    const limit = productionLimits.loginFailuresPerIpAndAddress.max
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true)
    // The owner, behind the same proxy from another address, still signs in.
    const owner = await test.app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress: proxy,
      headers: forwarded('203.0.113.9', '203.0.113.10'),
      payload: { email: victim.email, password: TEST_PASSWORD },
    })
    expect(owner.statusCode).toBe(201)
  })
})

describe('a client that is not a trusted proxy', () => {
  it('is its own address, whatever X-Forwarded-For it sends', async () => {
    const test = await setupApp({ trustProxy: loadConfig({ TRUST_PROXY: '10.9.0.0/24' }).trustProxy, limits: productionLimits })
    const victim = await createUser(test)
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { email: victim.email, password: `guess-${i}` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - productionLimits.loginFailuresPerIpAndAddress.max)
  })
})

describe('the development mailbox', () => {
  it('answers a loopback connection that nothing forwarded, and nobody a proxy forwarded', async () => {
    const test = await setupApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy })
    const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress, headers })
    expect((await mailbox('127.0.0.1')).statusCode).toBe(200)
    expect((await mailbox('::1')).statusCode).toBe(200)
    // A remote proxy passing a client that claims to be this machine.
    expect((await mailbox('10.9.0.1', forwarded('127.0.0.1', '203.0.113.9'))).statusCode).toBe(404)
    expect((await mailbox('10.9.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404)
    // A proxy on this machine: the connection is loopback, but the request is someone else's.
    expect((await mailbox('127.0.0.1', forwarded('127.0.0.1', '203.0.113.9'))).statusCode).toBe(404)
    expect((await mailbox('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404)
    expect((await mailbox('203.0.113.9')).statusCode).toBe(404)
  })

  it('is not served in production without SMTP_URL unless DEV_MAILBOX is set', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe('off')
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: '1' }).devMailbox).toBe('open')
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'local' }).devMailbox).toBe('local')
    expect(loadConfig({}).devMailbox).toBe('local')
    expect(loadConfig({ DEV_MAILBOX: '0' }).devMailbox).toBe('off')
    expect(() => loadConfig({ DEV_MAILBOX: 'maybe' })).toThrow(/DEV_MAILBOX must be 1/)

    const production = await setupApp({ devMailbox: 'off' })
    const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ name: 'NotFound' })
  })
})
