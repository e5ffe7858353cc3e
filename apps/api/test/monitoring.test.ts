/**
 * Monitoring through the app: `/metrics` (Prometheus text, requests counted by route pattern, served to
 * this machine or a METRICS_TOKEN bearer only), `/healthz` and `/readyz`, and request ids (kept from a
 * trusted proxy, made otherwise, in every answer, its log lines and a 5xx's body). The real server
 * process, its drain and its workers' one scrape are in monitoring-server.test.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { createShop, setupApp } from './helpers'
import type { OpenApiDocument } from './openapi-client'
import { metricValue, parseMetrics } from './prometheus-text'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TOKEN = 'metrics-token-0123456789abcdef'

describe('/metrics', () => {
  it('answers Prometheus text that counts requests by route pattern, method and status', async () => {
    const test = await setupApp()
    const shop = await createShop(test)
    for (const id of [shop.id, shop.id, '00000000-0000-4000-8000-000000000000']) {
      await test.app.inject({ method: 'GET', url: `/api/shops/${id}` })
    }
    const response = await test.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(response.headers['cache-control']).toBe('no-store')
    const metrics = parseMetrics(response.body)

    // The pattern, never the raw address: one series per route whatever ids are asked for.
    const route = { route: '/api/shops/:id', method: 'GET' }
    expect(metricValue(metrics, 'http_request_duration_seconds_count', { ...route, status: '200' })).toBe(2)
    expect(metricValue(metrics, 'http_request_duration_seconds_count', { ...route, status: '404' })).toBe(1)
    expect(metrics.samples.some((sample) => sample.labels.route?.includes(shop.id))).toBe(false)
    expect(metrics.types.get('http_request_duration_seconds')).toBe('histogram')
    // Buckets are cumulative and end with +Inf, which is the count.
    const buckets = metrics.samples.filter((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === route.route && s.labels.status === '200')
    expect(buckets.map((s) => s.value)).toEqual([...buckets.map((s) => s.value)].sort((a, b) => a - b))
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: 2 })
    expect(metricValue(metrics, 'http_request_duration_seconds_sum', { ...route, status: '200' })).toBeGreaterThan(0)

    // A request no route takes is one series too.
    await test.app.inject({ method: 'GET', url: '/nothing/here/at/all' })
    const again = parseMetrics((await test.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).body)
    expect(metricValue(again, 'http_request_duration_seconds_count', { route: '(unmatched)', method: 'GET', status: '404' })).toBe(1)
    // The first scrape counts too, once it has answered.
    expect(metricValue(again, 'http_request_duration_seconds_count', { route: '/metrics', method: 'GET', status: '200' })).toBe(1)

    // The process's own metrics, the database pool (PGlite: one connection) and the outbox.
    expect(metricValue(metrics, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0)
    expect(metricValue(metrics, 'shoplet_db_pool_size', {})).toBe(test.database.kind === 'pglite' ? 1 : 20)
    expect(metricValue(metrics, 'shoplet_outbox_messages_due', {})).toBe(0)
    expect(metricValue(metrics, 'shoplet_outbox_messages_failed', {})).toBe(0)
    if (test.database.kind === 'postgres') {
      // The scrape's own outbox query may be taking or opening a connection meanwhile: only their presence is sure.
      expect(metricValue(metrics, 'shoplet_db_pool_in_use', {})).toBeGreaterThanOrEqual(0)
      expect(metricValue(metrics, 'shoplet_db_pool_waiting', {})).toBeGreaterThanOrEqual(0)
    } else {
      expect(metrics.types.has('shoplet_db_pool_in_use')).toBe(false)
    }
  })

  it('counts the outbox messages that are due and those that failed for good', async () => {
    const test = await setupApp()
    const row = (event: string, status: string, due: string) =>
      sql`insert into outbox_messages (event, recipient, kind, channel, status, next_attempt_at)
          values (${event}, 'someone@example.com', 'test', 'email', ${status}, now() + ${due}::interval)`
    await test.database.db.execute(row('due-1', 'pending', '-1 minute'))
    await test.database.db.execute(row('due-2', 'pending', '-1 second'))
    await test.database.db.execute(row('later', 'pending', '1 hour'))
    await test.database.db.execute(row('failed', 'failed', '0'))
    await test.database.db.execute(row('sent', 'sent', '0'))
    const metrics = parseMetrics((await test.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body)
    expect(metricValue(metrics, 'shoplet_outbox_messages_due', {})).toBe(2)
    expect(metricValue(metrics, 'shoplet_outbox_messages_failed', {})).toBe(1)
  })

  it('is nothing (404) to a caller that is not this machine, unless it brings METRICS_TOKEN', async () => {
    const open = await setupApp()
    const withToken = await setupApp({ metricsToken: TOKEN, trustProxy: 1 })
    const scrape = (test: typeof open, remoteAddress: string, headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers })

    for (const test of [open, withToken]) {
      const outside = await scrape(test, '203.0.113.9')
      expect(outside.statusCode).toBe(404)
      expect(outside.json()).toMatchObject({ name: 'NotFound', code: 404 })
      expect(outside.body).not.toContain('http_request')
      // A proxy on this machine forwards someone else's request: the connection is loopback, the caller is not.
      expect((await scrape(test, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404)
      expect((await scrape(test, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404)
      // Claiming to be this machine through a header changes nothing.
      expect((await scrape(test, '10.9.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404)
      expect((await scrape(test, '203.0.113.9', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(404)
      expect((await scrape(test, '203.0.113.9', { authorization: `Basic ${TOKEN}` })).statusCode).toBe(404)
      // On a shop's host too: never a page, never kept by a cache.
      expect((await test.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { host: 'demo.shops.test' } })).statusCode).toBe(404)
    }
    // No token configured: no bearer opens it.
    expect((await scrape(open, '203.0.113.9', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404)

    const remote = await scrape(withToken, '203.0.113.9', { authorization: `Bearer ${TOKEN}` })
    expect(remote.statusCode).toBe(200)
    expect(remote.headers['cache-control']).toBe('no-store')
    expect(remote.body).toContain('# TYPE http_request_duration_seconds histogram')
    const proxied = await scrape(withToken, '10.9.0.1', { 'x-forwarded-for': '203.0.113.9', authorization: `bearer ${TOKEN}` })
    expect(proxied.statusCode).toBe(200)
  }, 120_000) // two apps, each on a database of its own

  it('takes METRICS_TOKEN only long and plain, and never echoes it', () => {
    expect(loadConfig({}).metricsToken).toBeNull()
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN)
    for (const bad of ['short', 'has spaces in the middle of it', `${'x'.repeat(20)}"`]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/^METRICS_TOKEN must be 16 to 200/)
      expect(() => loadConfig({ METRICS_TOKEN: bad })).not.toThrow(bad)
    }
  })

  it('is not in the OpenAPI document, like the other routes that are not the API', async () => {
    const test = await setupApp()
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<OpenApiDocument>()
    expect(Object.keys(document.paths).length).toBeGreaterThan(10)
    for (const route of ['/metrics', '/healthz', '/readyz']) expect(document.paths[route]).toBeUndefined()
  })
})

describe('/healthz and /readyz', () => {
  it('say the process answers, and whether it is ready: database, migrations, not draining', async () => {
    const test = await setupApp()
    const get = (url: string) => test.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9', headers: { host: 'any.example' } })
    const health = await get('/healthz')
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }])
    expect(health.headers['cache-control']).toMatch(/no-store/)
    const ready = await get('/readyz')
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }])
    expect(ready.headers['cache-control']).toMatch(/no-store/)
    expect((await test.app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200)

    test.app.readiness.drain()
    const draining = await get('/readyz')
    expect(draining.statusCode).toBe(503)
    expect(draining.json()).toEqual({
      name: 'Unavailable',
      code: 503,
      className: 'unavailable',
      message: 'The server is shutting down',
      requestId: draining.headers['x-request-id'],
    })
    // Still alive, and still serving while it drains.
    expect((await get('/healthz')).statusCode).toBe(200)
    expect((await get('/api/shops/?domain=nowhere.example')).statusCode).toBe(200)
  })

  it('is not ready on a database that misses a migration this build carries', async () => {
    const test = await setupApp()
    await test.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`)
    const response = await test.app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ code: 503, message: 'The database is missing migrations: it has not been migrated to this version' })
  })

  it('is not ready when the database does not answer', async () => {
    const test = await setupApp()
    // Its connection (PGlite) or its pool (PostgreSQL) closed under the app; the teardown has nothing left to close.
    await test.database.close()
    test.database.close = async () => {}
    const response = await test.app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ code: 503, message: 'The database does not answer' })
  })
})

/** Log lines (pino JSON) the app writes while a test runs. */
function logLines() {
  const lines: Record<string, unknown>[] = []
  return { lines, logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } }
}

