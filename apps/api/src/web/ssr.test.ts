/**
 * The web plugin with a stand-in build (the real one is covered by the browser tests in e2e/): host
 * resolution, the load context, request and response conversion, static files and the API's own paths.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cspNonceOf, expectStrictPolicy, nonceAttributes } from '../../test/csp'
import { createShop, errorBody, setupApp } from '../../test/helpers'

// A server build with the same export as apps/web/server/index.ts: it answers with what it received.
const fakeServerBuild = `
export function createHandler(mode) {
  return async (request, context) => {
    const url = new URL(request.url)
    if (url.pathname === '/echo') {
      const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text()
      const viaApi = context.shop ? await context.api('/api/shops/' + context.shop._id) : null
      const missing = await context.api('/api/no-such-route', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      return Response.json({
        mode,
        url: request.url,
        method: request.method,
        contentType: request.headers.get('content-type'),
        body,
        shop: context.shop,
        platform: context.platform,
        nonce: context.nonce,
        viaApi: viaApi && { status: viaApi.status, body: await viaApi.json() },
        missing: { status: missing.status, body: await missing.json() },
      })
    }
    if (url.pathname === '/stream') {
      const encoder = new TextEncoder()
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('<p>first</p>'))
          controller.enqueue(encoder.encode('<p>second</p>'))
          controller.close()
        },
      })
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' })
      headers.append('set-cookie', 'a=1; Path=/')
      headers.append('set-cookie', 'b=2; Path=/')
      return new Response(body, { status: 201, headers })
    }
    if (url.pathname === '/scripts') {
      // What React Router's server rendering does with the nonce: inline scripts carry it.
      const html = '<!doctype html><title>page</title><script nonce="' + context.nonce + '">window.__ctx = 1</script>'
        + '<script type="module" nonce="' + context.nonce + '">import "/assets/app-abc123.js"</script>'
      return new Response(html, { headers: { 'content-type': 'text/html' } })
    }
    return new Response('<!doctype html><title>page</title>', { headers: { 'content-type': 'text/html' } })
  }
}
`

function writeFakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-build-'))
  fs.mkdirSync(path.join(dir, 'server'))
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}')
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), fakeServerBuild)
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'app-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

const buildDir = writeFakeBuild()
const emptyBuildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-none-'))
afterAll(() => {
  fs.rmSync(buildDir, { recursive: true, force: true })
  fs.rmSync(emptyBuildDir, { recursive: true, force: true })
})

const ctx = await setupApp({ webBuildDir: buildDir })
const shop = await createShop(ctx, {}, { title: 'Corner Shop' })
const shopHost = `${shop.slug}.shops.test`

/** What the fake web build (`fakeServerBuild`) echoes of the request and context the adapter handed it: no API route's answer. */
type Echo = {
  mode: string
  url: string
  method: string
  contentType: string | null
  body: string | null
  shop: { _id: string; title: string } | null
  platform: { name: string; url: string }
  nonce: string
  viaApi: { status: number; body: unknown } | null
  missing: { status: number; body: { name: string; code: number } }
}

