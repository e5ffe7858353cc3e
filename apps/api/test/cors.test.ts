/**
 * Cross-origin calls (docs/product.md §7: the client calls the provider's API host with credentials). The platform's
 * origin and its shops' origins may make every call the API has, PATCH and DELETE included, with the
 * headers it reads (Authorization, Content-Type, Idempotency-Key); any other origin gets no CORS grant at all.
 */
import { describe, expect, it } from 'vitest'
import { commerceFixtures } from './commerce-fixtures'
import { createStaffedShop, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, owner } = await createStaffedShop(ctx)
const product = await commerceFixtures(ctx, shop.id).addProduct()

const shopOrigin = `http://${shop.slug}.shops.test`
const platformOrigin = 'http://shops.test'
const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE']
const headers = ['authorization', 'content-type', 'idempotency-key']

function preflight(origin: string, method: string, requestHeaders = 'authorization,content-type') {
  return ctx.app.inject({
    method: 'OPTIONS',
    url: `/api/products/${product.id}`,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders },
  })
}

const listed = (value: string | number | string[] | undefined) =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)

describe('preflight from the platform and its shops', () => {
  it.each([
    ['a shop', shopOrigin],
    ['the platform', platformOrigin],
  ])('grants %s every method and header the API uses, with credentials', async (_, origin) => {
    for (const method of methods) {
      const response = await preflight(origin, method, headers.join(','))
      expect(response.statusCode, `${method}: ${response.body}`).toBe(204)
      expect(response.headers['access-control-allow-origin']).toBe(origin)
      expect(response.headers['access-control-allow-credentials']).toBe('true')
      expect(listed(response.headers['access-control-allow-methods'])).toEqual(expect.arrayContaining(methods.map((m) => m.toLowerCase())))
      expect(listed(response.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(headers))
      expect(listed(response.headers.vary)).toContain('origin')
    }
  })

  it('answers the real PATCH with the grant, and the change is made', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { ...owner.headers, origin: shopOrigin, 'content-type': 'application/json' },
      payload: { title: 'Patched across origins' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(shopOrigin)
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(response.json()).toMatchObject({ title: 'Patched across origins' })
  })
})

describe('preflight from any other origin', () => {
  it.each([
    ['an unrelated site', 'http://evil.example'],
    ['a shop host with no shop', 'http://no-such-shop.shops.test'],
    ['a look-alike of the platform', 'http://shops.test.evil.example'],
    ['not an origin at all', 'null'],
  ])('%s gets no grant', async (_, origin) => {
    for (const method of methods) {
      const response = await preflight(origin, method)
      expect(response.statusCode, method).toBeGreaterThanOrEqual(400)
      for (const header of Object.keys(response.headers)) expect(header, method).not.toMatch(/^access-control-/)
    }
  })

  it('gets no grant on a real request either', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/?shop=${shop.id}`, headers: { origin: 'http://evil.example' } })
    expect(response.statusCode).toBe(200)
    for (const header of Object.keys(response.headers)) expect(header).not.toMatch(/^access-control-/)
  })
})
