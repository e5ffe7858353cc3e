/**
 * A POST without a body is one whatever content type it names: HTTP clients label empty bodies as they
 * please (axios sends `application/x-www-form-urlencoded`, a FormData with no entries is a multipart body
 * of just its closing boundary). Such a POST answers as one with no content type, and where the route takes
 * a JSON body, as one with `{}`; a route that needs fields still names them. A body that is not empty, of
 * a type the API does not read, is still refused in the error shape.
 */
import { describe, expect, it } from 'vitest'
import { createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, owner } = await createStaffedShop(ctx)

const boundary = '----formdata-empty-7a1c'
/** Empty bodies as clients send them: a content type and nothing (or only a closing boundary) after it. */
const emptyBodies: [name: string, headers: Record<string, string>, payload: string | undefined][] = [
  ['no content type and no body', {}, undefined],
  ['an empty form (axios)', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
  ['an empty form with a charset', { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, ''],
  ['empty text', { 'content-type': 'text/plain;charset=UTF-8' }, ''],
  ['empty JSON', { 'content-type': 'application/json' }, ''],
  ['a multipart body with no parts', { 'content-type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}--\r\n`],
  ['a multipart body with no parts, boundary quoted', { 'content-type': `multipart/form-data; boundary="${boundary}"` }, `--${boundary}--`],
  ['an empty body of any other type', { 'content-type': 'application/octet-stream' }, ''],
]

function post(url: string, headers: Record<string, string>, payload: string | undefined) {
  return ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) })
}

describe('a POST with an empty body', () => {
  it.each(emptyBodies)('%s: POST /api/tracking-ids answers as with JSON {}', async (_, headers, payload) => {
    const json = await post('/api/tracking-ids', { 'content-type': 'application/json' }, '{}')
    expect(json.statusCode).toBe(201)
    const response = await post('/api/tracking-ids', headers, payload)
    expect(response.statusCode, response.body).toBe(201)
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(json.json()).sort())
    expect(response.json()).toMatchObject({ trackingId: expect.any(String), maxAge: json.json().maxAge })
  })

  it.each(emptyBodies)('%s: a route without a body answers as with no content type', async (_, headers, payload) => {
    const url = `/api/shop-configs/${shop.id}/domains/shop.not-added.example/verification`
    const bare = await post(url, owner.headers, undefined)
    const response = await post(url, { ...owner.headers, ...headers }, payload)
    expect(response.statusCode, response.body).toBe(bare.statusCode)
    expect(response.json()).toEqual(bare.json())
  })

  it.each(emptyBodies)('%s: a route that needs fields still names them', async (_, headers, payload) => {
    const response = await post('/api/reviews/', { ...owner.headers, ...headers }, payload)
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors?.map((error) => error.path)).toEqual(expect.arrayContaining(['relatedOrder', 'rating']))
  })

  it('leaves uploads to the multipart reader: no parts is no file', async () => {
    const response = await post(`/api/uploads?shop=${shop.id}`, { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}--\r\n`)
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors).toContainEqual({ path: 'file', message: 'is required' })
  })
})

describe('a POST with a body the API does not read', () => {
  it.each([
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'],
    ['a multipart body with a part', { 'content-type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n`],
    ['a multipart body without a boundary', { 'content-type': 'multipart/form-data' }, '--x--'],
    ['XML', { 'content-type': 'application/xml' }, '<tracking/>'],
    ['text', { 'content-type': 'text/plain' }, '{}'],
    ['a large body of another type', { 'content-type': 'application/octet-stream' }, 'x'.repeat(100_000)],
    ['whitespace as JSON', { 'content-type': 'application/json' }, ' '],
  ])('%s is refused with a 4xx in the error shape', async (_, headers, payload) => {
    const response = await post('/api/tracking-ids', headers, payload)
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    errorBody(response)
  })
})
