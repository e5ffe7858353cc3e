/**
 * Monitoring of the real server process on 127.0.0.1: a scrape of `/metrics` answers for every worker of
 * the machine (the primary sums them), request ids reach the log, and on SIGTERM `/readyz` answers 503 for
 * DRAIN_SECONDS while requests are still served, before the server closes. Several workers need
 * PostgreSQL (TEST_DATABASE_URL); PGlite runs one.
 */
import http from 'node:http'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { setupApp } from './helpers'
import { metricValue, parseMetrics } from './prometheus-text'
import { freePort, startServer, stopServer } from './server-process'

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-monitoring-test-'))
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

/** A GET on a connection of its own (so the workers take turns), with its answer. */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }))
    })
    request.on('error', reject)
  })
}

async function until(check: () => boolean | Promise<boolean>, what: string, output: () => string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}:\n${output()}`)
}

describe('the server process', () => {
  it('serves /metrics to this machine, logs request ids, and is not ready (503) while it drains', async () => {
    const port = await freePort()
    const server = await startServer({ PORT: String(port), DATA_DIR: dataDir, DRAIN_SECONDS: '3', LOG_LEVEL: 'info' })
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve))
    try {
      const read = await get(port, '/api/shops/?domain=nowhere.example')
      expect(read.status).toBe(200)
      const requestId = read.headers['x-request-id'] as string
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
      await until(() => server.output().includes(`"reqId":"${requestId}"`), 'the request’s log line', server.output)

      const scrape = await get(port, '/metrics')
      expect(scrape.status).toBe(200)
      const metrics = parseMetrics(scrape.body)
      expect(metricValue(metrics, 'http_request_duration_seconds_count', { route: '/api/shops/', method: 'GET', status: '200' })).toBe(1)
      expect(metricValue(metrics, 'shoplet_db_pool_size', {})).toBe(1)
      // A proxy on this machine passing someone else's request on.
      expect((await get(port, '/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404)

      expect((await get(port, '/readyz')).status).toBe(200)
      const signalled = Date.now()
      server.child.kill('SIGTERM')
      await until(async () => (await get(port, '/readyz')).status === 503, '/readyz to say 503', server.output)
      const draining = await get(port, '/readyz')
      expect(JSON.parse(draining.body)).toMatchObject({ code: 503, message: 'The server is shutting down', requestId: draining.headers['x-request-id'] })
      // Still serving while the load balancer takes it out.
      expect((await get(port, '/healthz')).status).toBe(200)
      expect((await get(port, '/api/shops/?domain=nowhere.example')).status).toBe(200)
      expect(await exited).toBe(0)
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000)
    } finally {
      await stopServer(server)
    }
  }, 180_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server of several workers (PostgreSQL)', () => {
  it('answers one scrape, on any worker, with the sum of every worker', async () => {
    const { databaseUrl } = await setupApp()
    const port = await freePort()
    const server = await startServer({ PORT: String(port), DATABASE_URL: databaseUrl!, WEB_CONCURRENCY: '2', DATA_DIR: dataDir })
    try {
      await until(() => [...server.output().matchAll(/worker \d+ \(pid \d+\) is serving/g)].length >= 2, 'two workers', server.output)
      // Each on a new connection: the primary hands connections to the workers in turn.
      for (let i = 0; i < 20; i++) expect((await get(port, '/api/shops/?domain=nowhere.example')).status).toBe(200)

      for (let i = 0; i < 4; i++) {
        const scrape = await get(port, '/metrics')
        expect(scrape.status).toBe(200)
        const metrics = parseMetrics(scrape.body)
        expect(metricValue(metrics, 'http_request_duration_seconds_count', { route: '/api/shops/', method: 'GET', status: '200' })).toBe(20)
        // Two pools of 20 connections: both workers answered.
        expect(metricValue(metrics, 'shoplet_db_pool_size', {})).toBe(40)
        // A database-wide figure is the database's, not twice it.
        expect(metricValue(metrics, 'shoplet_outbox_messages_due', {})).toBe(0)
        expect(metrics.samples.filter((sample) => sample.name === 'process_cpu_user_seconds_total')).toHaveLength(1)
      }
    } finally {
      await stopServer(server)
    }
  }, 180_000)
})