describe('request ids', () => {
  it('makes a new id for every request, and keeps a trusted proxy’s own when it is a short plain token', async () => {
    const direct = await setupApp()
    const proxied = await setupApp({ trustProxy: loadConfig({ TRUST_PROXY: '10.9.0.0/24' }).trustProxy })
    const idOf = async (test: typeof direct, remoteAddress: string, given?: string) =>
      (await test.app.inject({ method: 'GET', url: '/healthz', remoteAddress, headers: given === undefined ? {} : { 'x-request-id': given } })).headers['x-request-id']

    const [first, second] = [await idOf(direct, '203.0.113.9'), await idOf(direct, '203.0.113.9')]
    expect(first).toMatch(UUID)
    expect(second).toMatch(UUID)
    expect(first).not.toBe(second)
    // A client's own id is not believed: it could make its requests look like anyone's.
    expect(await idOf(direct, '203.0.113.9', 'chosen-by-client')).toMatch(UUID)
    expect(await idOf(proxied, '203.0.113.9', 'chosen-by-client')).toMatch(UUID)
    // The trusted proxy's is, when it is sane.
    expect(await idOf(proxied, '10.9.0.7', 'haproxy-7F000001:C3D2_0A09')).toBe('haproxy-7F000001:C3D2_0A09')
    for (const insane of ['x'.repeat(129), 'two words', 'line\u00a0break', '<script>', '']) {
      expect(await idOf(proxied, '10.9.0.7', insane), insane).toMatch(UUID)
    }
    // On every answer: errors and requests no route takes too.
    const notFound = await proxied.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '10.9.0.7', headers: { 'x-request-id': 'lb-42' } })
    expect([notFound.statusCode, notFound.headers['x-request-id']]).toEqual([404, 'lb-42'])
    const refused = await proxied.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'no' } })
    expect(refused.statusCode).toBe(400)
    expect(refused.headers['x-request-id']).toMatch(UUID)
    expect(refused.json()).not.toHaveProperty('requestId')
  })

  it('is on every log line of its request, and a failure’s (5xx) body names it', async () => {
    const { lines, logStream } = logLines()
    const test = await setupApp({}, { logStream })
    const shop = await createShop(test)
    // A table gone from under the app: a real failure of a real route.
    await test.database.db.execute(sql`alter table shops rename to shops_gone`)
    const response = await test.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, remoteAddress: '203.0.113.9' })
    expect(response.statusCode).toBe(500)
    const requestId = response.headers['x-request-id'] as string
    expect(requestId).toMatch(UUID)
    expect(response.json()).toEqual({ name: 'GeneralError', code: 500, className: 'general-error', message: 'Something went wrong', requestId })
    expect(response.body).not.toMatch(/shops_gone|relation/)

    const ofRequest = lines.filter((line) => line.reqId === requestId)
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request failed', 'request completed'])
    expect(ofRequest[1]).toMatchObject({ level: 50, err: { message: expect.stringContaining('shops') } })
    expect(lines.filter((line) => line.msg === 'request failed').every((line) => line.reqId === requestId)).toBe(true)
  })
})

