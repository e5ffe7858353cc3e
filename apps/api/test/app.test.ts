import { describe, expect, it } from 'vitest'
import { errorBody, setupApp } from './helpers'

const ctx = await setupApp()

describe('app', () => {
  it('answers unknown API paths with a Feathers 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(errorBody(response)).toMatchObject({ name: 'NotFound', className: 'not-found' })
  })

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    expect(doc.statusCode).toBe(200)
    expect(doc.json()).toMatchObject({ openapi: '3.1.0' })
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
  })
})

describe('router errors', () => {
  it('answers an over-long path parameter and a bad URL encoding with a Feathers 400', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(500)}` })
    expect(long.statusCode).toBe(400)
    expect(errorBody(long).name).toBe('BadRequest')
    const encoding = await ctx.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' })
    expect(encoding.statusCode).toBe(400)
    errorBody(encoding)
  })
})