describe('web pages by host', () => {
  it("renders a shop host's pages with the public shop DTO and the in-process API", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/echo?x=1', headers: { host: shopHost } })
    expect(response.statusCode).toBe(200)
    const echo = response.json<Echo>()
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })
    expect(profile.statusCode).toBe(200)
    expect(echo.shop).toEqual(profile.json())
    expect(echo.shop?.title).toBe('Corner Shop')
    expect(echo.platform).toEqual({ name: ctx.app.config.providerName, url: ctx.app.config.platformUrl })
    expect(echo.url).toBe(`http://${shopHost}/echo?x=1`)
    expect(echo.mode).toBe('test')
    expect(echo.viaApi).toEqual({ status: 200, body: profile.json() })
    expect(echo.missing.status).toBe(404)
    expect(echo.missing.body).toMatchObject({ name: 'NotFound', code: 404 })
  })

  it('gives the platform host no shop', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/echo', headers: { host: 'shops.test' } })
    expect(response.statusCode).toBe(200)
    expect(response.json<Echo>().shop).toBeNull()
  })

  it('answers an unknown host with a 404 page', async () => {
    for (const host of ['nowhere.shops.test', 'example.com', '10.0.0.1:3000']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host } })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain('Shop not found')
    }
  })

  it('takes a fully qualified host with its trailing dot as the shop it names, wherever the dot is', async () => {
    for (const host of [`${shopHost}.`, `${shopHost.toUpperCase()}.`]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/echo', headers: { host } })
      expect(response.statusCode, host).toBe(200)
      expect(response.json<Echo>().shop?.title, host).toBe('Corner Shop')
    }
    // With a port, as `npm start` serves shops (demo.localhost:3000).
    const ported = await setupApp({ webBuildDir: buildDir, rootDomain: 'shops.test:3000' })
    const corner = await createShop(ported, {}, { title: 'Corner Shop' })
    for (const host of [`${corner.slug}.shops.test:3000.`, `${corner.slug}.shops.test.:3000`]) {
      const response = await ported.app.inject({ method: 'GET', url: '/echo', headers: { host } })
      expect(response.statusCode, host).toBe(200)
      const echo = response.json<Echo>()
      expect(echo.shop?.title, host).toBe('Corner Shop')
      expect(echo.url, host).toBe(`http://${corner.slug}.shops.test:3000/echo`)
    }
  })

  it('answers a host that is no host name with the 404 page, never a 500', async () => {
    for (const host of [`${shopHost}:99999`, `${shopHost}:80:80`, 'demo..shops.test', '-demo.shops.test', 'a b', '[::1', `${'x'.repeat(64)}.shops.test`, '@', '.']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host } })
      expect(response.statusCode, host).toBe(404)
      expect(response.body, host).toContain('Shop not found')
    }
  })

  it('chooses the shop by Host alone, never by X-Forwarded-Host, even from a trusted proxy', async () => {
    const proxied = await setupApp({ webBuildDir: buildDir, trustProxy: 1 })
    const alpha = await createShop(proxied, {}, { title: 'Alpha' })
    const beta = await createShop(proxied, {}, { title: 'Beta' })
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/echo',
      headers: { host: `${alpha.slug}.shops.test`, 'x-forwarded-host': `${beta.slug}.shops.test`, 'x-forwarded-proto': 'https' },
    })
    expect(response.statusCode).toBe(200)
    const echo = response.json<Echo>()
    expect(echo.shop?.title).toBe('Alpha')
    // The scheme is the proxy's to say.
    expect(echo.url).toBe(`https://${alpha.slug}.shops.test/echo`)
  })

  it('keeps unknown API paths as the Feathers NotFound on every host, and real API routes working', async () => {
    for (const url of ['/api/no-such-thing', '/api', '/delivery/nothing', '/uploads/none.webp']) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await ctx.app.inject({ method, url, headers: { host: shopHost } })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        expect(errorBody(response).name).toBe('NotFound')
      }
    }
    const api = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.slug}`, headers: { host: shopHost } })
    expect(api.statusCode).toBe(200)
    expect(api.headers['content-type']).toMatch(/^application\/json/)
  })

  it('streams the page response with its status and headers, adding safe defaults', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/stream', headers: { host: shopHost } })
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('<p>first</p><p>second</p>')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })
})

describe('the content security policy of pages', () => {
  it('sends the strict policy with a nonce that is new for every page, and hands the page that nonce', async () => {
    const nonces = new Set<string>()
    for (const host of [shopHost, 'shops.test']) {
      for (let i = 0; i < 2; i++) {
        const response = await ctx.app.inject({ method: 'GET', url: '/echo', headers: { host } })
        expect(response.statusCode).toBe(200)
        // Every page may post the Log in form, whose server sends it on to the platform's login (decision 90).
        expectStrictPolicy(response.headers, ['http://shops.test'])
        const nonce = cspNonceOf(response.headers)
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/)
        expect(response.json<Echo>().nonce).toBe(nonce)
        nonces.add(nonce)
      }
    }
    expect(nonces.size).toBe(4)
  })

  it('allows exactly the inline scripts that carry the header\'s nonce', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { host: shopHost } })
    const nonce = cspNonceOf(response.headers)
    const inline = nonceAttributes(response.body)
    expect(inline).toHaveLength(2)
    expect(inline.every((value) => value === nonce)).toBe(true)
    expect(response.headers['x-frame-options']).toBe('DENY')
  })

  it('gives the unknown-host page the policy and its inline style the nonce', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'nowhere.shops.test' } })
    expect(response.statusCode).toBe(404)
    expectStrictPolicy(response.headers)
    expect(nonceAttributes(response.body)).toEqual([cspNonceOf(response.headers)])
    expect(response.body).toMatch(/<style nonce="[^"]+">/)
  })

  it('covers the built client files and the API too', async () => {
    for (const url of ['/assets/app-abc123.js', '/favicon.svg', `/api/shops/${shop.slug}`, '/api/no-such-thing']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { host: shopHost } })
      expectStrictPolicy(response.headers)
    }
  })

  it('answers HEAD without a body', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/', headers: { host: shopHost } })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('')
  })
})

describe('request bodies for actions', () => {
  it('passes form and JSON bodies through unparsed', async () => {
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/echo',
      headers: { host: shopHost, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=save&title=A+%26+B',
    })
    expect(form.statusCode).toBe(200)
    expect(form.json<Echo>()).toMatchObject({ method: 'POST', body: 'intent=save&title=A+%26+B' })

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/echo',
      headers: { host: shopHost, 'content-type': 'application/json' },
      payload: '{"not": "parsed by Fastify"',
    })
    expect(json.statusCode).toBe(200)
    expect(json.json<Echo>()).toMatchObject({ contentType: 'application/json', body: '{"not": "parsed by Fastify"' })
  })

  it('refuses bodies over the limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/echo',
      headers: { host: shopHost, 'content-type': 'text/plain' },
      payload: 'x'.repeat(ctx.app.config.bodyLimit + 1),
    })
    expect(response.statusCode).toBe(413)
    expect(errorBody(response)).toMatchObject({ name: 'PayloadTooLarge', message: 'Request body is too large' })
  })
})

describe('built client files', () => {
  it('serves hashed assets as immutable and other files for an hour', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { host: shopHost } })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.body).toBe('console.log(1)')

    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg', headers: { host: 'shops.test' } })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('public, max-age=3600')
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/)
  })

  it('answers a missing asset with a plain 404, not a page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/gone-999.js', headers: { host: shopHost } })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
  })
})

describe('without a web build', async () => {
  const apiOnly = await setupApp({ webBuildDir: emptyBuildDir })

  it('serves the API only', async () => {
    const page = await apiOnly.app.inject({ method: 'GET', url: '/', headers: { host: 'shops.test' } })
    expect(page.statusCode).toBe(404)
    expect(errorBody(page).name).toBe('NotFound')
    const api = await apiOnly.app.inject({ method: 'GET', url: '/api/shops/nope' })
    expect(api.statusCode).toBe(404)
  })
})
