/**
 * Who may call a route is said once, by its schema's `security` (published in the OpenAPI document), and the
 * API enforces exactly that: routes that need a user answer 401 to anonymous callers before they look at the
 * body; public and optional routes answer anonymous callers.
 */
import { describe, expect, it } from 'vitest'
import { requiresUser } from '../src/plugins/route-security'
import { createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, owner } = await createStaffedShop(ctx)

describe('requiresUser', () => {
  it('reads the schema the way the OpenAPI document does', () => {
    expect(requiresUser(undefined)).toBe(true)
    expect(requiresUser({})).toBe(true)
    expect(requiresUser({ security: [{ bearer: [] }] })).toBe(true)
    expect(requiresUser({ security: [] })).toBe(false)
    expect(requiresUser({ security: [{}, { bearer: [] }] })).toBe(false)
    expect(requiresUser({ hide: true })).toBe(false)
  })
})

describe('authentication before validation', () => {
  it.each([
    ['POST', '/api/products/', { title: 42 }],
    ['POST', '/api/products/', 'not json at all'],
    ['PATCH', '/api/user', { name: 42, extra: true }],
    ['POST', '/api/discount-codes/', {}],
    ['PATCH', '/api/products/not-a-uuid', { title: '' }],
    ['POST', '/api/shop-ids/', { slug: 'x' }],
  ] as const)('%s %s answers 401 to an anonymous caller, whatever the body', async (method, url, payload) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).name).toBe('NotAuthenticated')
  })

  it('still validates the body of a logged-in caller', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/reviews/', headers: owner.headers, payload: { rating: 'five' } })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toEqual(expect.arrayContaining(['relatedOrder', 'rating']))
  })
})

describe('public and optional routes', () => {
  it.each([
    `/api/products/?shop=SHOP`,
    `/api/categories/?shop=SHOP`,
    `/api/reviews/?shop=SHOP`,
    `/api/role/?shop=SHOP`,
    `/api/request-login?redir=${encodeURIComponent('http://shops.test')}`,
  ])('GET %s answers an anonymous caller', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url: url.replace('SHOP', shop.id) })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('documents them as such', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json()
    expect(doc.paths['/api/products/'].get.security).toEqual([{}, { bearer: [] }])
    expect(doc.paths['/api/products/{id}'].get.security).toEqual([{}, { bearer: [] }])
    expect(doc.paths['/api/categories/'].get.security).toEqual([])
    expect(doc.paths['/api/reviews/'].get.security).toEqual([{}, { bearer: [] }])
    expect(doc.paths['/api/role/'].get.security).toEqual([{}, { bearer: [] }])
    expect(doc.paths['/api/request-login'].get.security).toEqual([])
    // A guest reviews an order by its private key (decision 81); writing a product takes a login.
    expect(doc.paths['/api/reviews/'].post.security).toEqual([{}, { bearer: [] }])
    expect(doc.paths['/api/products/'].post.security).toBeUndefined()
    expect(doc.security).toEqual([{ bearer: [] }])
  })
})
