/**
 * The security headers of pages the API renders itself: the login page (whose forms end in a redirect to
 * the shop they log in to) and the OpenAPI browser. SSR pages are covered in src/web/ssr.test.ts and the
 * test pay page in payments-test-provider.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { cspDirectives, cspNonceOf, expectStrictPolicy, nonceAttributes } from './csp'
import { TEST_PASSWORD, createShop, createUser, setupApp } from './helpers'

const ctx = await setupApp()
const user = await createUser(ctx)
const shop = await createShop(ctx, { owner: user })
const shopOrigin = `http://${shop.slug}.shops.test`
const platform = 'http://shops.test'

const submit = (fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

describe('the login page', () => {
  it('lets its forms go to this origin and to the origin it logs in to, and its inline style carry the nonce', async () => {
    for (const redir of [shopOrigin, platform]) {
      const response = await ctx.app.inject({ url: `/login?redir=${encodeURIComponent(redir)}` })
      expect(response.statusCode).toBe(200)
      expectStrictPolicy(response.headers, redir === platform ? [platform] : [shopOrigin])
      expect(nonceAttributes(response.body)).toEqual([cspNonceOf(response.headers)])
      expect(response.body).not.toMatch(/<script/)
      expect(response.headers['x-frame-options']).toBe('DENY')
    }
  })

  it('keeps that policy when the page is shown again with a problem', async () => {
    const wrong = await submit({ intent: 'signin', email: user.email, password: 'not-the-password', redir: shopOrigin })
    expect(wrong.statusCode).toBe(401)
    expectStrictPolicy(wrong.headers, [shopOrigin])
    expect(nonceAttributes(wrong.body)).toEqual([cspNonceOf(wrong.headers)])
  })

  it('allows no other form target when the redirect target is refused', async () => {
    const response = await ctx.app.inject({ url: '/login?redir=https%3A%2F%2Fevil.example' })
    expect(response.statusCode).toBe(400)
    expectStrictPolicy(response.headers)
    expect(cspDirectives(response.headers).get('form-action')).toEqual(["'self'"])
  })

  it('redirects a successful sign-in to the origin its policy named', async () => {
    const response = await submit({ intent: 'signin', email: user.email, password: TEST_PASSWORD, redir: shopOrigin })
    expect(response.statusCode).toBe(303)
    expect(new URL(response.headers.location as string).origin).toBe(shopOrigin)
  })
})

describe('the OpenAPI browser', () => {
  it('has a policy of its own that lets Swagger UI run from this origin, never framed', async () => {
    const page = await ctx.app.inject({ url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    const directives = cspDirectives(page.headers)
    expect(directives.get('script-src')).toEqual(["'self'"])
    // Swagger UI adds <style> elements at run time.
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('connect-src')).toEqual(["'self'"])
    for (const asset of ['/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
      const response = await ctx.app.inject({ url: asset })
      expect(response.statusCode, asset).toBe(200)
      expect(cspDirectives(response.headers).get('script-src'), asset).toEqual(["'self'"])
    }
    // Everywhere else, the strict policy stays.
    expectStrictPolicy((await ctx.app.inject({ url: '/api/docs/openapi.json' })).headers)
  })
})
