/**
 * A platform on HTTPS: its sites are its own scheme's origins only, so a login code never goes to an
 * `http:` address of a shop, and its own hosts tell browsers to use HTTPS for every subdomain (HSTS with
 * includeSubDomains), while a custom domain, perhaps a merchant's apex, does not speak for its subdomains.
 */
import { describe, expect, it } from 'vitest'
import { shopDomains } from '../src/db/schema'
import { createShop, errorBody, setupApp } from './helpers'

const secure = await setupApp({ platformUrl: 'https://shops.test' })
const shop = await createShop(secure)
await secure.database.db.insert(shopDomains).values({ shopId: shop.id, domain: 'kente.example', status: 'verified', verificationToken: 'token', verifiedAt: new Date() })

const plain = await setupApp()
const plainShop = await createShop(plain)

const requestLogin = (test: typeof secure, redir: string) => test.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(redir)}` })

describe('login origins', () => {
  it('are the platform’s scheme only: an https platform refuses http sites, and an http one https sites', async () => {
    for (const redir of [`https://${shop.slug}.shops.test`, 'https://shops.test', 'https://kente.example']) {
      expect((await requestLogin(secure, redir)).statusCode, redir).toBe(200)
    }
    for (const redir of [`http://${shop.slug}.shops.test`, 'http://shops.test', 'http://kente.example']) {
      const response = await requestLogin(secure, redir)
      expect(response.statusCode, redir).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toBe('redir')
    }
    expect((await requestLogin(plain, `http://${plainShop.slug}.shops.test`)).statusCode).toBe(200)
    expect((await requestLogin(plain, `https://${plainShop.slug}.shops.test`)).statusCode).toBe(400)
    expect((await requestLogin(plain, 'https://shops.test')).statusCode).toBe(400)
  })

  it('are the only origins CORS grants', async () => {
    const preflight = (origin: string) =>
      secure.app.inject({ method: 'OPTIONS', url: '/api/user/', headers: { origin, 'access-control-request-method': 'GET' } })
    expect((await preflight(`https://${shop.slug}.shops.test`)).headers['access-control-allow-origin']).toBe(`https://${shop.slug}.shops.test`)
    expect((await preflight(`http://${shop.slug}.shops.test`)).headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('HSTS', () => {
  const hsts = async (test: typeof secure, host: string) =>
    (await test.app.inject({ url: '/api/request-login?redir=x', headers: { host } })).headers['strict-transport-security']

  it('covers every subdomain on the platform’s own hosts when it is on HTTPS', async () => {
    for (const host of ['shops.test', `${shop.slug}.shops.test`, `${shop.slug.toUpperCase()}.shops.test.`]) {
      expect(await hsts(secure, host), host).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('never covers the subdomains of a custom domain, nor of a platform on plain HTTP', async () => {
    expect(await hsts(secure, 'kente.example')).toBe('max-age=31536000')
    expect(await hsts(plain, `${plainShop.slug}.shops.test`)).toBe('max-age=31536000')
  })
})
