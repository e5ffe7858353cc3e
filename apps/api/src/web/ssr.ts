/**
 * Serves the web app (apps/web, React Router framework mode) from this process, after every API route:
 * the built client files, then every other page rendered on the server with the host's shop in the load
 * context and the API called in-process (docs/architecture.md §2, §3, §12).
 *
 * Encapsulated on purpose: the raw body parser below applies to these routes only.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { Shop } from '@shop/domain/schemas/shop'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import { NotFound, PayloadTooLarge } from '../lib/errors'
import { html } from '../lib/html'
import { IMMUTABLE, NO_STORE, PUBLIC_PAGE } from '../lib/http-cache'
import { isCustomDomain, requestHost, resolveHost } from '../modules/shops/shop-host'
import { profileOf } from '../modules/shops/shop.service'
import { wroteCookie, wroteLately } from '../plugins/read-after-write'
import { inProcessRequestHeaders } from '../plugins/request-id'
import { allowFormTarget, cspNonce } from '../plugins/security-headers'
import { type CachedPage, createPageCache, cutAtNonce, isPublicPage, pageCacheKey, withNonce } from './page-cache'

/** The in-process API as loaders see it; answers a Web Response like `fetch` would. */
export type InProcessApi = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>

/**
 * Mirrors `AppLoadContext` declared in apps/web/app/load-context.ts (react-router resolves only from apps/web,
 * so the type cannot be imported here): change both together.
 */
export type WebLoadContext = {
  /** The public shop DTO (`GET /api/shops/{id}`), or null on the platform's own host. */
  shop: Shop | null
  platform: { name: string; url: string }
  api: InProcessApi
  /** The content security policy nonce of this answer, for the inline scripts the page renders. */
  nonce: string
  /** This answer's log (the request's: its lines carry the request id). */
  log: PageLog
}

/** What the web app's server rendering logs through. */
export type PageLog = { error(details: { err: unknown }, message: string): void }

/** What apps/web/server/index.ts exports from build/server/index.js. */
type WebServerBuild = {
  createHandler(mode: string): (request: Request, context: WebLoadContext) => Promise<Response>
}

/** Paths the API owns on every host: never rendered as pages. */
const API_PREFIXES = ['/api', '/delivery', '/uploads']
const ASSETS_PREFIX = '/assets/'
const PAGE_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

function unknownHostPage(providerName: string, platformUrl: string, nonce: string): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shop not found | ${providerName}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c1f24;background:#f6f7f9}main{padding:2rem;text-align:center}a{color:#1f4e79}</style></head>
<body><main><h1>Shop not found</h1><p>There is no shop at this address.</p>
<p><a href="${platformUrl}">Go to ${providerName}</a></p></main></body>
</html>`.markup
}

/**
 * What a suspended shop's addresses answer (decision 98): 451, no shop content, and nothing a cache keeps
 * once the shop is restored.
 */
function suspendedShopPage(providerName: string, platformUrl: string, nonce: string): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>This shop is unavailable | ${providerName}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c1f24;background:#f6f7f9}main{padding:2rem;text-align:center;max-width:32rem}a{color:#1f4e79}</style></head>
<body><main><h1>This shop is unavailable</h1><p>${providerName} has suspended this shop. Its pages cannot be visited at the moment.</p>
<p><a href="${platformUrl}">Go to ${providerName}</a></p></main></body>
</html>`.markup
}

/**
 * The pages a suspended shop's staff still open on its platform address: the dashboard, signing in, and
 * the root data the dashboard's pages revalidate.
 */
const STAFF_PAGES = /^\/(?:admin(?:\/.*)?|session\/(?:start|handover)|_root\.data)$/

/** Counts the body as it streams and stops it past the limit (the raw parser skips Fastify's own check). */
function limitBody(source: Readable, limit: number): Readable {
  let size = 0
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      callback(size > limit ? PayloadTooLarge() : null, chunk)
    },
  })
  source.on('error', (error) => limited.destroy(error))
  return source.pipe(limited)
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, host: string, bodyLimit: number): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  // Loaders see an aborted signal when the client goes away before the response is finished.
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const declared = Number(request.headers['content-length'])
    if (declared > bodyLimit) throw PayloadTooLarge()
    const source = request.body instanceof Readable ? request.body : request.raw
    init.body = Readable.toWeb(limitBody(source, bodyLimit)) as ReadableStream<Uint8Array>
    init.duplex = 'half'
  }
  return new Request(`${request.protocol}://${host}${request.url}`, init)
}

type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>

function toWebResponse(response: InjectResponse): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item))
  }
  const body = NULL_BODY_STATUSES.has(response.statusCode) ? null : new Uint8Array(response.rawPayload)
  return new Response(body, { status: response.statusCode, headers })
}

/** A page the cache may keep: a complete 200 that sets no cookie. */
function cacheable(response: Response): boolean {
  return response.status === 200 && response.body !== null && !response.headers.has('set-cookie')
}

/**
 * The response as it streams to the client, with a copy of its body, cut at the page's `nonce`, handed to
 * `store` once it is complete (never when rendering fails midway).
 */
function storing(response: Response, nonce: string, store: (page: CachedPage) => void): Response {
  const [toClient, toCache] = response.body!.tee()
  const headers: [string, string][] = [...response.headers].filter(([name]) => name !== 'date' && name !== 'cache-control')
  new Response(toCache).arrayBuffer().then(
    (body) => store({ status: response.status, headers, parts: cutAtNonce(Buffer.from(body), nonce) }),
    () => undefined,
  )
  return new Response(toClient, { status: response.status, headers: response.headers })
}

