import { describe, expect, it } from 'vitest'
import { ApiError, type TransportInit, createApiClient, errorMessage, toQueryString } from './api'

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function recordingClient(answer: () => Promise<Response>, authorization: string | null = null) {
  const calls: { path: string; init: TransportInit }[] = []
  const client = createApiClient(
    async (path, init) => {
      calls.push({ path, init })
      return answer()
    },
    () => authorization,
  )
  return { client, calls }
}

describe('toQueryString', () => {
  it('writes Feathers bracket notation and skips absent values', () => {
    expect(toQueryString({ shop: 'a b', $limit: 20, $sort: { createdAt: -1 }, title: { $q: 'jackt' } })).toBe(
      'shop=a%20b&%24limit=20&%24sort%5BcreatedAt%5D=-1&title%5B%24q%5D=jackt',
    )
    expect(decodeURIComponent(toQueryString({ $or: [{ status: 'placed' }, { status: 'ready' }], skip: undefined }))).toBe(
      '$or[0][status]=placed&$or[1][status]=ready',
    )
    expect(toQueryString({ acked: true, none: null })).toBe('acked=true')
  })
})

describe('the API client', () => {
  it('sends JSON with the stored authorization and answers the parsed body', async () => {
    const { client, calls } = recordingClient(async () => json(201, { ok: 1 }), 'Bearer abc')
    await expect(client.post('/api/token/', { code: 'x' }, { query: { a: 1 } })).resolves.toEqual({ ok: 1 })
    expect(calls[0]!.path).toBe('/api/token/?a=1')
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.body).toBe('{"code":"x"}')
    expect(calls[0]!.init.headers).toMatchObject({ authorization: 'Bearer abc', 'content-type': 'application/json' })
  })

  it('sends no Authorization without a stored token, and answers undefined for 204', async () => {
    const { client, calls } = recordingClient(async () => new Response(null, { status: 204 }))
    await expect(client.delete('/api/token/')).resolves.toBeUndefined()
    expect(calls[0]!.init.headers.authorization).toBeUndefined()
    expect(calls[0]!.init.body).toBeUndefined()
  })

  it("rethrows failures with docs/product.md §8's generic message and the Feathers body", async () => {
    const body = { name: 'NotFound', message: 'No such shop', code: 404, className: 'not-found' }
    const { client } = recordingClient(async () => json(404, body))
    const error = await client.get('/api/shops/x').catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Request failed with status code 404')
    expect((error as ApiError).status).toBe(404)
    expect((error as ApiError).body).toEqual(body)
    expect(errorMessage(error)).toBe('No such shop')
  })

  it('names a server failure’s request in its message, for the merchant to report', () => {
    const body = { name: 'GeneralError', message: 'Something went wrong', code: 500, className: 'general-error', requestId: 'b7e1c1d2-5f0a-4c3e-9d8a-1f2e3d4c5b6a' }
    expect(errorMessage(new ApiError('Request failed with status code 500', 500, body))).toBe('Something went wrong (reference b7e1c1d2-5f0a-4c3e-9d8a-1f2e3d4c5b6a)')
  })

  it('keeps a non-Feathers error body out of ApiError.body', async () => {
    const { client } = recordingClient(async () => new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = (await client.get('/api/x').catch((failure: unknown) => failure)) as ApiError
    expect(error.message).toBe('Request failed with status code 502')
    expect(error.body).toBeNull()
    expect(errorMessage(error)).toBe('Request failed with status code 502')
  })

  it("reports 'Network Error' when nothing answers and 'Request aborted' when cancelled", async () => {
    const { client } = recordingClient(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(client.get('/api/x')).rejects.toMatchObject({ message: 'Network Error', status: null })

    const controller = new AbortController()
    controller.abort()
    const aborted = recordingClient(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError')
    })
    await expect(aborted.client.get('/api/x', { signal: controller.signal })).rejects.toMatchObject({
      message: 'Request aborted',
    })
  })
})