describe('web pages', () => {
  // A server build like apps/web/server/index.ts whose page reads the API and logs through its context.
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-build-'))
  fs.mkdirSync(path.join(buildDir, 'server'))
  fs.mkdirSync(path.join(buildDir, 'client'))
  fs.writeFileSync(path.join(buildDir, 'package.json'), '{"type":"module"}')
  fs.writeFileSync(
    path.join(buildDir, 'server', 'index.js'),
    `export function createHandler() {
      return async (request, context) => {
        const inner = await context.api('/api/shops/' + context.shop._id)
        if (new URL(request.url).pathname === '/about') context.log.error({ err: new Error('the about page broke') }, 'rendering a page failed')
        return new Response('<!doctype html><p>' + inner.headers.get('x-request-id') + '</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } })
      }
    }`,
  )
  afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }))

  it('log their server rendering, and their calls to the API, under the page’s request id', async () => {
    const { lines, logStream } = logLines()
    const test = await setupApp({ webBuildDir: buildDir }, { logStream })
    const shop = await createShop(test)
    const page = await test.app.inject({ method: 'GET', url: '/about', headers: { host: `${shop.slug}.shops.test` } })
    expect(page.statusCode).toBe(200)
    const requestId = page.headers['x-request-id'] as string
    // The in-process API call answered under the page's id.
    expect(page.body).toContain(`<p>${requestId}</p>`)
    expect(lines.find((line) => line.msg === 'rendering a page failed')).toMatchObject({ reqId: requestId, err: { message: 'the about page broke' } })
    // The page, the shop it reads for every page, and its own call.
    expect(lines.filter((line) => line.msg === 'incoming request' && line.reqId === requestId).map((line) => (line.req as { url: string }).url)).toEqual([
      '/about',
      `/api/shops/${shop.id}`,
      `/api/shops/${shop.id}`,
    ])
    // Outside this process, the header that marks such a call gives nothing.
    const forged = await test.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'forged', 'x-in-process-call': 'guess' },
      remoteAddress: '203.0.113.9',
    })
    expect(forged.headers['x-request-id']).toMatch(UUID)
  })

  it('count the page cache’s hits and misses', async () => {
    const test = await setupApp({ webBuildDir: buildDir })
    const shop = await createShop(test)
    const load = (url: string) => test.app.inject({ method: 'GET', url, headers: { host: `${shop.slug}.shops.test` } })
    for (const url of ['/products', '/products', '/products', '/account']) expect((await load(url)).statusCode).toBe(200)
    const metrics = parseMetrics((await test.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body)
    expect(metricValue(metrics, 'shoplet_page_cache_misses_total', {})).toBe(1)
    expect(metricValue(metrics, 'shoplet_page_cache_hits_total', {})).toBe(2)
    // Pages are one route: their addresses are not labels.
    expect(metricValue(metrics, 'http_request_duration_seconds_count', { route: '/*', method: 'GET', status: '200' })).toBe(4)
  })
})