export default async function web(app: FastifyInstance, options: { buildDir: string }) {
  const serverEntry = path.join(options.buildDir, 'server', 'index.js')
  const clientDir = path.join(options.buildDir, 'client')
  if (!fs.existsSync(serverEntry) || !fs.existsSync(clientDir)) {
    app.log.warn({ buildDir: options.buildDir }, 'web app not built (run `npm run build`): serving the API only')
    return
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as Partial<WebServerBuild>
  if (typeof build.createHandler !== 'function') {
    throw new Error(`${serverEntry} does not export createHandler: rebuild the web app`)
  }
  const handle = build.createHandler(app.config.nodeEnv)

  // Hashed build output never changes under its name; other public files (favicon…) may. The build writes
  // brotli and gzip copies of the text files (apps/web/scripts/precompress.mjs), sent to clients that take them.
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep)
      reply.header('cache-control', immutable ? IMMUTABLE : 'public, max-age=3600')
    },
  })

  // Pages take any body as a stream, for React Router actions to read (formData(), json()…).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  const platform = { name: app.config.providerName, url: app.config.platformUrl }
  const pages = createPageCache()

  function sendCached(reply: FastifyReply, page: CachedPage) {
    for (const [name, value] of page.headers) reply.header(name, value)
    return reply.status(page.status).header('cache-control', PUBLIC_PAGE).send(withNonce(page, cspNonce(reply)))
  }

  app.route({
    method: PAGE_METHODS,
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      if (isApiPath(pathname)) {
        return reply.status(404).send(NotFound(`Nothing at ${request.method} ${pathname}`).toJSON())
      }
      if (pathname.startsWith(ASSETS_PREFIX)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
      }

      // The Host header alone chooses the shop: never X-Forwarded-Host, which a client may write, so no cache
      // keyed on Host can be handed one shop's page under another's address.
      const host = requestHost(request.headers.host)
      const target = host ? await resolveHost(app, host) : ({ kind: 'unknown' } as const)
      if (!host || target.kind === 'unknown') {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(unknownHostPage(platform.name, platform.url, cspNonce(reply)))
      }

      // The Log in form starts its login on this host, which redirects it to the platform's login page; a
      // form's redirect counts for form-action, so every page allows that one more target (decision 90).
      allowFormTarget(reply, platform.url)
      const suspended = target.kind === 'shop' && target.shop.suspendedAt !== null
      if (suspended && (isCustomDomain(app, host) || !STAFF_PAGES.test(pathname))) {
        return reply
          .status(451)
          .header('cache-control', NO_STORE)
          .type('text/html; charset=utf-8')
          .send(suspendedShopPage(platform.name, platform.url, cspNonce(reply)))
      }

      // Same-origin API calls from loaders: the same routes, schemas and mappers, no network.
      const api: InProcessApi = async (apiPath, init = {}) => {
        if (!apiPath.startsWith('/') || apiPath.startsWith('//')) throw new Error(`Not an API path: ${apiPath}`)
        const response = await app.inject({
          method: (init.method ?? 'GET').toUpperCase(),
          url: apiPath,
          // A visitor who just wrote is read from the primary on the server too (plugins/read-after-write.ts).
          // Its log lines carry this page's request id.
          headers: { ...wroteCookie(request), ...init.headers, ...inProcessRequestHeaders(request.id), host },
          payload: init.body,
          remoteAddress: request.ip,
        })
        return toWebResponse(response)
      }

      // Anonymous reads of a shop's public pages come from the page cache while the shop is unchanged; a
      // visitor who just wrote gets a fresh page, which may be newer than what the cache (or a replica) holds.
      const cacheKey =
        target.kind === 'shop' &&
        request.method === 'GET' &&
        !request.headers.authorization &&
        !wroteLately(request) &&
        isPublicPage(pathname)
          ? pageCacheKey(target.shop, host, request.url)
          : null
      const cached = cacheKey ? pages.get(cacheKey) : undefined
      if (cached) {
        app.metrics.pageCacheHits.inc()
        return sendCached(reply, cached)
      }
      if (cacheKey) app.metrics.pageCacheMisses.inc()

      let shop: WebLoadContext['shop'] = null
      if (suspended) {
        shop = await profileOf({ readDb: app.db }, target.shop)
      } else if (target.kind === 'shop') {
        const response = await api(`/api/shops/${encodeURIComponent(target.shop.id)}`)
        if (!response.ok) throw new Error(`GET /api/shops/${target.shop.id} answered ${response.status}`)
        shop = (await response.json()) as Shop
      }

      // Security headers (the content security policy with this nonce) come from plugins/security-headers.
      const nonce = cspNonce(reply)
      const response = await handle(toWebRequest(request, reply, host, app.config.bodyLimit), { shop, platform, api, nonce, log: request.log })
      if (!response.headers.has('cache-control')) {
        reply.header('cache-control', isPublicPage(pathname) && response.status === 200 ? PUBLIC_PAGE : NO_STORE)
      }
      if (cacheKey && cacheable(response)) return reply.send(storing(response, nonce, (page) => pages.set(cacheKey, page)))
      return reply.send(response)
    },
  })
}
