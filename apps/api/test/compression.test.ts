/**
 * Compression on the wire: built assets from their precompressed copies, pages and JSON on the fly, each
 * encoded once, only for clients that ask, and images never.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createShop, setupApp } from './helpers'

const precompress = path.resolve(import.meta.dirname, '../../web/scripts/precompress.mjs')
const filler = (line: string) => Array.from({ length: 200 }, (_, i) => `${line} ${i}`).join('\n')

// A server build with the same export as apps/web/server/index.ts: a page of a few KB, in two chunks.
const fakeServerBuild = `
export function createHandler() {
  return async (request, context) => {
    const encoder = new TextEncoder()
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode('<!doctype html><title>' + context.shop.title + '</title>'))
        controller.enqueue(encoder.encode('<main>' + ${JSON.stringify(filler('<p>Kente cloth, hand woven</p>'))} + '</main>'))
        controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  }
}
`

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-build-'))
fs.mkdirSync(path.join(buildDir, 'server'))
fs.mkdirSync(path.join(buildDir, 'client', 'assets'), { recursive: true })
fs.writeFileSync(path.join(buildDir, 'package.json'), '{"type":"module"}')
fs.writeFileSync(path.join(buildDir, 'server', 'index.js'), fakeServerBuild)
const script = filler('console.log("entry")')
const styles = filler('.card { padding: 1rem }')
const photo = zlib.gzipSync(Buffer.from(filler('pixels'))) // stands for already compressed image bytes
fs.writeFileSync(path.join(buildDir, 'client', 'assets', 'entry-abc123.js'), script)
fs.writeFileSync(path.join(buildDir, 'client', 'assets', 'app-abc123.css'), styles)
fs.writeFileSync(path.join(buildDir, 'client', 'assets', 'hero-abc123.webp'), photo)
execFileSync(process.execPath, [precompress, path.join(buildDir, 'client')])
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }))

const ctx = await setupApp({ webBuildDir: buildDir })
const shop = await createShop(ctx, {}, { title: 'Corner Shop' })
const host = `${shop.slug}.shops.test`

const decode: Record<string, (data: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }

async function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { host, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } })
}

const resources = [
  { kind: 'JavaScript', url: '/assets/entry-abc123.js', type: /^application\/javascript|^text\/javascript/ },
  { kind: 'CSS', url: '/assets/app-abc123.css', type: /^text\/css/ },
  { kind: 'HTML', url: '/', type: /^text\/html/ },
  { kind: 'JSON', url: '/delivery/regions/?country=GH', type: /^application\/json/ },
]

describe('compression', () => {
  it('precompresses the text files of the build next to them, in brotli and gzip', () => {
    const assets = fs.readdirSync(path.join(buildDir, 'client', 'assets')).sort()
    expect(assets).toEqual([
      'app-abc123.css', 'app-abc123.css.br', 'app-abc123.css.gz',
      'entry-abc123.js', 'entry-abc123.js.br', 'entry-abc123.js.gz',
      'hero-abc123.webp',
    ])
  })

  for (const { kind, url, type } of resources) {
    it(`answers ${kind} plain to a client that does not ask for an encoding`, async () => {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(type)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.rawPayload.length).toBeGreaterThan(1024)
    })

    for (const encoding of ['br', 'gzip']) {
      it(`answers ${kind} in ${encoding}, encoded once, when the client takes it`, async () => {
        const plain = await get(url)
        const response = await get(url, encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate')
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toMatch(type)
        expect(response.headers['content-encoding']).toBe(encoding)
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
        expect(decode[encoding]!(response.rawPayload).toString()).toBe(plain.body)
      })
    }
  }

  it('serves the very files the build wrote', async () => {
    const response = await get('/assets/entry-abc123.js', 'br')
    expect(response.rawPayload).toEqual(fs.readFileSync(path.join(buildDir, 'client', 'assets', 'entry-abc123.js.br')))
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script)
  })

  it('never encodes images', async () => {
    const response = await get('/assets/hero-abc123.webp', 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.rawPayload).toEqual(photo)
  })

  it('leaves small answers plain', async () => {
    const response = await get(`/api/shops/${shop.id}`, 'br')
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBeLessThan(1024)
    expect(response.headers['content-encoding']).toBeUndefined()
  })
})
