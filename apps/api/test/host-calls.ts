/** Calls to the app as a browser on one host makes them: the Host header set, a user's token when given. */
import { expect } from 'vitest'
import type { TestContext, TestUser } from './helpers'

export type Method = 'GET' | 'POST' | 'PATCH'
export type CallOptions = { user?: TestUser; headers?: Record<string, string>; payload?: object }

export function hostCalls(ctx: TestContext, host: string) {
  const call = (method: Method, url: string, options: CallOptions = {}) =>
    ctx.app.inject({ method, url, headers: { host, ...options.user?.headers, ...options.headers }, payload: options.payload })

  /** A write that must succeed: its answer's `_id`. */
  async function write(method: Method, url: string, user: TestUser, payload: object) {
    const response = await call(method, url, { user, payload })
    expect(response.statusCode, response.body).toBeLessThan(300)
    // Whatever record the write answers (a product, a category, a shop), only its `_id` is read, which each has.
    // eslint-disable-next-line no-restricted-syntax
    return response.json<{ _id: string }>()
  }

  return { call, write }
}
